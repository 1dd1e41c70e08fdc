import { mockFetch } from '../testing';
import { createApiClient } from './client';
import { createAuthApi } from './auth';
import { shopReads } from './commerce';
import { contentReads } from './content';
import { createReader } from './read';

/** Every call the storefront makes to its backends reaches its same-origin path with its method. */
describe('calls made', () => {
  const client = createApiClient();

  it.each<[string, (api: Apis) => Promise<unknown>, string, string]>([
    [
      'pages/96030',
      (a) => a.read(contentReads.homePage, undefined),
      'GET',
      '/wp-json/wp/v2/pages/96030',
    ],
    [
      'shop variations',
      (a) => a.read(shopReads.variations, 5),
      'GET',
      '/api/shop/products/5/variations',
    ],
    ['jwt login', (a) => a.auth.login('u', 'p'), 'POST', '/wp-json/jwt-auth/v1/token'],
    ['session logout', (a) => a.auth.logout('t'), 'POST', '/api/session/logout'],
    [
      'log out of all devices',
      (a) => a.auth.logoutEverywhere('t'),
      'POST',
      '/api/session/logout-all',
    ],
  ])('%s', async (_name, call, method, url) => {
    // Each answer of the shape its read checks (a list unless said here), so none is refused.
    const { fetchMock } = mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
      }),
      '/': () => ({ body: [] }),
    });
    await call(apis());
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method }));
  });

  type Apis = ReturnType<typeof apis>;
  function apis() {
    return {
      read: createReader(client).read,
      auth: createAuthApi(client),
    };
  }
});
