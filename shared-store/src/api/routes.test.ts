import { mockFetch } from '../testing';
import { createApiClient } from './client';
import { createAuthApi } from './auth';
import { createCartServiceApi } from './cartService';
import { createCommerceApi, shopReads } from './commerce';
import { contentReads } from './content';
import { createReader } from './read';
import { createSiteApi, siteReads } from './site';

/** Every call the storefront makes to its backends reaches its same-origin path with its method. */
describe('calls made', () => {
  const client = createApiClient();

  it.each<[string, (api: Apis) => Promise<unknown>, string, string]>([
    ['menu_home', (a) => a.read(contentReads.menu, undefined), 'GET', '/wp-json/wp/v2/menu_home'],
    [
      'courseList',
      (a) => a.read(contentReads.courses, undefined),
      'GET',
      '/wp-json/wp/v2/courseList',
    ],
    [
      'our_partner',
      (a) => a.read(contentReads.partners, undefined),
      'GET',
      '/wp-json/wp/v2/our_partner',
    ],
    ['events', (a) => a.read(contentReads.events, undefined), 'GET', '/wp-json/wp/v2/events'],
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
      'getPromotionalBanner',
      (a) => a.read(siteReads.promotionalBanner, undefined),
      'GET',
      '/wp-json/custom/v2/getPromotionalBanner',
    ],
    [
      'trackOrder',
      (a) =>
        a.site.trackOrder({
          orderId: 1,
          total: '1.00',
          email: 'e',
          mc_cid: '',
          mc_eid: '',
          items: [],
        }),
      'POST',
      '/wp-json/custom/v2/trackOrder',
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
    ['shop coupons', (a) => a.commerce.applyCoupon('WELCOME10', 50), 'POST', '/api/shop/coupons'],
    [
      'shop orders',
      (a) => a.commerce.createOrder({ email: 'e', lines: [], expected_total: '0.00' }),
      'POST',
      '/api/shop/orders',
    ],
    ['shop order', (a) => a.read(shopReads.order, { id: 6 }), 'GET', '/api/shop/orders/6'],
    ['shop rewards', (a) => a.read(shopReads.rewards, 't'), 'GET', '/api/shop/rewards'],
    ['get-cart-data', (a) => a.cart.load('3', 't'), 'POST', '/lms/api/v1/item/get-cart-data'],
    [
      'delete-cart-data',
      (a) => a.cart.remove('3', 't'),
      'POST',
      '/lms/api/v1/item/delete-cart-data',
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
      '/wp-json/custom/v2/getPromotionalBanner': () => ({
        body: { promotional_text: 'Sale', promotional_link: { title: 'Shop', url: '/' } },
      }),
      '/api/shop/orders/': () => ({ body: { id: 6, status: 'pending' } }),
      '/api/shop/rewards': () => ({ body: { points: 0, value: 0 } }),
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
      commerce: createCommerceApi(client),
      cart: createCartServiceApi(client),
      auth: createAuthApi(client),
    };
  }
});
