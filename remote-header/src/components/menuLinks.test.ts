import { menuTarget } from './menuLinks';

const WORDPRESS = 'https://www.example-academy.test';

describe('menuTarget: where a menu link goes', () => {
  beforeEach(() => {
    document.head.innerHTML = `<script type="application/json" id="storefront-config">${JSON.stringify({ wordpressUrl: WORDPRESS })}</script>`;
  });

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it.each([
    [`${WORDPRESS}/courses/plab-1-online-course/`, '/courses/plab-1-online-course'],
    [`${WORDPRESS}/events/msra-weekend/`, '/events/msra-weekend'],
    [`${WORDPRESS}/contact-us/`, '/contact-us'],
    [`${WORDPRESS}/`, '/'],
    ['/about-us/', '/about-us'],
  ])('a link to the WordPress site or this site is a storefront route: %s -> %s', (url, to) => {
    expect(menuTarget(url)).toEqual({ to, external: false });
  });

  it.each([
    `${WORDPRESS}/blog/`,
    `${WORDPRESS}/blog/plab-tips/`,
    '/blog',
    'https://news.example.org/blog/2026/',
  ])('any menu link containing /blog goes to /blogs: %s', (url) => {
    expect(menuTarget(url)).toEqual({ to: '/blogs', external: false });
  });

  it('a link to another host stays external, as it is', () => {
    expect(menuTarget('https://www.gmc-uk.org/registration')).toEqual({
      to: 'https://www.gmc-uk.org/registration',
      external: true,
    });
    expect(menuTarget(`${WORDPRESS}.evil.example/courses/`)?.external).toBe(true);
  });

  it.each(['javascript:alert(1)', ' jav\tascript:alert(1)', 'data:text/html,<p>x</p>', 42, null])(
    'a script or unusable URL gives no link (the item is text): %p',
    (url) => {
      expect(menuTarget(url)).toBeNull();
    },
  );
});
