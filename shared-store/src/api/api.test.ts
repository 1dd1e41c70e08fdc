import { mockFetch, warnings } from '../testing';
import { ApiError, createApiClient } from './client';
import { contentReads } from './content';
import { createReader } from './read';

const client = createApiClient();
/** A fresh page's reads, on a clock the test moves. */
const readsAt = (now: () => number = () => 0) => createReader(client, now).read;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('content reads', () => {
  it('answer null or their empty value when the call fails, and say which failed', async () => {
    mockFetch({ '/wp-json/': () => ({ status: 500, body: { code: 'x', message: 'down' } }) });
    const warn = warnings();
    const read = readsAt();
    await expect(read(contentReads.homePage, undefined)).resolves.toBeNull();
    await expect(read(contentReads.footer, undefined)).resolves.toMatchObject({
      menu_footer_1: [],
    });
    expect(warn.mock.calls).toEqual([
      ['Could not load /wp-json/wp/v2/pages/96030:', expect.any(ApiError)],
      ['Could not load /wp-json/wp/v2/footer:', expect.any(ApiError)],
    ]);
  });

  it('the home page document is read once a minute, however many parts of the page want it', async () => {
    let now = 0;
    const { calls } = mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
      }),
    });
    const read = readsAt(() => now);
    await read(contentReads.homePage, undefined);
    now = 59_000;
    await Promise.all([
      read(contentReads.homePage, undefined),
      read(contentReads.homePage, undefined),
    ]);
    expect(calls).toHaveLength(1);
    now = 61_000;
    await read(contentReads.homePage, undefined);
    expect(calls).toHaveLength(2);
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
    const read = readsAt(() => now);
    const footer = await read(contentReads.footer, undefined);
    expect(footer).toEqual({
      menu_footer_1: [{ id: 'menu-item-1', text: 'Courses', href: '/#courses-section' }],
      menu_footer_2: [{ id: 'menu-item-9', text: 'Privacy Policy', href: '/privacy-policy' }],
      newsletter: { formAction: '/wp-json/custom/v1/newsletter' },
    });
    now = 59 * 60 * 1000;
    await read(contentReads.footer, undefined);
    expect(calls).toHaveLength(1);
    now = 61 * 60 * 1000;
    await read(contentReads.footer, undefined);
    expect(calls).toHaveLength(2);
  });

  it('an empty or failing footer gives empty menus', async () => {
    mockFetch({ '/wp-json/wp/v2/footer': () => ({ body: { html: '' } }) });
    await expect(readsAt()(contentReads.footer, undefined)).resolves.toMatchObject({
      menu_footer_1: [],
      newsletter: { formAction: '' },
    });
    mockFetch({ '/wp-json/wp/v2/footer': () => ({ status: 502, body: undefined }) });
    const warn = warnings();
    await expect(readsAt()(contentReads.footer, undefined)).resolves.toMatchObject({
      menu_footer_2: [],
    });
    expect(warn.mock.calls).toEqual([
      ['Could not load /wp-json/wp/v2/footer:', expect.any(ApiError)],
    ]);
  });
});
