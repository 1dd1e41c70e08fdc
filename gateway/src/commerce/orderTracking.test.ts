import type { FastifyInstance } from 'fastify';
import {
  KEY,
  placeOrder,
  redisShopsPerTest,
  testWooCommercePerTest,
  type TestWooCommerce,
} from '../test-support/shop';
import { jwtFor } from '../test-support/tokens';

const TRACK_ORDER = '/wp-json/custom/v2/trackOrder';

/** The order trackings WordPress was posted, with the authorization each came with. */
const trackedBy = (shop: TestWooCommerce) =>
  shop.received
    .filter((call) => call.url === TRACK_ORDER)
    .map(({ body, authorization }) => ({ body, authorization }));

/** How many times WooCommerce was asked for an order. */
const orderReadsOf = (shop: TestWooCommerce) =>
  shop.received.filter((call) => call.method === 'GET' && /\/wc\/v3\/orders\/\d/.test(call.url))
    .length;

/** The order paid (or failed, or completed) at WooCommerce. */
function pay(shop: TestWooCommerce, id: number, status = 'processing') {
  const order = shop.orders.get(id);
  if (!order) throw new Error(`no order ${String(id)} at the test WooCommerce`);
  order.status = status;
}

const TRACKING = (id: number) => `/api/shop/orders/${String(id)}/tracking`;
const CAMPAIGN = { mc_cid: '2f1a9c7e44', mc_eid: 'b61d0e5f3a' };

/** Places an order of two lines through `gateway`: its id and the browser's orders cookie. */
async function placeTwoLines(gateway: FastifyInstance, headers: Record<string, string> = {}) {
  const created = await placeOrder(
    gateway,
    {
      email: 'dr.patel@nhs.net',
      lines: [
        { product_id: 3103, variation_id: 310303, quantity: 2 },
        { product_id: 3301, quantity: 1 },
      ],
      expected_total: '149.97',
    },
    headers,
  );
  expect(created.statusCode).toBe(201);
  const cookie = created.cookies.find((c) => c.name === 'sf_orders')?.value ?? '';
  return { id: created.json<{ id: number }>().id, cookie };
}

function report(
  gateway: FastifyInstance,
  id: number,
  options: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return gateway.inject({
    method: 'POST',
    url: TRACKING(id),
    payload: options.payload ?? CAMPAIGN,
    headers: options.headers ?? {},
    cookies: options.cookie === undefined ? {} : { sf_orders: options.cookie },
  });
}

describe('a paid order’s tracking', () => {
  const log: string[] = [];
  const woo = testWooCommercePerTest({ log });
  beforeEach(() => {
    log.length = 0;
  });

  it('the first report of the browser’s paid order posts the tracking built from the order, with the campaign ids, without the shop’s keys', async () => {
    const { id, cookie } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id);
    const answer = await report(woo.gateway, id, { cookie });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ reported: true });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(trackedBy(woo.upstream)).toEqual([
      {
        body: {
          orderId: id,
          total: '149.97',
          // The order's billing email as WooCommerce holds it, not the one the browser sent.
          email: 'someone@example.com',
          mc_cid: '2f1a9c7e44',
          mc_eid: 'b61d0e5f3a',
          items: [
            {
              id: id * 100,
              product_id: 3103,
              product_variant_id: 310303,
              product_title: 'Course 3103',
              price: 49.99,
              quantity: 2,
            },
            {
              id: id * 100 + 1,
              product_id: 3301,
              product_variant_id: 3301,
              product_title: 'Course 3301',
              price: 49.99,
              quantity: 1,
            },
          ],
        },
        authorization: undefined,
      },
    ]);
    expect(JSON.stringify(trackedBy(woo.upstream))).not.toContain(KEY);
  });

  it('a second report of the order (another tab, a reload) posts nothing and says it was not the first', async () => {
    const { id, cookie } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id, 'completed');
    expect((await report(woo.gateway, id, { cookie })).json()).toEqual({ reported: true });
    const again = await report(woo.gateway, id, { cookie, payload: { mc_cid: '', mc_eid: '' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ reported: false });
    expect(trackedBy(woo.upstream)).toHaveLength(1);
  });

  it('an order still to be paid, or one whose payment failed, is not reported', async () => {
    const { id, cookie } = await placeTwoLines(woo.gateway);
    const pending = await report(woo.gateway, id, { cookie });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'order_not_paid' });
    pay(woo.upstream, id, 'failed');
    expect((await report(woo.gateway, id, { cookie })).statusCode).toBe(409);
    expect(trackedBy(woo.upstream)).toEqual([]);
    // Paid after all: its first report now posts it.
    pay(woo.upstream, id);
    expect((await report(woo.gateway, id, { cookie })).statusCode).toBe(201);
    expect(trackedBy(woo.upstream)).toHaveLength(1);
  });

  it('another browser’s order is not found, whoever guesses its id; WooCommerce is not even asked', async () => {
    const { id } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id);
    const other = await placeTwoLines(woo.gateway);
    const reads = orderReadsOf(woo.upstream);
    for (const options of [{}, { cookie: other.cookie }, { cookie: String(id) }]) {
      const answer = await report(woo.gateway, id, options);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'order_not_found' });
    }
    expect(orderReadsOf(woo.upstream)).toBe(reads);
    // Another learner's token does not make it theirs either.
    const stranger = await report(woo.gateway, id, {
      headers: { authorization: `Bearer ${jwtFor(5)}` },
    });
    expect(stranger.statusCode).toBe(404);
    expect(trackedBy(woo.upstream)).toEqual([]);
  });

  it('the order’s customer reports it from any device with their token', async () => {
    const { id } = await placeTwoLines(woo.gateway, { authorization: `Bearer ${jwtFor(7)}` });
    pay(woo.upstream, id);
    const answer = await report(woo.gateway, id, {
      headers: { authorization: `Bearer ${jwtFor(7)}` },
    });
    expect(answer.statusCode).toBe(201);
    expect(trackedBy(woo.upstream)).toHaveLength(1);
  });

  it.each([
    ['a field the schema does not list', { ...CAMPAIGN, total: '0.01' }],
    ['the payload itself', { ...CAMPAIGN, orderId: 1, email: 'x@y.z', items: [] }],
    ['no campaign ids', {}],
    ['a campaign id with markup', { ...CAMPAIGN, mc_cid: '<script>' }],
    ['a campaign id too long', { ...CAMPAIGN, mc_eid: 'a'.repeat(65) }],
    ['a number for an id', { ...CAMPAIGN, mc_cid: 42 }],
  ])('%s is refused (400) before any upstream call', async (_name, payload) => {
    const { id, cookie } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id);
    const reads = orderReadsOf(woo.upstream);
    const answer = await report(woo.gateway, id, { cookie, payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_request' });
    expect(orderReadsOf(woo.upstream)).toBe(reads);
    expect(trackedBy(woo.upstream)).toEqual([]);
  });

  it.each(['0', '01', 'abc', '99999999999'])(
    'an order id of %p is refused or not found, never read',
    async (id) => {
      const reads = orderReadsOf(woo.upstream);
      const answer = await woo.gateway.inject({
        method: 'POST',
        url: `/api/shop/orders/${id}/tracking`,
        payload: CAMPAIGN,
      });
      expect([400, 404]).toContain(answer.statusCode);
      expect(orderReadsOf(woo.upstream)).toBe(reads);
    },
  );

  it('a tracking WordPress refuses is logged, and never posted again: at most once per order', async () => {
    woo.upstream.state.trackStatus = 500;
    const { id, cookie } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id);
    expect((await report(woo.gateway, id, { cookie })).json()).toEqual({ reported: true });
    expect(log.join('')).toContain(
      `The order tracking of order ${String(id)} was refused by WordPress (500)`,
    );
    expect(log.join('')).not.toContain('someone@example.com');
    woo.upstream.state.trackStatus = 200;
    expect((await report(woo.gateway, id, { cookie })).json()).toEqual({ reported: false });
    expect(trackedBy(woo.upstream)).toHaveLength(1);
  });

  it('the browser can no longer post a tracking to WordPress itself', async () => {
    const { id, cookie } = await placeTwoLines(woo.gateway);
    pay(woo.upstream, id);
    const answer = await woo.gateway.inject({
      method: 'POST',
      url: '/wp-json/custom/v2/trackOrder',
      payload: { orderId: id, total: '0.01', email: 'x@y.z', items: [] },
      cookies: { sf_orders: cookie },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'rest_no_route' });
    expect(trackedBy(woo.upstream)).toEqual([]);
  });
});

describe('a paid order’s tracking across gateways sharing one Redis', () => {
  const shops = redisShopsPerTest();

  it('two tabs reporting through two gateways at once: one report posts it, the other is told it was not the first', async () => {
    const a = await shops.gateway();
    const b = await shops.gateway();
    const { id, cookie } = await placeTwoLines(a);
    pay(shops.upstream, id);
    const answers = await Promise.all([report(a, id, { cookie }), report(b, id, { cookie })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.json<{ reported: boolean }>().reported).sort()).toEqual([
      false,
      true,
    ]);
    expect(trackedBy(shops.upstream)).toHaveLength(1);
  });

  it('while Redis is down no report is taken, so none can be posted twice', async () => {
    const log: string[] = [];
    const gateway = await shops.gateway(log);
    const { id, cookie } = await placeTwoLines(gateway);
    pay(shops.upstream, id);
    await shops.redis.stop();
    const answer = await report(gateway, id, { cookie });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'tracking_unavailable' });
    expect(trackedBy(shops.upstream)).toEqual([]);
  });
});
