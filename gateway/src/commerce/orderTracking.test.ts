import Fastify, { type FastifyInstance } from 'fastify';
import { sharedRedis } from '../test-support/redisServer';
import { KEY, shopGateway } from '../test-support/shop';
import { jwtFor } from '../test-support/tokens';

/**
 * WordPress with WooCommerce as far as a paid order's tracking goes: orders are placed at £49.99 a
 * line and paid by the test; every order tracking WordPress is posted is recorded, with the
 * headers it came with.
 */
async function startShop() {
  const app = Fastify();
  const orders = new Map<number, Record<string, unknown>>();
  const tracked: { body: unknown; authorization?: string | undefined }[] = [];
  const state = { trackStatus: 200, orderReads: 0 };
  app.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const match = /^Bearer .*\.sig-(\d+)$/.exec(request.headers.authorization ?? '');
    return match ? { id: Number(match[1]) } : reply.code(401).send({ code: 'x', message: 'no' });
  });
  app.post('/wp-json/wc/v3/orders', (request, reply) => {
    const body = request.body as {
      customer_id: number;
      billing: { email: string };
      line_items: { product_id: number; variation_id?: number; quantity: number }[];
    };
    const id = 700 + orders.size;
    const lines = body.line_items.map((line, index) => ({
      id: id * 100 + index,
      name: `Course ${String(line.product_id)}`,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      quantity: line.quantity,
      subtotal: (49.99 * line.quantity).toFixed(2),
      total: (49.99 * line.quantity).toFixed(2),
      price: 49.99,
      sku: `SKU-${String(line.product_id)}`,
    }));
    const total = lines.reduce((sum, line) => sum + Number(line.total), 0).toFixed(2);
    const order = {
      id,
      status: 'pending',
      currency: 'GBP',
      total,
      customer_id: body.customer_id,
      billing: { email: body.billing.email, phone: '07700 900000', address_1: '1 High St' },
      payment_url: `https://shop.example.test/checkout/order-pay/${String(id)}/?key=wc_order_k`,
      line_items: lines,
    };
    orders.set(id, order);
    return reply.code(201).send(order);
  });
  // Its products: none sold individually, none with a counted stock.
  app.get<{ Params: { id: string } }>('/wp-json/wc/v3/products/:id', (request) => ({
    id: Number(request.params.id),
    name: `Course ${request.params.id}`,
    slug: `course-${request.params.id}`,
    type: 'simple',
    price: '49.99',
    regular_price: '49.99',
    sale_price: '',
  }));
  app.get('/wp-json/wc/v3/products/:id/variations', () => []);
  app.get<{ Params: { id: string } }>('/wp-json/wc/v3/orders/:id', (request, reply) => {
    state.orderReads += 1;
    const order = orders.get(Number(request.params.id));
    return order ?? reply.code(404).send({ code: 'invalid_id', message: 'Invalid ID.' });
  });
  app.post('/wp-json/custom/v2/trackOrder', (request, reply) => {
    tracked.push({ body: request.body, authorization: request.headers.authorization });
    return reply.code(state.trackStatus).send({ success: state.trackStatus === 200 });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    tracked,
    state,
    pay(id: number, status = 'processing') {
      const order = orders.get(id);
      if (order) order.status = status;
    },
  };
}

type Shop = Awaited<ReturnType<typeof startShop>>;

const TRACKING = (id: number) => `/api/shop/orders/${String(id)}/tracking`;
const CAMPAIGN = { mc_cid: '2f1a9c7e44', mc_eid: 'b61d0e5f3a' };

/** Places an order of two lines through `gateway`: its id and the browser's orders cookie. */
async function placeOrder(gateway: FastifyInstance, headers: Record<string, string> = {}) {
  const created = await gateway.inject({
    method: 'POST',
    url: '/api/shop/orders',
    headers,
    payload: {
      email: 'dr.patel@nhs.net',
      lines: [
        { product_id: 3103, variation_id: 310303, quantity: 2 },
        { product_id: 3301, quantity: 1 },
      ],
      expected_total: '149.97',
    },
  });
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
  let shop: Shop;
  let gateway: FastifyInstance;
  const log: string[] = [];

  beforeAll(async () => {
    shop = await startShop();
  });
  beforeEach(async () => {
    log.length = 0;
    shop.tracked.length = 0;
    shop.state.trackStatus = 200;
    gateway = await shopGateway(shop.url, { log });
  });
  afterEach(() => gateway.close());
  afterAll(() => shop.app.close());

  it('the first report of the browser’s paid order posts the tracking built from the order, with the campaign ids, without the shop’s keys', async () => {
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id);
    const answer = await report(gateway, id, { cookie });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ reported: true });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(shop.tracked).toEqual([
      {
        body: {
          orderId: id,
          total: '149.97',
          email: 'dr.patel@nhs.net',
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
    expect(JSON.stringify(shop.tracked)).not.toContain(KEY);
  });

  it('a second report of the order (another tab, a reload) posts nothing and says it was not the first', async () => {
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id, 'completed');
    expect((await report(gateway, id, { cookie })).json()).toEqual({ reported: true });
    const again = await report(gateway, id, { cookie, payload: { mc_cid: '', mc_eid: '' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ reported: false });
    expect(shop.tracked).toHaveLength(1);
  });

  it('an order still to be paid, or one whose payment failed, is not reported', async () => {
    const { id, cookie } = await placeOrder(gateway);
    const pending = await report(gateway, id, { cookie });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'order_not_paid' });
    shop.pay(id, 'failed');
    expect((await report(gateway, id, { cookie })).statusCode).toBe(409);
    expect(shop.tracked).toEqual([]);
    // Paid after all: its first report now posts it.
    shop.pay(id);
    expect((await report(gateway, id, { cookie })).statusCode).toBe(201);
    expect(shop.tracked).toHaveLength(1);
  });

  it('another browser’s order is not found, whoever guesses its id; WooCommerce is not even asked', async () => {
    const { id } = await placeOrder(gateway);
    shop.pay(id);
    const other = await placeOrder(gateway);
    const reads = shop.state.orderReads;
    for (const options of [{}, { cookie: other.cookie }, { cookie: String(id) }]) {
      const answer = await report(gateway, id, options);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'order_not_found' });
    }
    expect(shop.state.orderReads).toBe(reads);
    // Another learner's token does not make it theirs either.
    const stranger = await report(gateway, id, {
      headers: { authorization: `Bearer ${jwtFor(5)}` },
    });
    expect(stranger.statusCode).toBe(404);
    expect(shop.tracked).toEqual([]);
  });

  it('the order’s customer reports it from any device with their token', async () => {
    const { id } = await placeOrder(gateway, { authorization: `Bearer ${jwtFor(7)}` });
    shop.pay(id);
    const answer = await report(gateway, id, {
      headers: { authorization: `Bearer ${jwtFor(7)}` },
    });
    expect(answer.statusCode).toBe(201);
    expect(shop.tracked).toHaveLength(1);
  });

  it.each([
    ['a field the schema does not list', { ...CAMPAIGN, total: '0.01' }],
    ['the payload itself', { ...CAMPAIGN, orderId: 1, email: 'x@y.z', items: [] }],
    ['no campaign ids', {}],
    ['a campaign id with markup', { ...CAMPAIGN, mc_cid: '<script>' }],
    ['a campaign id too long', { ...CAMPAIGN, mc_eid: 'a'.repeat(65) }],
    ['a number for an id', { ...CAMPAIGN, mc_cid: 42 }],
  ])('%s is refused (400) before any upstream call', async (_name, payload) => {
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id);
    const reads = shop.state.orderReads;
    const answer = await report(gateway, id, { cookie, payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_request' });
    expect(shop.state.orderReads).toBe(reads);
    expect(shop.tracked).toEqual([]);
  });

  it.each(['0', '01', 'abc', '99999999999'])(
    'an order id of %p is refused or not found, never read',
    async (id) => {
      const reads = shop.state.orderReads;
      const answer = await gateway.inject({
        method: 'POST',
        url: `/api/shop/orders/${id}/tracking`,
        payload: CAMPAIGN,
      });
      expect([400, 404]).toContain(answer.statusCode);
      expect(shop.state.orderReads).toBe(reads);
    },
  );

  it('a tracking WordPress refuses is logged, and never posted again: at most once per order', async () => {
    shop.state.trackStatus = 500;
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id);
    expect((await report(gateway, id, { cookie })).json()).toEqual({ reported: true });
    expect(log.join('')).toContain(
      `The order tracking of order ${String(id)} was refused by WordPress (500)`,
    );
    expect(log.join('')).not.toContain('dr.patel@nhs.net');
    shop.state.trackStatus = 200;
    expect((await report(gateway, id, { cookie })).json()).toEqual({ reported: false });
    expect(shop.tracked).toHaveLength(1);
  });

  it('the browser can no longer post a tracking to WordPress itself', async () => {
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id);
    const answer = await gateway.inject({
      method: 'POST',
      url: '/wp-json/custom/v2/trackOrder',
      payload: { orderId: id, total: '0.01', email: 'x@y.z', items: [] },
      cookies: { sf_orders: cookie },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'rest_no_route' });
    expect(shop.tracked).toEqual([]);
  });
});

describe('a paid order’s tracking across gateways sharing one Redis', () => {
  const shared = sharedRedis();
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop();
  });
  beforeEach(() => {
    shop.tracked.length = 0;
  });
  afterAll(() => shop.app.close());

  it('two tabs reporting through two gateways at once: one report posts it, the other is told it was not the first', async () => {
    const a = await shared.keep(shopGateway(shop.url, { redis: shared.redis.target }));
    const b = await shared.keep(shopGateway(shop.url, { redis: shared.redis.target }));
    const { id, cookie } = await placeOrder(a);
    shop.pay(id);
    const answers = await Promise.all([report(a, id, { cookie }), report(b, id, { cookie })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.json<{ reported: boolean }>().reported).sort()).toEqual([
      false,
      true,
    ]);
    expect(shop.tracked).toHaveLength(1);
  });

  it('while Redis is down no report is taken, so none can be posted twice', async () => {
    const log: string[] = [];
    const gateway = await shared.keep(shopGateway(shop.url, { redis: shared.redis.target, log }));
    const { id, cookie } = await placeOrder(gateway);
    shop.pay(id);
    await shared.redis.stop();
    const answer = await report(gateway, id, { cookie });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'tracking_unavailable' });
    expect(shop.tracked).toEqual([]);
  });
});
