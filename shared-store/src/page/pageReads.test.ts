import { pageReadUrl, type ReadPage } from './pageReads';

const page = (path: string, pattern = path, search = ''): ReadPage => ({
  path,
  pattern,
  search,
  now: 1700000000000,
  stampParameter: 't',
});

describe('the URL of a read a page starts with, as the page’s own read asks for it', () => {
  it('a plain read is its path; a never-cached one carries the page’s time', () => {
    expect(pageReadUrl({ path: '/wp-json/wp/v2/courseList' }, page('/courses'))).toBe(
      '/wp-json/wp/v2/courseList',
    );
    expect(pageReadUrl({ path: '/wp-json/wp/v2/home_banner', stamped: true }, page('/'))).toBe(
      '/wp-json/wp/v2/home_banner?t=1700000000000',
    );
  });

  it('passes the page’s query parameter on, trimmed; a blank or missing one asks for nothing', () => {
    const read = { path: '/wp-json/custom/v1/search', query: 's' };
    expect(pageReadUrl(read, page('/search', '/search', '?s=%20mrcgp%20exam%20&x=1'))).toBe(
      '/wp-json/custom/v1/search?s=mrcgp+exam',
    );
    expect(pageReadUrl(read, page('/search', '/search', 's=%20'))).toBeUndefined();
    expect(pageReadUrl(read, page('/search'))).toBeUndefined();
  });

  it('sends its own parameters in their order, a `:name` as the route’s segment', () => {
    expect(
      pageReadUrl(
        { path: '/wp-json/wp/v2/posts/', params: { per_page: '100', slug: ':slug' } },
        page('/blogs/plab_tips-2/', '/blogs/:slug'),
      ),
    ).toBe('/wp-json/wp/v2/posts/?per_page=100&slug=plab_tips-2');
    expect(
      pageReadUrl(
        { path: '/wp-json/wp/v2/page-details/location-:id' },
        page('/locations/12', '/locations/:id'),
      ),
    ).toBe('/wp-json/wp/v2/page-details/location-12');
  });

  it('asks for nothing when a segment is not plain, or the route has no such segment', () => {
    const post = { path: '/wp-json/wp/v2/posts', params: { slug: ':slug' } };
    expect(pageReadUrl(post, page('/blogs/caf%C3%A9', '/blogs/:slug'))).toBeUndefined();
    expect(pageReadUrl(post, page('/blogs/a.b', '/blogs/:slug'))).toBeUndefined();
    expect(pageReadUrl(post, page('/blogs', '/blogs'))).toBeUndefined();
    expect(
      pageReadUrl({ path: '/wp-json/wp/v2/page-details/location-:id' }, page('/', '/')),
    ).toBeUndefined();
  });
});
