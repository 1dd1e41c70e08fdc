import type { FastifyInstance } from 'fastify';
import { fakeClockOnly } from '../test-support/clock';
import {
  KEY,
  SECRET,
  TEST_CART,
  orderKeyOf,
  placeOrder,
  shopGateway,
  startWooCommerce,
  type TestWooCommerce,
} from '../test-support/shop';
import { jwtFor } from '../test-support/tokens';

describe('the commerce API', () => {
  let upstream: TestWooCommerce;
  let gateway: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    upstream = await startWooCommerce();
  });

  /** A gateway of the shop whose log lines go to `log`. */
  const shop = (log: string[], cookieSecret?: string) =>
    shopGateway(upstream.url, { log, ...(cookieSecret ? { cookieSecret } : {}) });

  // A gateway per test: each starts with its own rate-limit allowance.
  beforeEach(async () => {
    logs.length = 0;
    upstream.reset();
    gateway = await shop(logs);
  });

  afterEach(async () => {
    await gateway.close();
  });

  afterAll(async () => {
    await upstream.wc.close();
  });

  const order = (body: Record<string, unknown>, token?: string) =>
    placeOrder(gateway, body, token ? { authorization: `Bearer ${token}` } : {});

  it('calls WooCommerce with the keys in a header, never in a URL, and answers only the listed fields', async () => {
    const response = await order({ ...TEST_CART, expected_total: '49.99' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Record<string, unknown>>();
    expect(Object.keys(created).sort()).toEqual([
      'currency',
      'id',
      'payment_url',
      'status',
      'total',
    ]);
    expect(created).toMatchObject({ status: 'pending', total: '49.99', currency: 'GBP' });
    expect(response.body).not.toContain('someone@example.com');
    const calls = upstream.received.filter((call) => call.url.includes('/wc/v3/'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.url).not.toMatch(/consumer_|ck_|cs_/);
      expect(call.authorization).toBe(
        `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`,
      );
    }
  });

  it('the server builds the order: pending, unpaid, a guest without a token, the listed fields only', async () => {
    const before = upstream.received.length;
    await order({ ...TEST_CART, expected_total: '49.99' });
    const sent = upstream.received.slice(before).find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      status: 'pending',
      set_paid: false,
      customer_id: 0,
      billing: { email: 'learner@example.com', first_name: '', last_name: '' },
      line_items: [{ product_id: 3101, quantity: 1 }],
      coupon_lines: [],
    });
  });

  /** A POST to `url` is a 400 with `message`, the page's words, and nothing reaches the upstream. */
  async function expectRefusedBeforeUpstream(url: string, payload: unknown, message: string) {
    const before = upstream.received.length;
    const response = await gateway.inject({ method: 'POST', url, payload: payload as object });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_request', message, data: { status: 400 } });
    expect(upstream.received.length).toBe(before);
  }

  it.each([
    ['status', { status: 'completed' }],
    ['set_paid', { set_paid: true }],
    ['customer_id', { customer_id: 3 }],
    ['a line price', { lines: [{ product_id: 3101, quantity: 1, total: '0.00' }] }],
    ['fee lines', { fee_lines: [{ name: 'x', total: '-49.99' }] }],
  ])('a forged %s is refused and reaches nobody', async (_what, forged) => {
    const before = upstream.received.length;
    const response = await order({ ...TEST_CART, expected_total: '49.99', ...forged });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', data: { status: 400 } });
    expect(upstream.received.length).toBe(before);
  });

  const CART = { ...TEST_CART, expected_total: '49.99' };

  it.each([
    ['a field the order does not take', { ...CART, colour: 'red' }, 'Unrecognized key: "colour"'],
    [
      'two fields it does not take, both named',
      { ...CART, colour: 'red', size: 'L' },
      'Unrecognized keys: "colour", "size"',
    ],
    [
      'a field a line does not take',
      { ...CART, lines: [{ product_id: 3101, quantity: 1, colour: 'red' }] },
      'lines.0: Unrecognized key: "colour"',
    ],
    ['a list for the order', [CART], 'Invalid input: expected object, received array'],
    [
      'a list for a line',
      { ...CART, lines: [[3101, 1]] },
      'lines.0: Invalid input: expected object, received array',
    ],
    [
      'no email',
      { lines: CART.lines, expected_total: '49.99' },
      'email: Invalid input: expected string, received undefined',
    ],
    ['an email that is not one', { ...CART, email: 'learner@' }, 'email: Invalid email address'],
    ['no lines', { ...CART, lines: [] }, 'lines: Too small: expected array to have >=1 items'],
    [
      'a fraction of a course',
      { ...CART, lines: [{ product_id: 3101, quantity: 1.5 }] },
      'lines.0.quantity: Invalid input: expected int, received number',
    ],
    [
      'none of a course',
      { ...CART, lines: [{ product_id: 3101, quantity: 0 }] },
      'lines.0.quantity: Too small: expected number to be >=1',
    ],
    [
      'a total that is no amount',
      { ...CART, expected_total: '49.999' },
      'expected_total: must be an amount in pounds, e.g. 34.99',
    ],
    ['a total that is neither', { ...CART, expected_total: true }, 'expected_total: Invalid input'],
  ])(
    'an order with %s is refused with the message the page shows, and reaches nobody',
    async (_what, payload, message) => {
      await expectRefusedBeforeUpstream('/api/shop/orders', payload, message);
    },
  );

  it.each([
    [
      'a field the coupon check does not take',
      { code: 'WELCOME10', total: '49.99', user: 3 },
      'Unrecognized key: "user"',
    ],
    [
      'a list for the coupon check',
      [{ code: 'WELCOME10', total: '49.99' }],
      'Invalid input: expected object, received array',
    ],
    [
      'an empty code',
      { code: ' ', total: '49.99' },
      'code: Too small: expected string to have >=1 characters',
    ],
  ])(
    'a coupon check with %s is refused with the message the page shows, and reaches nobody',
    async (_what, payload, message) => {
      await expectRefusedBeforeUpstream('/api/shop/coupons', payload, message);
    },
  );

  it('an address with an apostrophe or a punycode domain is an email address: the order is placed', async () => {
    for (const email of ["o'brien@example.co.uk", 'learner@xn--bcher-kva.example']) {
      expect((await order({ ...CART, email })).statusCode).toBe(201);
    }
  });

  it("the order's customer is the verified token's user", async () => {
    const before = upstream.received.length;
    expect((await order({ ...TEST_CART, expected_total: '49.99' }, jwtFor(3))).statusCode).toBe(
      201,
    );
    const sent = upstream.received.slice(before).find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({ customer_id: 3 });
    const bad = await order({ ...TEST_CART, expected_total: '49.99' }, 'not-a-token');
    expect(bad.statusCode).toBe(401);
  });

  it('a price that changed since the cart was filled: 409 with the new prices, the order cancelled', async () => {
    upstream.state.unitPence = 5499;
    try {
      const response = await order({ ...TEST_CART, expected_total: '49.99' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'price_changed',
        data: {
          status: 409,
          total: '54.99',
          lines: [{ product_id: 3101, variation_id: 0, price: '54.99' }],
        },
      });
      const cancelled = [...upstream.orders.values()].at(-1);
      expect(cancelled?.status).toBe('cancelled');
    } finally {
      upstream.state.unitPence = 4999;
    }
  });

  it('a reward is capped by the balance, sent as a fee with the points redeemed, and refused to visitors', async () => {
    const token = jwtFor(3);
    const over = await order({ ...TEST_CART, reward: 16, expected_total: '33.99' }, token);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'reward_exceeds_balance',
      message: 'You can use up to £15.00 of reward points.',
    });
    const visitor = await order({ ...TEST_CART, reward: 5, expected_total: '44.99' });
    expect(visitor.statusCode).toBe(401);

    const before = upstream.received.length;
    const paid = await order(
      { ...TEST_CART, coupon: 'WELCOME10', reward: 15, expected_total: '24.99' },
      token,
    );
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ total: '24.99' });
    const update = upstream.received.slice(before).find((call) => call.method === 'PUT');
    expect(update?.body).toEqual({
      fee_lines: [{ name: 'Points redemption', total: '-15.00', tax_status: 'none' }],
      meta_data: [{ key: '_wc_points_redeemed', value: 1500 }],
    });
  });

  it('the reward balance is the learner’s own; visitors get a 401', async () => {
    const own = await gateway.inject({
      url: '/api/shop/rewards',
      headers: { authorization: `Bearer ${jwtFor(3)}` },
    });
    expect(own.json()).toEqual({ points: 1500, value: 15, points_per_pound: 100 });
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await gateway.inject({ url: '/api/shop/rewards' })).statusCode).toBe(401);
  });

  it('a coupon answer carries only the listed fields; a bad code gives WooCommerce’s message', async () => {
    const good = await gateway.inject({
      method: 'POST',
      url: '/api/shop/coupons',
      payload: { code: 'WELCOME10', total: 49.99 },
    });
    expect(good.json()).toEqual({
      code: 'WELCOME10',
      amount: '10.00',
      discount_type: 'fixed_cart',
      percent: null,
      message: 'ok',
    });
    const bad = await gateway.inject({
      method: 'POST',
      url: '/api/shop/coupons',
      payload: { code: 'NOPE', total: 49.99 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Coupon "NOPE" does not exist!' });
  });

  it('a percentage coupon answers its percentage, which the cart takes of its lines as they change', async () => {
    const answer = await gateway.inject({
      method: 'POST',
      url: '/api/shop/coupons',
      payload: { code: 'PLAB20', total: '69.98' },
    });
    expect(answer.json()).toEqual({
      code: 'PLAB20',
      amount: '14.00',
      discount_type: 'percent',
      percent: '20.00',
      message: 'ok',
    });
  });

  describe('what the shop would not sell is refused before any order is created', () => {
    /** The orders WooCommerce was asked to create since `before` calls. */
    const created = (before: number) =>
      upstream.received
        .slice(before)
        .filter((call) => call.method === 'POST' && call.url.includes('/wc/v3/orders'));
    const places = (quantity: number) => ({
      email: 'learner@example.com',
      lines: [{ product_id: 3301, quantity }],
      expected_total: (49.99 * quantity).toFixed(2),
    });

    beforeEach(() => {
      upstream.products.set(3301, { manage_stock: true, stock_quantity: 16 });
    });

    it('21 places of an event with 16 left: 409 quantity_limit naming the limit, no order', async () => {
      const before = upstream.received.length;
      const refused = await order(places(21));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'quantity_limit',
        message: 'Course 3301: only 16 left. Please change your cart and try again.',
        data: {
          status: 409,
          limits: [{ product_id: 3301, variation_id: 0, max_quantity: 16, reason: 'stock' }],
        },
      });
      expect(created(before)).toEqual([]);
      expect((await order(places(16))).statusCode).toBe(201);
    });

    it('a product sold individually: a quantity of 2, or two lines of it, is refused; one is sold', async () => {
      upstream.products.set(3101, { sold_individually: true });
      const before = upstream.received.length;
      const two = await order({
        ...TEST_CART,
        lines: [{ product_id: 3101, quantity: 2 }],
        expected_total: '99.98',
      });
      expect(two.statusCode).toBe(409);
      expect(two.json()).toMatchObject({
        code: 'quantity_limit',
        message:
          'Course 3101 can be bought only once per order. Please change your cart and try again.',
        data: {
          limits: [
            { product_id: 3101, variation_id: 0, max_quantity: 1, reason: 'sold_individually' },
          ],
        },
      });
      const twice = await order({
        ...TEST_CART,
        lines: [
          { product_id: 3101, quantity: 1 },
          { product_id: 3101, quantity: 1 },
        ],
        expected_total: '99.98',
      });
      expect(twice.statusCode).toBe(409);
      expect(created(before)).toEqual([]);
      expect((await order({ ...TEST_CART, expected_total: '49.99' })).statusCode).toBe(201);
    });

    it('a sold-out product (no stock left, or out of stock) is refused', async () => {
      upstream.products.set(3301, { manage_stock: true, stock_quantity: 0 });
      upstream.products.set(3302, { stock_status: 'outofstock' });
      const refused = await order({
        ...TEST_CART,
        lines: [
          { product_id: 3301, quantity: 1 },
          { product_id: 3302, quantity: 1 },
        ],
        expected_total: '99.98',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message:
          'Course 3301 is sold out. Course 3302 is sold out. Please change your cart and try again.',
        data: {
          limits: [
            { product_id: 3301, max_quantity: 0, reason: 'sold_out' },
            { product_id: 3302, max_quantity: 0, reason: 'sold_out' },
          ],
        },
      });
    });

    it('stock changed between add and checkout: the order is checked against the stock now', async () => {
      expect((await order(places(5))).statusCode).toBe(201);
      upstream.products.set(3301, { manage_stock: true, stock_quantity: 3 });
      const refused = await order(places(5));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        data: { limits: [{ product_id: 3301, max_quantity: 3, reason: 'stock' }] },
      });
    });

    it('two requests at once are each checked on their own: the one over the limit is refused, the other placed', async () => {
      const before = upstream.received.length;
      const [over, within, alsoOver] = await Promise.all([
        order(places(21)),
        order(places(5)),
        order(places(17)),
      ]);
      expect([over.statusCode, within.statusCode, alsoOver.statusCode]).toEqual([409, 201, 409]);
      expect(created(before)).toHaveLength(1);
      expect(created(before)[0]?.body).toMatchObject({
        line_items: [{ product_id: 3301, quantity: 5 }],
      });
    });

    it('a counted stock taking backorders limits nothing', async () => {
      upstream.products.set(3301, { manage_stock: true, stock_quantity: 16, backorders: 'notify' });
      expect((await order(places(21))).statusCode).toBe(201);
    });
  });

  it('an order and its lookups are answered to the browser that created it or its customer only', async () => {
    const created = await order({ ...TEST_CART, expected_total: '49.99' });
    const id = created.json<{ id: number }>().id;
    const cookie = created.cookies.find((c) => c.name === 'sf_orders');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const stranger = await gateway.inject({ url: `/api/shop/orders/${String(id)}` });
    expect(stranger.statusCode).toBe(404);
    const lookup = await gateway.inject({
      url: `/wp-json/custom/v2/check-order-lookup/${String(id)}`,
    });
    expect(lookup.statusCode).toBe(404);
    const forged = await gateway.inject({
      url: `/api/shop/orders/${String(id)}`,
      cookies: { sf_orders: String(id) },
    });
    expect(forged.statusCode).toBe(404);
    const owner = await gateway.inject({
      url: `/api/shop/orders/${String(id)}`,
      cookies: { sf_orders: cookie?.value ?? '' },
    });
    expect(owner.json()).toEqual({
      id,
      status: 'pending',
      total: '49.99',
      currency: 'GBP',
      date_created: '2026-11-23T10:00:00',
      date_paid: null,
      email: 'someone@example.com',
      subtotal: '49.99',
      line_items: [{ name: 'Course 3101', quantity: 1, subtotal: '49.99', total: '49.99' }],
      coupons: [],
      reward: null,
    });
    const ownerLookup = await gateway.inject({
      url: `/wp-json/custom/v2/check-order-lookup/${String(id)}`,
      cookies: { sf_orders: cookie?.value ?? '' },
    });
    expect(ownerLookup.statusCode).toBe(200);

    const learners = await order({ ...TEST_CART, expected_total: '49.99' }, jwtFor(3));
    const theirs = learners.json<{ id: number }>().id;
    const asCustomer = await gateway.inject({
      url: `/api/shop/orders/${String(theirs)}`,
      headers: { authorization: `Bearer ${jwtFor(3)}` },
    });
    expect(asCustomer.statusCode).toBe(200);
    const asOther = await gateway.inject({
      url: `/api/shop/orders/${String(theirs)}`,
      headers: { authorization: `Bearer ${jwtFor(4)}` },
    });
    expect(asOther.statusCode).toBe(404);
  });

  it('an order’s confirmation: each line before and after its discount, the coupon and the points it used, and nothing of the order else', async () => {
    const placed = await order(
      { ...TEST_CART, coupon: 'WELCOME10', reward: 5, expected_total: '34.99' },
      jwtFor(3),
    );
    const id = placed.json<{ id: number }>().id;
    const read = await gateway.inject({
      url: `/api/shop/orders/${String(id)}`,
      headers: { authorization: `Bearer ${jwtFor(3)}` },
    });
    expect(read.json()).toEqual({
      id,
      status: 'pending',
      total: '34.99',
      currency: 'GBP',
      date_created: '2026-11-23T10:00:00',
      date_paid: null,
      email: 'someone@example.com',
      subtotal: '49.99',
      line_items: [{ name: 'Course 3101', quantity: 1, subtotal: '49.99', total: '39.99' }],
      coupons: [{ code: 'WELCOME10', discount: '10.00' }],
      reward: { points: 500, amount: '5.00' },
    });
    expect(read.body).not.toMatch(/wc_order_|0700|customer_id|meta_data/);
  });

  describe('an order’s confirmation link (WooCommerce’s order key) in any other browser', () => {
    /** A guest's order, placed in one browser, at `status` now (paid: processing). */
    async function guestOrder(status = 'processing'): Promise<number> {
      const placed = await order({ ...TEST_CART, expected_total: '49.99' });
      const id = placed.json<{ id: number }>().id;
      const held = upstream.orders.get(id) ?? {};
      upstream.orders.set(id, {
        ...held,
        status,
        date_paid: status === 'processing' ? '2026-11-23T10:05:00' : null,
      });
      return id;
    }

    /** A read of order `id` from a browser that did not make it, nobody logged in. */
    const readByKey = (id: number, query: string) =>
      gateway.inject({ url: `/api/shop/orders/${String(id)}${query}` });

    it('a paid order is shown to the holder of its key with no cookie and no login: its confirmation, not where its receipt goes', async () => {
      const id = await guestOrder();
      const read = await readByKey(id, `?key=${orderKeyOf(id)}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        id,
        status: 'processing',
        total: '49.99',
        currency: 'GBP',
        date_created: '2026-11-23T10:00:00',
        date_paid: '2026-11-23T10:05:00',
        subtotal: '49.99',
        line_items: [{ name: 'Course 3101', quantity: 1, subtotal: '49.99', total: '49.99' }],
        coupons: [],
        reward: null,
      });
      expect(read.body).not.toMatch(/someone@example\.com|wc_order_|0700|customer_id/);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(upstream.received.at(-1)).toMatchObject({
        method: 'GET',
        url: `/wp-json/wc/v3/orders/${String(id)}`,
      });
    });

    it('without its exact key nothing of the order is told: the answer of an order that does not exist', async () => {
      const id = await guestOrder();
      const other = await guestOrder();
      const key = orderKeyOf(id);
      const none = await readByKey(987654, `?key=${key}`);
      expect(none.statusCode).toBe(404);
      const refusals = [
        '',
        '?key=wc_order_Wrong',
        `?key=${orderKeyOf(other)}`,
        `?key=${key.toLowerCase()}`,
        `?key=${key.toUpperCase()}`,
        `?key=%20${key}`,
        `?key=${key}%20`,
        `?key=${key}+`,
        `?key=${key}%00`,
        `?key=${key.slice(0, -1)}`,
      ];
      for (const query of refusals) {
        const refused = await readByKey(id, query);
        expect([query, refused.statusCode, refused.body]).toEqual([query, 404, none.body]);
      }
      for (const kept of [orderKeyOf(other), key.toLowerCase(), `${key} `]) {
        const refused = await gateway.inject({
          url: `/api/shop/orders/${String(id)}`,
          cookies: { sf_order_key: kept },
        });
        expect([kept, refused.statusCode, refused.body]).toEqual([kept, 404, none.body]);
      }
      expect(none.json()).toEqual({
        code: 'order_not_found',
        message: 'Order not found.',
        data: { status: 404 },
      });
    });

    it('a key sent twice, or under another name, is refused before the order is read, without its value', async () => {
      const id = await guestOrder();
      const key = orderKeyOf(id);
      const calls = upstream.received.length;
      for (const query of [`?key=${key}&key=${key}`, `?KEY=${key}`, `?key[]=${key}`, `?key=`]) {
        const refused = await readByKey(id, query);
        expect([query, refused.statusCode]).toEqual([query, 400]);
        expect(refused.body).not.toContain(key);
      }
      expect(upstream.received.length).toBe(calls);
    });

    it('an unpaid order by its key says where it stands, with its payment page while it can be paid', async () => {
      const pending = await guestOrder('pending');
      const failed = await guestOrder('failed');
      const cancelled = await guestOrder('cancelled');
      for (const [id, status, payable] of [
        [pending, 'pending', true],
        [failed, 'failed', true],
        [cancelled, 'cancelled', false],
      ] as const) {
        const read = (await readByKey(id, `?key=${orderKeyOf(id)}`)).json<
          Record<string, unknown>
        >();
        expect(read).toMatchObject({ id, status, date_paid: null });
        expect(read.payment_url).toBe(
          payable
            ? `https://shop.example.test/checkout/order-pay/${String(id)}/?key=${orderKeyOf(id)}`
            : undefined,
        );
      }
    });

    it('the browser that made the order reads it as its owner, key or none', async () => {
      const placed = await order({ ...TEST_CART, expected_total: '49.99' });
      const id = placed.json<{ id: number }>().id;
      const cookies = {
        sf_orders: placed.cookies.find((c) => c.name === 'sf_orders')?.value ?? '',
      };
      for (const query of ['', `?key=${orderKeyOf(id)}`, '?key=wc_order_Wrong']) {
        const own = await gateway.inject({
          url: `/api/shop/orders/${String(id)}${query}`,
          cookies,
        });
        expect(own.json()).toMatchObject({ id, email: 'someone@example.com' });
      }
    });

    it('the link is asked for again without its key, which goes in a cookie to the order’s read alone', async () => {
      const id = await guestOrder();
      const key = orderKeyOf(id);
      const page = `/checkout/order-received/${String(id)}/`;
      const link = await gateway.inject({ url: `${page}?key=${key}` });
      expect(link.statusCode).toBe(303);
      expect(link.headers.location).toBe(page);
      expect(link.headers['cache-control']).toBe('no-store');
      expect(link.cookies).toEqual([
        {
          name: 'sf_order_key',
          value: key,
          path: `/api/shop/orders/${String(id)}`,
          maxAge: 86400,
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
        },
      ]);
      const shown = await gateway.inject({ url: page });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain(key);
      expect(shown.body).not.toContain('Course 3101');
      const read = await gateway.inject({
        url: `/api/shop/orders/${String(id)}`,
        cookies: { sf_order_key: key },
      });
      expect(read.json()).toMatchObject({ id, status: 'processing' });
      expect(logs.join('')).not.toContain(key);

      const tagged = await gateway.inject({ url: `${page}?utm_source=bank&key=${key}` });
      expect(tagged.headers.location).toBe(`${page}?utm_source=bank`);
    });

    it('a link whose key no order could have (padded, empty) is asked for again without it, and no key is kept; a key given twice is refused', async () => {
      const id = await guestOrder();
      const key = orderKeyOf(id);
      const page = `/checkout/order-received/${String(id)}/`;
      for (const query of [`?key=%20${key}`, `?key=${key}+`, '?key=']) {
        const link = await gateway.inject({ url: `${page}${query}` });
        expect([query, link.statusCode, link.headers.location]).toEqual([query, 303, page]);
        expect(link.cookies).toMatchObject([
          { name: 'sf_order_key', value: '', path: `/api/shop/orders/${String(id)}` },
        ]);
      }
      // PHP would read the last of two: the gateway takes neither (proxy/phpParams.ts).
      const twice = await gateway.inject({ url: `${page}?key=${key}&key=${key}` });
      expect([twice.statusCode, twice.headers.location, twice.cookies]).toEqual([
        400,
        undefined,
        [],
      ]);
      expect(twice.body).not.toContain(key);
    });

    it('order reads, by key or not, are limited to 120 a minute per client', async () => {
      const id = await guestOrder();
      for (let read = 0; read < 120; read += 1) {
        expect((await readByKey(id, `?key=${orderKeyOf(id)}`)).statusCode).toBe(200);
      }
      const limited = await readByKey(id, `?key=${orderKeyOf(id)}`);
      expect(limited.statusCode).toBe(429);
      expect((await readByKey(id, '')).statusCode).toBe(429);
    });
  });

  it('a learner’s receipt address is their own, for checkout to fill in; a visitor has none', async () => {
    const own = await gateway.inject({
      url: '/api/shop/customer',
      headers: { authorization: `Bearer ${jwtFor(3)}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ email: 'billing3@example.com' });
    expect(own.headers['cache-control']).toBe('no-store');
    expect(upstream.received.at(-1)?.url).toBe('/wp-json/wc/v3/customers/3');
    const visitor = await gateway.inject({ url: '/api/shop/customer' });
    expect(visitor.statusCode).toBe(401);
    const ended = await gateway.inject({
      url: '/api/shop/customer',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(ended.statusCode).toBe(401);
  });

  it('an orders cookie signed with another COOKIE_SECRET lists no order, and is logged at most once a minute', async () => {
    const created = await order({ ...TEST_CART, expected_total: '49.99' });
    const url = `/api/shop/orders/${String(created.json<{ id: number }>().id)}`;
    const cookie = created.cookies.find((c) => c.name === 'sf_orders')?.value ?? '';
    fakeClockOnly();
    const otherLogs: string[] = [];
    const other = await shop(otherLogs, 'another-secret-another-secret-another');
    const refusals = () =>
      otherLogs.filter((line) =>
        line.includes(
          "Refused an orders cookie not signed with this instance's COOKIE_SECRET (another instance's secret, or altered): every instance must share one COOKIE_SECRET",
        ),
      );
    try {
      for (let i = 0; i < 3; i += 1) {
        const refused = await other.inject({ url, cookies: { sf_orders: cookie } });
        expect(refused.statusCode).toBe(404);
      }
      expect(refusals()).toHaveLength(1);
      jest.setSystemTime(Date.now() + 61_000);
      await other.inject({ url, cookies: { sf_orders: cookie } });
      expect(refusals()).toHaveLength(2);
      expect((await gateway.inject({ url, cookies: { sf_orders: cookie } })).statusCode).toBe(200);
    } finally {
      jest.useRealTimers();
      await other.close();
    }
  });

  it('after logout the token is refused everywhere', async () => {
    const token = jwtFor(7);
    const auth = { authorization: `Bearer ${token}` };
    expect((await gateway.inject({ url: '/api/shop/rewards', headers: auth })).statusCode).toBe(
      200,
    );
    const out = await gateway.inject({ method: 'POST', url: '/api/session/logout', headers: auth });
    expect(out.statusCode).toBe(204);
    for (const url of ['/api/shop/rewards', '/wp-json/wp/v2/users/me']) {
      const refused = await gateway.inject({ url, headers: auth });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'token_revoked' });
    }
  });

  it('logs never hold a token, a dashboard token or an order key', async () => {
    const token = jwtFor(3);
    await gateway.inject({
      url: '/api/shop/rewards',
      headers: { authorization: `Bearer ${token}` },
    });
    await gateway.inject({ url: `/portal/course/${token}` });
    await gateway.inject({
      url: '/checkout/order-pay/900/?pay_for_order=true&key=wc_order_secret',
    });
    await gateway.inject({ url: '/api/shop/orders/900?key=wc_order_secret' });
    await gateway.inject({ url: '/checkout/order-received/900/?key=wc_order_secret' });
    const text = logs.join('');
    expect(text).toContain('/portal/course/[redacted]');
    expect(logs.filter((line) => line.includes(token))).toEqual([]);
    expect(text).not.toContain('wc_order_secret');
    expect(text).not.toContain(SECRET);
  });
});
