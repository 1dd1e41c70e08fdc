import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
// The sample backend's source, not its build: the unit tests run before anything is built.
import { DEMO_LEARNER, startSampleBackend } from '../../../sample-backend/src';
import { buildGateway, type GatewayOptions } from '../app';
import { writeShellBuild } from './contract';
import { logInto } from './pageHeads';
import { sharedRedis } from './redisServer';
import { jwtFor, signerOf } from './tokens';

export const KEY = 'ck_0123456789abcdef0123456789abcdef01234567';
export const SECRET = 'cs_0123456789abcdef0123456789abcdef01234567';

/** Where the storefront places an order. */
export const ORDERS = '/api/shop/orders';

/** PLAB 1 Question Bank, one month, £19.99 in the sample shop; £15 of points leaves £4.99. */
export const SAMPLE_CART = {
  email: 'learner@example.com',
  lines: [{ product_id: 3108, variation_id: 310801, quantity: 1 }],
};
/** One £49.99 course at the test WooCommerce; £15 of points leaves £34.99. */
export const TEST_CART = {
  email: 'learner@example.com',
  lines: [{ product_id: 3101, quantity: 1 }],
};

/** Places an order through `gateway` with the request headers `headers`. */
export const placeOrder = (
  gateway: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => gateway.inject({ method: 'POST', url: ORDERS, payload, headers });

/** The key (WooCommerce's `order_key`) the test WooCommerce gives order `id`: each its own. */
export const orderKeyOf = (id: number) => `wc_order_Secret${String(id)}`;

/** The points every learner of the test WooCommerce starts with: £15.00 at 100 points a pound. */
export const STARTING_POINTS = 1500;

interface Received {
  method: string;
  url: string;
  authorization?: string;
  body?: unknown;
}

/**
 * A WooCommerce that prices each line at £49.99 and records every call it gets. Its Points and
 * Rewards takes an order's `_wc_points_redeemed` whenever an update carries it, without looking
 * at the balance (which may go below zero, so a double spend shows), and gives them back when the
 * order is cancelled. `set_paid` completes a pending order as payment_complete() does; the coupon
 * BIGSAVE takes a whole order, any other £10. Balance reads and order updates can be held,
 * redemptions made to fail after they applied, and updates made to fail. WordPress's order
 * tracking (posted by the gateway for a paid order) answers `state.trackStatus`.
 */
export async function startWooCommerce() {
  const wc = Fastify();
  const received: Received[] = [];
  const state = { unitPence: 4999, failRedemption: false, failUpdates: false, trackStatus: 200 };
  const balances = new Map<number, number>();
  const balanceOf = (user: number) => balances.get(user) ?? STARTING_POINTS;
  const orders = new Map<number, Record<string, unknown>>();
  /** Each product's stock fields and one-per-order rule, where a test sets them. */
  const products = new Map<number, Record<string, unknown>>();
  const redeemed = new Map<number, { user: number; points: number }>();
  /** Orders whose redeemed points went back (a declined payment) while the order stays. */
  const returned = new Set<number>();
  let gate = Promise.resolve();
  let heldReads = 0;
  let updateGate = Promise.resolve();
  let heldUpdates = 0;
  wc.addHook('preHandler', (request, _reply, done) => {
    received.push({
      method: request.method,
      url: request.url,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    done();
  });
  const money = (pence: number) => (pence / 100).toFixed(2);
  const priced = (id: number, body: Record<string, unknown>, fee = 0) => {
    const ordered = body.line_items as {
      product_id: number;
      variation_id?: number;
      quantity: number;
    }[];
    const subtotal = ordered.reduce((sum, line) => sum + state.unitPence * line.quantity, 0);
    // BIGSAVE takes the whole subtotal, any other code £10; the lines share the discount.
    let left = subtotal;
    const couponLines = (body.coupon_lines as { code: string }[]).map(({ code }) => {
      const taken = Math.min(left, code === 'BIGSAVE' ? subtotal : 1000);
      left -= taken;
      return { id: id * 100 + 90, code, discount: money(taken) };
    });
    const discount = subtotal - left;
    let shared = 0;
    const lines = ordered.map((line, index) => {
      const linePence = state.unitPence * line.quantity;
      const share =
        index === ordered.length - 1
          ? discount - shared
          : Math.floor((discount * linePence) / Math.max(1, subtotal));
      shared += share;
      return {
        id: id * 100 + index,
        name: `Course ${String(line.product_id)}`,
        product_id: line.product_id,
        variation_id: line.variation_id ?? 0,
        quantity: line.quantity,
        subtotal: money(linePence),
        total: money(linePence - share),
      };
    });
    return {
      id,
      status: 'pending',
      currency: 'GBP',
      date_created: '2026-11-23T10:00:00',
      customer_id: body.customer_id,
      discount_total: money(discount),
      total: money(Math.max(0, subtotal - discount + fee)),
      date_paid: null,
      order_key: orderKeyOf(id),
      billing: { email: 'someone@example.com', phone: '0700' },
      coupon_lines: couponLines,
      fee_lines: [],
      meta_data: [],
      payment_url: `https://shop.example.test/checkout/order-pay/${String(id)}/?key=${orderKeyOf(id)}`,
      line_items: lines,
      body,
    };
  };
  wc.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const id = signerOf(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
    return id === undefined ? reply.code(401).send({ code: 'x', message: 'no' }) : { id };
  });
  wc.get<{ Params: { id: string } }>('/wp-json/wc-points-rewards/v1/users/:id', async (request) => {
    heldReads += 1;
    await gate;
    heldReads -= 1;
    return { points_balance: balanceOf(Number(request.params.id)), redeem_ratio: '100:1' };
  });
  wc.get<{ Params: { id: string } }>('/wp-json/wc/v3/products/:id', (request) => {
    const id = Number(request.params.id);
    return {
      id,
      name: `Course ${String(id)}`,
      slug: `course-${String(id)}`,
      type: 'simple',
      price: money(state.unitPence),
      regular_price: money(state.unitPence),
      sale_price: '',
      sold_individually: false,
      manage_stock: false,
      stock_quantity: null,
      stock_status: 'instock',
      backorders: 'no',
      ...products.get(id),
    };
  });
  // No product has variations of its own: a line's variation is sold as its product is.
  wc.get('/wp-json/wc/v3/products/:id/variations', () => []);
  wc.get<{ Querystring: { code?: string } }>('/wp-json/wc/v3/coupons', (request) =>
    request.query.code?.toUpperCase() === 'PLAB20'
      ? [{ id: 8002, code: 'PLAB20', amount: '20.00', discount_type: 'percent' }]
      : [],
  );
  wc.post('/wp-json/wc/v3/orders', (request, reply) => {
    const id = 900 + orders.size;
    // Created now by the clock (Date.now), in WooCommerce's spelling: UTC, no zone.
    const created = new Date().toISOString().slice(0, 19);
    const order = {
      ...priced(id, request.body as Record<string, unknown>),
      date_created_gmt: created,
    };
    orders.set(id, order);
    return reply.code(201).send(order);
  });
  wc.put<{ Params: { id: string } }>('/wp-json/wc/v3/orders/:id', async (request, reply) => {
    heldUpdates += 1;
    await updateGate;
    heldUpdates -= 1;
    if (state.failUpdates) {
      return reply.code(500).send({ code: 'internal_server_error', message: 'Fatal error' });
    }
    const id = Number(request.params.id);
    const order = orders.get(id) ?? {};
    const body = order.body as Record<string, unknown>;
    const update = request.body as {
      status?: string;
      set_paid?: boolean;
      fee_lines?: { name: string; total: string }[];
      meta_data?: { key: string; value: number }[];
    };
    const points = update.meta_data?.find((meta) => meta.key === '_wc_points_redeemed')?.value;
    const user = Number(body.customer_id);
    if (points !== undefined && !redeemed.has(id)) {
      balances.set(user, balanceOf(user) - points);
      redeemed.set(id, { user, points });
    }
    const taken = redeemed.get(id);
    if (update.status === 'cancelled' && taken) {
      if (!returned.has(id)) balances.set(taken.user, balanceOf(taken.user) + taken.points);
      redeemed.delete(id);
      returned.delete(id);
    }
    const fees = update.fee_lines ?? (order.fee_lines as { name: string; total: string }[]);
    const fee = Math.round(Number(fees[0]?.total ?? 0) * 100);
    // set_paid is WooCommerce's payment_complete(): a pending order becomes processing, paid now.
    const paid = update.set_paid === true && order.status === 'pending';
    const next = {
      ...priced(id, body, fee),
      date_created_gmt: order.date_created_gmt,
      status: update.status ?? (paid ? 'processing' : order.status),
      date_paid: paid ? '2026-11-23T10:05:00' : order.date_paid,
      fee_lines: fees.map(({ name, total }) => ({ name, total })),
      meta_data: update.meta_data ?? order.meta_data,
    };
    orders.set(id, next);
    if (points !== undefined && state.failRedemption) {
      return reply.code(500).send({ code: 'internal_server_error', message: 'Fatal error' });
    }
    return next;
  });
  wc.get<{ Params: { id: string } }>('/wp-json/wc/v3/orders/:id', (request, reply) => {
    const order = orders.get(Number(request.params.id));
    return order ?? reply.code(404).send({ code: 'invalid_id', message: 'Invalid ID.' });
  });
  wc.get<{ Querystring: { customer?: string; status?: string } }>(
    '/wp-json/wc/v3/orders',
    (request) => {
      const statuses = request.query.status?.split(',');
      return [...orders.values()]
        .filter(
          (order) =>
            String(order.customer_id) === request.query.customer &&
            (statuses === undefined || statuses.includes(String(order.status))),
        )
        .reverse();
    },
  );
  // WooCommerce's payment page, as permissive as its REST API: whatever the order's points or
  // places, a good card pays an unpaid (pending or failed) order (taking back points a decline returned, the balance going below
  // zero so a double spend shows; the stock too), a declined one fails it (its points go back),
  // and `cancel_order=true` cancels it.
  wc.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  wc.get<{ Params: { id: string } }>('/checkout/order-pay/:id/', (request, reply) => {
    const order = orders.get(Number(request.params.id));
    return reply
      .code(order ? 200 : 404)
      .type('text/html')
      .send(order ? `<h1>Pay for order #${request.params.id}</h1>` : '<h1>Order not found</h1>');
  });
  wc.post<{ Params: { id: string } }>('/checkout/order-pay/:id/', (request, reply) => {
    const id = Number(request.params.id);
    const order = orders.get(id);
    if (!order) return reply.code(404).type('text/html').send('<h1>Order not found</h1>');
    if (!['pending', 'failed'].includes(String(order.status))) {
      return reply.code(409).type('text/html').send('<p>This order cannot be paid for.</p>');
    }
    const form = request.body as Record<string, string>;
    const taken = redeemed.get(id);
    const giveBack = () => {
      if (taken && !returned.has(id)) {
        balances.set(taken.user, balanceOf(taken.user) + taken.points);
        returned.add(id);
      }
    };
    if (form.cancel_order === 'true') {
      giveBack();
      orders.set(id, { ...order, status: 'cancelled' });
      return reply.redirect(`/cart/?cancel_order=true&order_id=${String(id)}`, 303);
    }
    if (form.payment_method === 'sample_card_declined') {
      giveBack();
      orders.set(id, { ...order, status: 'failed' });
      return reply.type('text/html').send('<p>Your payment was declined.</p>');
    }
    if (taken && returned.has(id)) {
      balances.set(taken.user, balanceOf(taken.user) - taken.points);
      returned.delete(id);
    }
    for (const line of order.line_items as { product_id: number; quantity: number }[]) {
      const product = products.get(line.product_id);
      const left = product?.stock_quantity;
      if (product && typeof left === 'number') product.stock_quantity = left - line.quantity;
    }
    orders.set(id, { ...order, status: 'processing', date_paid: '2026-11-23T10:05:00' });
    return reply.redirect(`/checkout/order-received/${String(id)}/?key=wc_order_secret`, 303);
  });
  wc.get<{ Params: { id: string } }>('/wp-json/wc/v3/customers/:id', (request) => ({
    id: Number(request.params.id),
    email: `learner${request.params.id}@example.com`,
    first_name: 'Asha',
    billing: { email: `billing${request.params.id}@example.com`, phone: '0700' },
    is_paying_customer: true,
  }));
  wc.post('/wp-json/wc/v3/apply-coupon', (request, reply) => {
    const { code, total } = request.body as { code: string; total: string };
    if (code === 'PLAB20') {
      const off = Math.round(Math.round(Number(total) * 100) * 0.2);
      return { code, amount: money(off), discount_type: 'percent', message: 'ok' };
    }
    return code === 'WELCOME10'
      ? { code, amount: '10.00', discount_type: 'fixed_cart', message: 'ok', secret: KEY }
      : reply
          .code(400)
          .send({ code: 'invalid_coupon', message: `Coupon "${code}" does not exist!` });
  });
  wc.get('/wp-json/custom/v2/check-order-lookup/:id', () => ({ status: 'pending' }));
  // WordPress's order tracking: the gateway posts a paid order's; answered with `trackStatus`.
  wc.post('/wp-json/custom/v2/trackOrder', (_request, reply) =>
    reply.code(state.trackStatus).send({ success: state.trackStatus === 200 }),
  );
  const url = await wc.listen({ host: '127.0.0.1', port: 0 });
  return {
    wc,
    url,
    received,
    state,
    orders,
    /** Products' stock fields and one-per-order rule (`sold_individually`), by id. */
    products,
    /** A learner's balance now. */
    balanceOf,
    /** No order, no call, every learner at the starting balance, nothing failing, nothing held. */
    reset() {
      received.length = 0;
      orders.clear();
      products.clear();
      redeemed.clear();
      returned.clear();
      balances.clear();
      state.failRedemption = false;
      state.failUpdates = false;
      state.trackStatus = 200;
      gate = Promise.resolve();
      updateGate = Promise.resolve();
    },
    /** Holds balance reads until the returned function is called. */
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    /** How many balance reads are held now. */
    heldReads: () => heldReads,
    /** Holds order updates until the returned function is called. */
    holdUpdates() {
      let release: () => void = () => undefined;
      updateGate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    /** How many order updates are held now. */
    heldUpdates: () => heldUpdates,
  };
}

export type TestWooCommerce = Awaited<ReturnType<typeof startWooCommerce>>;

/**
 * A gateway of the shop in front of `upstreamUrl` (WordPress, WooCommerce and the LMS at once),
 * whose log lines go to `log`.
 */
export function shopGateway(
  upstreamUrl: string,
  options: Partial<GatewayOptions> & { log?: string[] } = {},
) {
  const { log = [], ...rest } = options;
  const appsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-shop-'));
  writeShellBuild(appsRoot);
  return buildGateway({
    appsRoot,
    deployDir: path.join(appsRoot, 'deploy'),
    upstreams: { wordpress: upstreamUrl, lms: upstreamUrl, portal: upstreamUrl },
    wooCommerce: { key: KEY, secret: SECRET },
    publicUrl: 'https://shop.example.test',
    portalUrl: '/portal',
    logLevel: 'info',
    logStream: logInto(log),
    cookieSecret: 'test-secret-test-secret-test-secret',
    ...rest,
  });
}

/** The headers of learner `id`'s request. */
export const learner = (id: number) => ({ authorization: `Bearer ${jwtFor(id)}` });

/** An order as the sample backend's WooCommerce lists it. */
export interface SampleOrder {
  id: number;
  status: string;
  customer_id: number;
  payment_url: string;
  meta_data: { key: string; value: unknown }[];
}

/**
 * The sample backend (WordPress, WooCommerce with Points and Rewards, the LMS) on a fresh state
 * folder, with the demo learner logged in, and what a test reads back from it.
 */
export async function startShopBackend() {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-sample-'));
  const backend = await startSampleBackend({
    wcConsumerKey: KEY,
    wcConsumerSecret: SECRET,
    stateDir,
  });
  const basic = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
  const read = async (wcPath: string): Promise<unknown> => {
    const response = await fetch(`${backend.url}/wp-json/${wcPath}`, {
      headers: { authorization: basic },
    });
    return response.json();
  };
  const login = await fetch(`${backend.url}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LEARNER.email, password: DEMO_LEARNER.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    url: backend.url,
    /** The demo learner's request headers. */
    auth: { authorization: `Bearer ${token}` },
    /** The demo learner's points balance. */
    async balance(): Promise<number> {
      const answer = (await read(`wc-points-rewards/v1/users/${String(DEMO_LEARNER.userId)}`)) as {
        points_balance: number;
      };
      return answer.points_balance;
    },
    /** Every order the shop holds (the newest 100). */
    orders: async () => (await read('wc/v3/orders?per_page=100')) as SampleOrder[],
    async close() {
      await backend.close();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

type ShopBackend = Awaited<ReturnType<typeof startShopBackend>>;

/** The points an order took from its customer and still holds (a cancelled one holds none). */
export function pointsHeld(order: SampleOrder): number {
  if (['cancelled', 'refunded', 'failed'].includes(order.status)) return 0;
  const value = order.meta_data.find((meta) => meta.key === '_wc_points_redeemed')?.value;
  return Number(value ?? 0);
}

/**
 * For a describe block: before each test a sample shop on a fresh state folder and a gateway in
 * front of it, both closed after the test.
 */
export function sampleShopPerTest() {
  let shop!: ShopBackend;
  let gateway!: FastifyInstance;
  beforeEach(async () => {
    shop = await startShopBackend();
    gateway = await shopGateway(shop.url);
  });
  afterEach(async () => {
    await gateway.close();
    await shop.close();
  });
  return {
    get shop() {
      return shop;
    },
    get gateway() {
      return gateway;
    },
  };
}

/**
 * For a describe block: a test WooCommerce started once and reset before each test, with a
 * gateway (of `options`, its log lines going to `options.log`) built in front of it before each
 * test and closed after.
 */
export function testWooCommercePerTest(options: Partial<GatewayOptions> & { log?: string[] } = {}) {
  let upstream!: TestWooCommerce;
  let gateway!: FastifyInstance;
  beforeAll(async () => {
    upstream = await startWooCommerce();
  });
  beforeEach(async () => {
    upstream.reset();
    gateway = await shopGateway(upstream.url, options);
  });
  afterEach(() => gateway.close());
  afterAll(() => upstream.wc.close());
  return {
    get upstream() {
      return upstream;
    },
    get gateway() {
      return gateway;
    },
  };
}

/**
 * For a describe block of shop gateways sharing one Redis: a test WooCommerce started once and
 * reset before each test, the Redis of `sharedRedis`, and `gateway(log)`, a gateway in front of
 * both (its log lines going to `log`) that is closed after its test.
 */
export function redisShopsPerTest() {
  const shared = sharedRedis();
  let upstream!: TestWooCommerce;
  beforeAll(async () => {
    upstream = await startWooCommerce();
  });
  beforeEach(() => {
    upstream.reset();
  });
  afterAll(() => upstream.wc.close());
  return {
    get upstream() {
      return upstream;
    },
    get redis() {
      return shared.redis;
    },
    gateway: (log: string[] = []) =>
      shared.keep(shopGateway(upstream.url, { redis: shared.redis.target, log })),
  };
}
