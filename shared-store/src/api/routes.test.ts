import { mockFetch } from '../testing';
import { createApiClient } from './client';
import { createAuthApi } from './auth';
import { shopReads } from './commerce';
import { contentReads } from './content';
import { createReader } from './read';
import { createSiteApi, siteReads } from './site';

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
      'posts?slug=',
      (a) => a.read(contentReads.postBySlug, 'x'),
      'GET',
      '/wp-json/wp/v2/posts?slug=x',
    ],
    [
      'pages?slug=',
      (a) => a.read(contentReads.pageBySlug, 'privacy-policy'),
      'GET',
      '/wp-json/wp/v2/pages?slug=privacy-policy',
    ],
    [
      'reset-password-form',
      (a) => a.site.resetPassword({ key: 'k', login: 'l', new_password: 'p' }),
      'POST',
      '/wp-json/custom/v1/reset-password-form',
    ],
    [
      'forgot-password',
      (a) => a.site.forgotPassword('a@b.test'),
      'POST',
      '/wp-json/custom/v1/forgot-password',
    ],
    [
      'register',
      (a) => a.site.register({ username: 'u', email: 'e', password: 'p' }),
      'POST',
      '/wp-json/custom/v1/register',
    ],
    [
      'search',
      (a) => a.read(siteReads.search, 'plab mock'),
      'GET',
      '/wp-json/custom/v1/search?s=plab+mock',
    ],
    [
      'check-order-lookup',
      (a) => a.read(siteReads.orderLookup, 77),
      'GET',
      '/wp-json/custom/v2/check-order-lookup/77',
    ],
    [
      'newsletter',
      (a) => a.site.subscribeNewsletter('/wp-json/custom/v1/newsletter', 'a@b.test'),
      'POST',
      '/wp-json/custom/v1/newsletter',
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
      site: createSiteApi(client),
      auth: createAuthApi(client),
    };
  }
});
