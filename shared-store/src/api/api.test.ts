import { mockFetch } from '../testing';
import { createApiClient } from './client';
import { createCache } from './cache';
import { createContentApi } from './content';
import { createCartServiceApi } from './cartService';
import { createSiteApi } from './site';

const client = createApiClient();

/** A `<link rel="preload" as="fetch">` as the gateway writes it. */
function preload(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'fetch');
  link.setAttribute('crossorigin', 'anonymous');
  link.setAttribute('href', href);
  return link;
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('content reads', () => {
  it('answer an empty list when the call fails, and null for single items', async () => {
    mockFetch({ '/wp-json/': () => ({ status: 500, body: { code: 'x', message: 'down' } }) });
    const content = createContentApi(client, createCache());
    await expect(content.courses()).resolves.toEqual([]);
    await expect(content.homePage()).resolves.toBeNull();
    await expect(content.course(1)).resolves.toBeNull();
  });

  it('the home page document is read once a minute, however many parts of the page want it', async () => {
    let now = 0;
    const { calls } = mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({ body: { id: 96030, slug: 'home' } }),
    });
    const content = createContentApi(
      client,
      createCache(() => now),
    );
    await content.homePage();
    now = 59_000;
    await Promise.all([content.homePage(), content.homePage()]);
    expect(calls).toHaveLength(1);
    now = 61_000;
    await content.homePage();
    expect(calls).toHaveLength(2);
  });

  it('home_banner carries a timestamp and bypasses the cache', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/home_banner': () => ({ body: [] }) });
    await createContentApi(client, createCache(), () => 1700000000000).homeBanner();
    expect(calls).toEqual(['/wp-json/wp/v2/home_banner?t=1700000000000']);
  });

  it('the first home_banner read asks for the one the page started; later reads stamp their own', async () => {
    const started = preload('/wp-json/wp/v2/home_banner?t=42');
    const other = preload('/remotes/home/mf-manifest.json');
    document.head.append(other, started);
    try {
      const { calls } = mockFetch({ '/wp-json/wp/v2/home_banner': () => ({ body: [] }) });
      const content = createContentApi(client, createCache(), () => 1700000000000);
      await content.homeBanner();
      await content.homeBanner();
      expect(calls).toEqual([
        '/wp-json/wp/v2/home_banner?t=42',
        '/wp-json/wp/v2/home_banner?t=1700000000000',
      ]);
    } finally {
      started.remove();
      other.remove();
    }
  });

  it('a preload for the banner without a usable timestamp is not taken', async () => {
    const odd = preload('/wp-json/wp/v2/home_banner?t=soon');
    document.head.append(odd);
    try {
      const { calls } = mockFetch({ '/wp-json/wp/v2/home_banner': () => ({ body: [] }) });
      await createContentApi(client, createCache(), () => 7).homeBanner();
      expect(calls).toEqual(['/wp-json/wp/v2/home_banner?t=7']);
    } finally {
      odd.remove();
    }
  });

  it('the footer HTML is parsed into two menus and the form action, and cached for an hour', async () => {
    let now = 0;
    const { calls } = mockFetch({
      '/wp-json/wp/v2/footer': () => ({
        body: {
          html:
            '<ul id="menu_footer_1"><li id="menu-item-1"><a href="/#courses-section">Courses</a></li>' +
            '<li><a href="javascript:alert(1)">Evil</a></li></ul>' +
            '<ul id="menu_footer_2"><li id="menu-item-9"><a href="/privacy-policy">Privacy Policy</a></li></ul>' +
            '<form action="/wp-json/custom/v1/newsletter"><input name="email"></form>',
        },
      }),
    });
    const content = createContentApi(
      client,
      createCache(() => now),
    );
    const footer = await content.footer();
    expect(footer).toEqual({
      menu_footer_1: [{ id: 'menu-item-1', text: 'Courses', href: '/#courses-section' }],
      menu_footer_2: [{ id: 'menu-item-9', text: 'Privacy Policy', href: '/privacy-policy' }],
      newsletter: { formAction: '/wp-json/custom/v1/newsletter' },
    });
    now = 59 * 60 * 1000;
    await content.footer();
    expect(calls).toHaveLength(1);
    now = 61 * 60 * 1000;
    await content.footer();
    expect(calls).toHaveLength(2);
  });

  it('an empty or failing footer gives empty menus', async () => {
    mockFetch({ '/wp-json/wp/v2/footer': () => ({ body: { html: '' } }) });
    await expect(createContentApi(client, createCache()).footer()).resolves.toMatchObject({
      menu_footer_1: [],
      newsletter: { formAction: '' },
    });
    mockFetch({ '/wp-json/wp/v2/footer': () => ({ status: 502, body: undefined }) });
    await expect(createContentApi(client, createCache()).footer()).resolves.toMatchObject({
      menu_footer_2: [],
    });
  });

  it('blog by slug warns when none is found', async () => {
    mockFetch({ '/wp-json/wp/v2/posts': () => ({ body: [] }) });
    await expect(createContentApi(client, createCache()).postBySlug('nope')).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith('No blog post found for "nope".');
  });

  it('page details answer the error object on failure', async () => {
    mockFetch({ '/wp-json/': () => ({ status: 404, body: { code: 'x', message: 'gone' } }) });
    await expect(createContentApi(client, createCache()).pageDetails(3)).resolves.toEqual({
      error: 'Failed to fetch PLAB details',
    });
  });

  it('posts and categories ask for 100 per page', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [] }) });
    const content = createContentApi(client, createCache());
    await content.posts();
    await content.categories();
    await content.postsInCategory(710);
    expect(calls).toEqual([
      '/wp-json/wp/v2/posts/?per_page=100',
      '/wp-json/wp/v2/categories/?per_page=100',
      '/wp-json/wp/v2/posts?categories=710',
    ]);
  });
});

describe('site routes', () => {
  it('search throws with the server message when there is one', async () => {
    mockFetch({
      '/wp-json/custom/v1/search': () => ({
        status: 400,
        body: { code: 'missing_search_term', message: 'Please provide a search term.' },
      }),
    });
    await expect(createSiteApi(client).search('')).rejects.toThrow('Please provide a search term.');
  });

  it("search throws 'Could not data' when the server gives no message", async () => {
    mockFetch({ '/wp-json/custom/v1/search': () => ({ status: 502, body: undefined }) });
    await expect(createSiteApi(client).search('plab')).rejects.toThrow('Could not data');
  });

  it('order lookup throws the generic message when the server gives none', async () => {
    mockFetch({ '/wp-json/custom/v2/': () => ({ status: 500, body: undefined }) });
    await expect(createSiteApi(client).orderLookup(5)).rejects.toThrow(
      'Could not retrieve cookie policy.',
    );
  });

  it('product attributes are kept for 10 minutes', async () => {
    let now = 0;
    const { calls } = mockFetch({ '/wp-json/custom/v1/products/attributes': () => ({ body: [] }) });
    const site = createSiteApi(
      client,
      createCache(() => now),
    );
    await site.productAttributes();
    now = 9 * 60 * 1000;
    await site.productAttributes();
    now = 11 * 60 * 1000;
    await site.productAttributes();
    expect(calls).toHaveLength(2);
  });
});

describe('cart service', () => {
  it('the cart save payload is {userId, data} with the items as JSON text', async () => {
    const { fetchMock } = mockFetch({ '/lms/api/v1/item/': () => ({ body: {} }) });
    await createCartServiceApi(client).save('3', '[{"id":1}]', 'jwt');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(init?.body as string)).toEqual({ userId: 3, data: '[{"id":1}]' });
  });
});
