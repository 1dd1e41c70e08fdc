import { ApiError } from 'shared-store';
import { createReader, mockFetch, warnings } from 'shared-store/testing';
import { createSiteApi, siteApi, siteReads } from './site';
import { wordpressReads } from './wordpress';

/** A fresh page's reads, on a clock the test moves. */
const readsAt = (now: () => number = () => 0) => createReader(undefined, now).read;

afterEach(() => {
  jest.restoreAllMocks();
});

describe("the shell's pages' reads", () => {
  it('answer an empty list, or null for one item, when the call fails', async () => {
    mockFetch({ '/wp-json/': () => ({ status: 500, body: { code: 'x', message: 'down' } }) });
    const warn = warnings();
    const read = readsAt();
    await expect(read(wordpressReads.posts, undefined)).resolves.toEqual([]);
    await expect(read(wordpressReads.pageBySlug, 'privacy-policy')).resolves.toBeNull();
    expect(warn.mock.calls).toEqual([
      ['Could not load /wp-json/wp/v2/posts/:', expect.any(ApiError)],
      ['Could not load /wp-json/wp/v2/pages:', expect.any(ApiError)],
    ]);
  });

  it('a blog post by slug warns when none is found', async () => {
    mockFetch({ '/wp-json/wp/v2/posts': () => ({ body: [] }) });
    const warn = warnings();
    await expect(readsAt()(wordpressReads.postBySlug, 'nope')).resolves.toBeNull();
    expect(warn.mock.calls).toEqual([['No blog post found for this slug.']]);
  });

  it('posts and categories ask for 100 per page', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [] }) });
    const read = readsAt();
    await read(wordpressReads.posts, undefined);
    await read(wordpressReads.categories, undefined);
    expect(calls).toEqual([
      '/wp-json/wp/v2/posts/?per_page=100',
      '/wp-json/wp/v2/categories/?per_page=100',
    ]);
  });

  it('search throws with the server message when there is one', async () => {
    mockFetch({
      '/wp-json/custom/v1/search': () => ({
        status: 400,
        body: { code: 'missing_search_term', message: 'Please provide a search term.' },
      }),
    });
    await expect(readsAt()(siteReads.search, '')).rejects.toThrow('Please provide a search term.');
  });

  it("search throws 'Could not data' when the server gives no message", async () => {
    mockFetch({ '/wp-json/custom/v1/search': () => ({ status: 502, body: undefined }) });
    await expect(readsAt()(siteReads.search, 'plab')).rejects.toThrow('Could not data');
  });

  it('order lookup throws the generic message when the server gives none', async () => {
    mockFetch({ '/wp-json/custom/v2/': () => ({ status: 500, body: undefined }) });
    await expect(readsAt()(siteReads.orderLookup, 5)).rejects.toThrow(
      'Could not retrieve cookie policy.',
    );
  });

  it('product attributes are kept for 10 minutes', async () => {
    let now = 0;
    const { calls } = mockFetch({ '/wp-json/custom/v1/products/attributes': () => ({ body: [] }) });
    const read = readsAt(() => now);
    await read(siteReads.productAttributes, undefined);
    now = 9 * 60 * 1000;
    await read(siteReads.productAttributes, undefined);
    now = 11 * 60 * 1000;
    await read(siteReads.productAttributes, undefined);
    expect(calls).toHaveLength(2);
  });
});

/** Every call the shell's pages make reaches its same-origin path with its method. */
describe('calls made', () => {
  it.each<[string, () => Promise<unknown>, string, string]>([
    [
      'posts?slug=',
      () => readsAt()(wordpressReads.postBySlug, 'x'),
      'GET',
      '/wp-json/wp/v2/posts?slug=x',
    ],
    [
      'pages?slug=',
      () => readsAt()(wordpressReads.pageBySlug, 'privacy-policy'),
      'GET',
      '/wp-json/wp/v2/pages?slug=privacy-policy',
    ],
    [
      'reset-password-form',
      () => siteApi.resetPassword({ key: 'k', login: 'l', new_password: 'p' }),
      'POST',
      '/wp-json/custom/v1/reset-password-form',
    ],
    [
      'forgot-password',
      () => siteApi.forgotPassword('a@b.test'),
      'POST',
      '/wp-json/custom/v1/forgot-password',
    ],
    [
      'register',
      () => createSiteApi().register({ username: 'u', email: 'e', password: 'p' }),
      'POST',
      '/wp-json/custom/v1/register',
    ],
    [
      'search',
      () => readsAt()(siteReads.search, 'plab mock'),
      'GET',
      '/wp-json/custom/v1/search?s=plab+mock',
    ],
    [
      'check-order-lookup',
      () => readsAt()(siteReads.orderLookup, 77),
      'GET',
      '/wp-json/custom/v2/check-order-lookup/77',
    ],
    [
      'newsletter',
      () => siteApi.subscribeNewsletter('/wp-json/custom/v1/newsletter', 'a@b.test'),
      'POST',
      '/wp-json/custom/v1/newsletter',
    ],
  ])('%s', async (_name, call, method, url) => {
    const { fetchMock } = mockFetch({ '/': () => ({ body: [] }) });
    await call();
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method }));
  });
});
