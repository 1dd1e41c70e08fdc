import { startPageReads } from './pageReads';

/** The preload hints the page carries, as their URLs. */
function hinted(): string[] {
  return [
    ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'),
  ].map((link) => `${link.getAttribute('href') ?? ''} ${link.getAttribute('crossorigin') ?? ''}`);
}

/** A page at `path` of the route `pattern`, with the query `search`. */
const at = (path: string, pattern = path, search = '') => ({ path, pattern, search });

afterEach(() => {
  document.head.replaceChildren();
});

describe('a page’s reads started as it opens', () => {
  it('names each read at the URL the page’s own read asks for: a never-cached one with the time', () => {
    startPageReads(
      [
        { path: '/wp-json/wp/v2/home_banner', stamped: true },
        { path: '/wp-json/wp/v2/courseList' },
      ],
      at('/'),
      1700000000000,
    );
    expect(hinted()).toEqual([
      '/wp-json/wp/v2/home_banner?t=1700000000000 anonymous',
      '/wp-json/wp/v2/courseList anonymous',
    ]);
  });

  it('passes the page’s query parameter on, trimmed; a blank one asks for nothing', () => {
    const search = [{ path: '/wp-json/custom/v1/search', query: 's' }];
    startPageReads(search, at('/search', '/search', '?s=%20mrcgp%20exam%20&x=1'), 1);
    startPageReads(search, at('/search', '/search', '?s=%20%20'), 1);
    startPageReads(search, at('/search'), 1);
    expect(hinted()).toEqual(['/wp-json/custom/v1/search?s=mrcgp+exam anonymous']);
  });

  it('an earlier hint for the same read goes, so a never-cached read cannot take an old answer', () => {
    const reads = [{ path: '/wp-json/wp/v2/home_banner', stamped: true }];
    startPageReads(reads, at('/'), 1000);
    startPageReads([{ path: '/wp-json/wp/v2/courseList' }], at('/courses'), 1500);
    startPageReads(reads, at('/'), 2000);
    expect(hinted()).toEqual([
      '/wp-json/wp/v2/courseList anonymous',
      '/wp-json/wp/v2/home_banner?t=2000 anonymous',
    ]);
  });

  it('names the route’s segments in a read’s path or query, as the page’s read writes them', () => {
    startPageReads(
      [
        { path: '/wp-json/wp/v2/page-details/location-:id' },
        { path: '/wp-json/wp/v2/posts', params: { slug: ':id' } },
      ],
      at('/locations/12', '/locations/:id'),
      1,
    );
    startPageReads(
      [{ path: '/wp-json/wp/v2/page-details/location-:id' }],
      at('/locations/1%2F2', '/locations/:id'),
      1,
    );
    expect(hinted()).toEqual([
      '/wp-json/wp/v2/page-details/location-12 anonymous',
      '/wp-json/wp/v2/posts?slug=12 anonymous',
    ]);
  });
});
