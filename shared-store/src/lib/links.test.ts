import { COURSE_ID_PARAM, courseByIdPath, linkTarget, storefrontPath } from './links';

const WORDPRESS = 'https://www.example-academy.test';

describe('linkTarget: links to the WordPress site become storefront routes', () => {
  it.each([
    [
      'https://www.example-academy.test/courses/plab-1-online-course/',
      '/courses/plab-1-online-course',
    ],
    ['https://www.example-academy.test/courses/', '/courses'],
    ['https://www.example-academy.test/events/msra-weekend/', '/events/msra-weekend'],
    ['https://www.example-academy.test/blog/', '/blogs'],
    ['https://www.example-academy.test/blog/plab-tips/', '/blogs/plab-tips'],
    ['https://www.example-academy.test/ukmla/content-map/', '/ukmla/content-map'],
    ['https://www.example-academy.test/', '/'],
    ['https://www.example-academy.test', '/'],
  ])('%s -> %s', (url, to) => {
    expect(linkTarget(url, WORDPRESS)).toEqual({ to, external: false });
  });

  it('keeps a query and a fragment', () => {
    expect(linkTarget(`${WORDPRESS}/exam-dates/?exam=plab#june`, WORDPRESS)).toEqual({
      to: '/exam-dates?exam=plab#june',
      external: false,
    });
  });

  it('treats links to the page’s own address as its own', () => {
    expect(linkTarget(`${location.origin}/about-us/`, WORDPRESS)).toEqual({
      to: '/about-us',
      external: false,
    });
    expect(linkTarget('/#courses-section', WORDPRESS)).toEqual({
      to: '/#courses-section',
      external: false,
    });
  });

  it('treats links to the storefront’s address it is given (a server has no page) as its own', () => {
    const site = 'https://shop.example-academy.test/';
    expect(linkTarget('https://shop.example-academy.test/about-us/', WORDPRESS, site)).toEqual({
      to: '/about-us',
      external: false,
    });
    expect(linkTarget('/blog/', WORDPRESS, site)).toEqual({ to: '/blogs', external: false });
    // The test page's own origin is then another site.
    expect(linkTarget(`${location.origin}/about-us/`, WORDPRESS, site)).toEqual({
      to: `${location.origin}/about-us/`,
      external: true,
    });
  });

  it('gives no link when the storefront’s address it is given is no address', () => {
    expect(linkTarget('/about-us/', WORDPRESS, 'not an address')).toBeNull();
  });

  it('leaves other hosts, the blog under another host and mail links as they are', () => {
    expect(linkTarget('https://www.gmc-uk.org/registration', WORDPRESS)).toEqual({
      to: 'https://www.gmc-uk.org/registration',
      external: true,
    });
    expect(linkTarget('http://www.example-academy.test.evil.example/x', WORDPRESS)?.external).toBe(
      true,
    );
    expect(linkTarget('mailto:help@example.com', WORDPRESS)).toEqual({
      to: 'mailto:help@example.com',
      external: true,
    });
  });

  it('maps nothing when the page names no WordPress site', () => {
    expect(linkTarget(`${WORDPRESS}/courses/x/`, '')).toEqual({
      to: `${WORDPRESS}/courses/x/`,
      external: true,
    });
  });

  it('gives no link for a script URL, and a plain # stays a fragment', () => {
    expect(linkTarget('javascript:alert(1)', WORDPRESS)).toBeNull();
    expect(linkTarget(' jav\tascript:alert(1)', WORDPRESS)).toBeNull();
    expect(linkTarget(42, WORDPRESS)).toBeNull();
    expect(linkTarget('#', WORDPRESS)).toEqual({ to: '#', external: false });
  });

  it('reads the WordPress site from the page’s configuration by default', () => {
    document.body.innerHTML = `<script type="application/json" id="storefront-config">${JSON.stringify({ wordpressUrl: `${WORDPRESS}/` })}</script>`;
    expect(linkTarget(`${WORDPRESS}/memberships/`)).toEqual({
      to: '/memberships',
      external: false,
    });
    document.body.innerHTML = '';
  });
});

describe('storefrontPath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(storefrontPath('/')).toBe('/');
    expect(storefrontPath('/a/b//')).toBe('/a/b');
    expect(storefrontPath('/blogroll/')).toBe('/blogroll');
  });
});

describe('courseByIdPath: a course bought by its WordPress id', () => {
  it('is the courses page naming the id, which the courses page opens', () => {
    expect(courseByIdPath(2108)).toBe(`/courses?${COURSE_ID_PARAM}=2108`);
    expect(
      new URL(courseByIdPath(2108), 'https://shop.test').searchParams.get(COURSE_ID_PARAM),
    ).toBe('2108');
  });

  it('is the courses page itself for a course without an id', () => {
    expect(courseByIdPath(null)).toBe('/courses');
  });
});
