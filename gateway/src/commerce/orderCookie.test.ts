import type { FastifyInstance } from 'fastify';
import { ORDERS, TEST_CART, placeOrder, testWooCommercePerTest } from '../test-support/shop';
import { ORDERS_COOKIE } from './orderCookie';

/** The orders cookie an order placed through `gateway` with the request headers `headers` sets. */
async function ordersCookieOf(gateway: FastifyInstance, headers: Record<string, string>) {
  const created = await placeOrder(gateway, { ...TEST_CART, expected_total: '49.99' }, headers);
  expect(created.statusCode).toBe(201);
  const cookie = created.cookies.find((set) => set.name === ORDERS_COOKIE);
  if (!cookie) throw new Error(`no ${ORDERS_COOKIE} cookie set by ${ORDERS}`);
  return cookie;
}

/** The cookie a confirmation link's key is kept in, opened through `gateway` with `headers`. */
async function keyCookieOf(gateway: FastifyInstance, headers: Record<string, string>) {
  const link = await gateway.inject({
    url: '/checkout/order-received/900/?key=wc_order_Secret900',
    headers,
  });
  expect(link.statusCode).toBe(303);
  const cookie = link.cookies.find((set) => set.name === 'sf_order_key');
  if (!cookie) throw new Error('no sf_order_key cookie set by a confirmation link');
  return cookie;
}

/**
 * The orders cookie's Secure comes from the storefront's public address (PUBLIC_URL), as the
 * rollout cookies' does: never from the request, whose protocol a trusted proxy's
 * X-Forwarded-Proto sets (and a client can forge, or a proxy drop).
 */
describe('the orders cookie of an https storefront', () => {
  const shop = testWooCommercePerTest({
    publicUrl: 'https://shop.example.test',
    trustedProxies: ['127.0.0.1'],
  });

  it.each([
    ['says nothing of the protocol', {}],
    ['says http (a proxy that ends TLS before it)', { 'x-forwarded-proto': 'http' }],
  ])('is Secure when the proxy %s', async (_case, headers) => {
    const cookie = await ordersCookieOf(shop.gateway, headers);
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });

  it('keeps a confirmation link’s key in a Secure cookie, whatever the proxy says', async () => {
    const cookie = await keyCookieOf(shop.gateway, { 'x-forwarded-proto': 'http' });
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });
});

describe('the orders cookie of a storefront served over http (a local run)', () => {
  const shop = testWooCommercePerTest({
    publicUrl: 'http://localhost:8080',
    trustedProxies: ['127.0.0.1'],
  });

  it('is not Secure, even with a forged X-Forwarded-Proto: https', async () => {
    const cookie = await ordersCookieOf(shop.gateway, { 'x-forwarded-proto': 'https' });
    expect(cookie.secure).not.toBe(true);
  });

  it('keeps a confirmation link’s key in a cookie that is not Secure, even with a forged X-Forwarded-Proto: https', async () => {
    const cookie = await keyCookieOf(shop.gateway, { 'x-forwarded-proto': 'https' });
    expect(cookie.secure).not.toBe(true);
  });
});
