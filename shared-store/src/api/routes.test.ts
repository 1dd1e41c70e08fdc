import { mockFetch } from '../testing';
import { createApiClient } from './client';
import { createCache } from './cache';
import { createAuthApi } from './auth';
import { createCartServiceApi } from './cartService';
import { createCommerceApi } from './commerce';
import { createContentApi } from './content';
import { createSiteApi } from './site';

/** Every call of spec section 7 reaches its same-origin path with its method. */
describe('calls made', () => {
  const client = createApiClient();

  it.each<[string, (api: Apis) => Promise<unknown>, string, string]>([
    ['menu_home', (a) => a.content.menu(), 'GET', '/wp-json/wp/v2/menu_home'],
    ['courseList', (a) => a.content.courses(), 'GET', '/wp-json/wp/v2/courseList'],
    ['our_partner', (a) => a.content.partners(), 'GET', '/wp-json/wp/v2/our_partner'],
    ['events', (a) => a.content.events(), 'GET', '/wp-json/wp/v2/events'],
    ['pages/96030', (a) => a.content.homePage(), 'GET', '/wp-json/wp/v2/pages/96030'],
    ['course/{id}', (a) => a.content.course(12), 'GET', '/wp-json/wp/v2/course/12'],
    ['posts?slug=', (a) => a.content.postBySlug('x'), 'GET', '/wp-json/wp/v2/posts?slug=x'],
    [
      'pages?slug=',
      (a) => a.content.pageBySlug('privacy-policy'),
      'GET',
      '/wp-json/wp/v2/pages?slug=privacy-policy',
    ],
    ['unused/{id}', (a) => a.content.unused(1), 'GET', '/wp-json/wp/v2/unused/1'],
    [
      'getImgSections/{id}',
      (a) => a.content.imageSections(2),
      'GET',
      '/wp-json/wp/v2/getImgSections/2',
    ],
    [
      'usercourses/{id}',
      (a) => a.content.userCourses(3, 't'),
      'GET',
      '/wp-json/wp/v2/usercourses/3',
    ],
    [
      'products-with-ticket',
      (a) => a.content.productsWithTicket(),
      'GET',
      '/wp-json/wp/v2/products-with-ticket',
    ],
    [
      'page-details',
      (a) => a.content.pageDetails(4),
      'GET',
      '/wp-json/wp/v2/page-details/location-4',
    ],
    ['mailchimp-html', (a) => a.content.mailchimpHtml(), 'GET', '/wp-json/wp/v2/mailchimp-html'],
    [
      'check-subscription-success',
      (a) => a.content.subscriptionSuccess(5),
      'GET',
      '/wp-json/wp/v2/check-subscription-success/5',
    ],
    [
      'update_live_courses',
      (a) => a.content.updateLiveCourses({}, 't'),
      'POST',
      '/wp-json/wp/v2/update_live_courses',
    ],
    [
      'update_user_date',
      (a) => a.content.updateExamDate({ user_id: '3', exam_date: '2027-01-01' }, 't'),
      'POST',
      '/wp-json/wp/v2/update_user_date',
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
      'send-reset-link',
      (a) =>
        a.site.sendResetLink({
          recipient_name: 'a',
          recipient_email: 'b',
          message: 'c',
          buyer: 'd',
        }),
      'POST',
      '/wp-json/custom/v1/send-reset-link',
    ],
    [
      'register',
      (a) => a.site.register({ username: 'u', email: 'e', password: 'p' }),
      'POST',
      '/wp-json/custom/v1/register',
    ],
    ['404', (a) => a.site.notFoundPage(), 'GET', '/wp-json/custom/v1/404'],
    [
      'acceptable-use-policy',
      (a) => a.site.acceptableUsePolicy(),
      'GET',
      '/wp-json/custom/v1/acceptable-use-policy',
    ],
    ['search', (a) => a.site.search('plab mock'), 'GET', '/wp-json/custom/v1/search?s=plab+mock'],
    [
      'check-order-lookup',
      (a) => a.site.orderLookup(77),
      'GET',
      '/wp-json/custom/v2/check-order-lookup/77',
    ],
    [
      'getPromotionalBanner',
      (a) => a.site.promotionalBanner(),
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
      'contact-form',
      (a) => a.site.contact({ name: 'n', phonenum: '1', email: 'e', message: 'm' }),
      'POST',
      '/wp-json/contact-form/v1/submit',
    ],
    [
      'custom-api search',
      (a) => a.site.searchText('plab'),
      'GET',
      '/wp-json/custom-api/v1/search/?search_text=plab',
    ],
    [
      'create-subscription',
      (a) => a.site.createSubscription({}, 't'),
      'POST',
      '/wp-json/wsp-route/v1/create-subscription',
    ],
    [
      'upgrade-subscription',
      (a) => a.site.upgradeSubscription({}, 't'),
      'POST',
      '/wp-json/wsp-route/v1/upgrade-subscription',
    ],
    [
      'newsletter',
      (a) => a.site.subscribeNewsletter('/wp-json/custom/v1/newsletter', 'a@b.test'),
      'POST',
      '/wp-json/custom/v1/newsletter',
    ],
    ['shop product', (a) => a.commerce.product(5), 'GET', '/api/shop/products/5'],
    ['shop variations', (a) => a.commerce.variations(5), 'GET', '/api/shop/products/5/variations'],
    ['shop coupons', (a) => a.commerce.applyCoupon('WELCOME10', 50), 'POST', '/api/shop/coupons'],
    [
      'shop orders',
      (a) => a.commerce.createOrder({ email: 'e', lines: [], expected_total: '0.00' }),
      'POST',
      '/api/shop/orders',
    ],
    ['shop order', (a) => a.commerce.order(6), 'GET', '/api/shop/orders/6'],
    [
      'shop rewards',
      // The mock's answer is no balance: the call fails after the request.
      (a) => a.commerce.rewards('t').catch(() => undefined),
      'GET',
      '/api/shop/rewards',
    ],
    ['get-cart-data', (a) => a.cart.load('3', 't'), 'POST', '/lms/api/v1/item/get-cart-data'],
    [
      'delete-cart-data',
      (a) => a.cart.remove('3', 't'),
      'POST',
      '/lms/api/v1/item/delete-cart-data',
    ],
    ['jwt login', (a) => a.auth.login('u', 'p'), 'POST', '/wp-json/jwt-auth/v1/token'],
    ['session logout', (a) => a.auth.logout('t'), 'POST', '/api/session/logout'],
  ])('%s', async (_name, call, method, url) => {
    const { fetchMock } = mockFetch({ '/': () => ({ body: [] }) });
    await call(apis());
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method }));
  });

  type Apis = ReturnType<typeof apis>;
  function apis() {
    return {
      content: createContentApi(client, createCache()),
      site: createSiteApi(client, createCache()),
      commerce: createCommerceApi(client),
      cart: createCartServiceApi(client),
      auth: createAuthApi(client),
    };
  }
});
