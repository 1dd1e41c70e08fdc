import type { FastifyInstance } from 'fastify';
import { DEMO_LEARNER } from '../index';
import { json, testBackend, WC_AUTH, WC_BASIC } from '../test-support/backend';
import { normalisePath, rewriteRequest, routePattern } from './request-url';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ app, cleanup } = await testBackend());
});
afterEach(() => cleanup());

describe('normalisePath', () => {
  it.each([
    ['/wp-json/./wc/v3/orders', '/wp-json/wc/v3/orders'],
    ['/wp-json//wc///v3/orders/', '/wp-json/wc/v3/orders/'],
    ['/wp-json/wp/v2/../../wc/v3', '/wp-json/wc/v3'],
    ['/../../etc', '/etc'],
    ['/', '/'],
    ['/a b/é?#%', '/a%20b/%C3%A9%3F%23%25'],
  ])('%s is %s', (given, expected) => {
    expect(normalisePath(given)).toBe(expected);
  });
});

describe('rewriteRequest', () => {
  it('keeps the query as received and leaves an undecodable path alone', () => {
    const request = { url: '/wp-json/wc%2Fv3/orders?a=%2F&b', method: 'GET', headers: {} };
    expect(rewriteRequest(request)).toBe('/wp-json/wc/v3/orders?a=%2F&b');
    expect(rewriteRequest({ url: '/x/%E0%A4%A', headers: {} })).toBe('/x/%E0%A4%A');
  });

  it('takes the method override only on REST routes and never for a preflight', () => {
    const onPage = { url: '/checkout/?_method=DELETE', method: 'GET', headers: {} };
    rewriteRequest(onPage);
    expect(onPage.method).toBe('GET');
    const preflight = { url: '/wp-json/x?_method=DELETE', method: 'OPTIONS', headers: {} };
    rewriteRequest(preflight);
    expect(preflight.method).toBe('OPTIONS');
  });
});

async function orderStatus(): Promise<string> {
  const response = await app.inject({ url: '/wp-json/wc/v3/orders/52001', headers: WC_BASIC });
  return response.statusCode === 200 ? (json(response) as { status: string }).status : 'deleted';
}

describe('WordPress request handling reaches the route however the request is spelled', () => {
  it('_method in the query overrides the method of a POST, and even of a GET', async () => {
    const put = await app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/orders/52001?_method=PUT&${WC_AUTH}`,
      payload: { status: 'on-hold' },
    });
    expect(put.statusCode).toBe(200);
    expect(await orderStatus()).toBe('on-hold');
    // `_method%00` is `_method` to PHP.
    const remove = await app.inject(`/wp-json/wc/v3/orders/52001?_method%00=delete&${WC_AUTH}`);
    expect(remove.statusCode).toBe(200);
    expect(await orderStatus()).toBe('deleted');
  });

  it('X-HTTP-Method-Override on a POST is honoured', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders/52001',
      headers: { ...WC_BASIC, 'x-http-method-override': 'PATCH' },
      payload: { status: 'cancelled' },
    });
    expect(response.statusCode).toBe(200);
    expect(await orderStatus()).toBe('cancelled');
  });

  it.each([
    '/?rest_route=/wc/v3/orders/52001',
    '/checkout/?rest_route=/wc/v3/orders/52001',
    // The name as PHP reads it (php_register_variable_ex).
    '/checkout/?rest[route=/wc/v3/orders/52001',
    '/checkout/?rest_route%00=/wc/v3/orders/52001',
    '/checkout/?rest_route%00x=/wc/v3/orders/52001',
    '/checkout/?rest.route=/wc/v3/orders/52001',
    '/checkout/?rest+route=/wc/v3/orders/52001',
    '/checkout/?%20rest_route=/wc/v3/orders/52001',
    '/checkout/?%72est%5Froute=/wc/v3/orders/52001',
    '/wp-content/uploads/x.png?rest%5Broute=/wc/v3/orders/52001',
    '/wp-json/wp/v2/posts?rest_route=%2Fwc%2Fv3%2Forders%2F52001',
    '/?rest_route=wc/v3/orders/52001/',
    '/wp-json/WC/V3/orders/52001',
    '/wp-json/Wc/v3/Orders/52001',
    '/wp-json/./wc/v3/orders/52001',
    '/wp-json//wc/v3/orders/52001',
    '/wp-json/wc/v3/orders/%35%32%30%30%31',
    '/wp-json/wc%2Fv3/orders/52001',
    '/wp-json/wc/v3/products/../orders/52001',
    '/wp-json/%77c/v3/orders/52001',
  ])('%s reaches orders/52001, and needs the keys there too', async (url) => {
    const withoutKeys = await app.inject(url);
    expect(withoutKeys.statusCode).toBe(401);
    const response = await app.inject({ url, headers: WC_BASIC });
    expect(response.statusCode).toBe(200);
    expect((json(response) as { id: number }).id).toBe(52001);
  });

  it('rest_route and case-insensitive routes work for WordPress core routes too', async () => {
    for (const url of [
      '/?rest_route=/wp/v2/posts',
      '/wp-json/WP/V2/Posts',
      '/wp-json/wp/v2/COURSELIST',
    ]) {
      expect((await app.inject(url)).statusCode).toBe(200);
    }
  });

  it('rest_route reaches the Points and Rewards route from any page', async () => {
    const response = await app.inject({
      url: '/shop/?rest_route=/wc-points-rewards/v1/users/3',
      headers: WC_BASIC,
    });
    expect(json(response)).toMatchObject({ user_id: 3, points_balance: 1500 });
  });
});

describe('WordPress folds the case of ASCII letters only, as PHP does', () => {
  /** U+212A KELVIN SIGN, percent-encoded: JavaScript's toLowerCase() makes it a `k`, PHP never. */
  const KELVIN = '%E2%84%AA';
  const login = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: { username: DEMO_LEARNER.email, password: DEMO_LEARNER.password },
    });

  it('a route spelled with ASCII capitals is the route', async () => {
    const lookup = await app.inject('/wp-json/CUSTOM/V2/Check-Order-Lookup/52001');
    expect(lookup.statusCode).toBe(200);
    expect(json(lookup)).toMatchObject({ order_id: 52001 });
    expect((await login('/wp-json/JWT-AUTH/v1/Token')).statusCode).toBe(200);
  });

  it('a route spelled with a KELVIN SIGN for its k is no route at all', async () => {
    for (const answer of [
      await app.inject(`/wp-json/custom/v2/chec${KELVIN}-order-lookup/52001`),
      await login(`/wp-json/jwt-auth/v1/to${KELVIN}en`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(json(answer)).toMatchObject({ code: 'rest_no_route' });
    }
  });

  it('keeps the case of what is not WordPress’s to route: a portal token, a cart call, a file', () => {
    expect(rewriteRequest({ url: '/portal/course/eyJ.AbC', headers: {} })).toBe(
      '/portal/course/eyJ.AbC',
    );
    expect(rewriteRequest({ url: '/lms/api/v1/item/Get-Cart-Data', headers: {} })).toBe(
      '/lms/api/v1/item/Get-Cart-Data',
    );
    expect(rewriteRequest({ url: '/wp-content/uploads/Photo.PNG', headers: {} })).toBe(
      '/wp-content/uploads/Photo.PNG',
    );
    expect(rewriteRequest({ url: '/wp-json/wp/v2/courseList?Slug=A', headers: {} })).toBe(
      '/wp-json/wp/v2/courselist?Slug=A',
    );
  });

  it('matches a route’s words folded, its parameters’ names and patterns as written', () => {
    expect(
      routePattern('/wp-json/wc/v3/products/:id(^\\d+$)/variations/:variationId(^\\d+$)'),
    ).toBe('/wp-json/wc/v3/products/:id(^\\d+$)/variations/:variationId(^\\d+$)');
    expect(routePattern('/wp-json/custom/v2/getPromotionalBanner')).toBe(
      '/wp-json/custom/v2/getpromotionalbanner',
    );
    expect(routePattern('/portal/course/:token')).toBe('/portal/course/:token');
  });
});
