import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { eventually } from '../test-support/eventually';
import {
  learner,
  ORDERS,
  placeOrder as order,
  redisShopsPerTest,
  SAMPLE_CART,
  sampleShopPerTest,
  TEST_CART,
  testWooCommercePerTest,
} from '../test-support/shop';
import { createMemoryClaims } from './claims';
import {
  createOrderAttempts,
  IN_PROGRESS_MESSAGE,
  INVALID_KEY_MESSAGE,
  KEEP_PLACED_MS,
  KEY_REUSED_MESSAGE,
  type CreatedOrder,
} from './orderAttempts';
import { orderInput, type OrderInput } from './schemas';

const KEY = '6f1c2a8e-4b7d-4e0f-9a3c-5d2b1e7f8a90';

const idOf = (answer: LightMyRequestResponse) => answer.json<{ id: number }>().id;

describe('one order per checkout attempt (Idempotency-Key)', () => {
  it('an attempt is known by the order as checked, its fields in the schema’s order whatever the body’s (as kept before valibot)', async () => {
    const memory = createMemoryClaims(10);
    const attempts = createOrderAttempts({ memory, placingMs: 1000, log: () => undefined });
    const input = v.parse(orderInput, {
      expected_total: ' 49.99 ',
      lines: [{ quantity: 1, product_id: '3101' }],
      first_name: ' Ann ',
      email: 'learner@example.com',
    });
    const created = { id: 7, status: 'pending', total: '49.99', currency: 'GBP', payment_url: '' };
    await attempts('user:3', KEY, input, () => Promise.resolve(created));
    const kept = await memory.take(`user:3:${KEY}`, 'another attempt', 1000);
    expect(kept.held).toBe(false);
    const checked =
      '{"email":"learner@example.com","first_name":"Ann","lines":[{"product_id":3101,"quantity":1}],"expected_total":"49.99"}';
    expect(JSON.parse(kept.held ? '{}' : kept.holder)).toEqual({
      state: 'placed',
      body: createHash('sha256').update(checked).digest('base64url'),
      order: created,
    });
  });

  it('an attempt is kept for a day, and this instance keeps a bounded number of them', async () => {
    let time = 0;
    const placed: number[] = [];
    const attempts = createOrderAttempts({
      memory: createMemoryClaims(2, () => time),
      placingMs: 1000,
      log: () => undefined,
    });
    const input = { ...TEST_CART, expected_total: '49.99' } as OrderInput;
    const place = (): Promise<CreatedOrder> => {
      const id = placed.length + 1;
      placed.push(id);
      return Promise.resolve({
        id,
        status: 'pending',
        total: '49.99',
        currency: 'GBP',
        payment_url: `https://shop.example.test/checkout/order-pay/${String(id)}/`,
      });
    };
    const idOfAttempt = async (key: string) => (await attempts('user:3', key, input, place)).id;
    expect(await idOfAttempt('key-one-0123456789')).toBe(1);
    time = KEEP_PLACED_MS - 1;
    expect(await idOfAttempt('key-one-0123456789')).toBe(1);
    time = KEEP_PLACED_MS;
    expect(await idOfAttempt('key-one-0123456789')).toBe(2);
    // A third key pushes the oldest one out.
    expect(await idOfAttempt('key-two-0123456789')).toBe(3);
    expect(await idOfAttempt('key-three-0123456789')).toBe(4);
    expect(await idOfAttempt('key-three-0123456789')).toBe(4);
    expect(await idOfAttempt('key-one-0123456789')).toBe(5);
  });

  describe('against the sample shop', () => {
    const sample = sampleShopPerTest();

    it('a retried order with the same key gives one order: same id and payment page, its points taken once', async () => {
      const before = (await sample.shop.orders()).length;
      const body = { ...SAMPLE_CART, reward: 15, expected_total: '4.99' };
      const headers = { ...sample.shop.auth, 'idempotency-key': KEY };
      const first = await order(sample.gateway, body, headers);
      const retry = await order(sample.gateway, body, headers);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await sample.shop.balance()).toBe(0);
      // Retried while the first is under way (a cut connection): still one order.
      const plain = { ...SAMPLE_CART, expected_total: '19.99' };
      const [concurrent, concurrentRetry] = await Promise.all([
        order(sample.gateway, plain, { ...sample.shop.auth, 'idempotency-key': `${KEY}-2` }),
        order(sample.gateway, plain, { ...sample.shop.auth, 'idempotency-key': `${KEY}-2` }),
      ]);
      const answers = [concurrent, concurrentRetry];
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(new Set(placed.map(idOf)).size).toBe(1);
      for (const waiting of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(waiting.json()).toMatchObject({ code: 'order_in_progress' });
      }
      expect((await sample.shop.orders()).length - before).toBe(2);
    });
  });

  describe('against a test WooCommerce', () => {
    const woo = testWooCommercePerTest({ trustedProxies: ['127.0.0.1'] });

    const created = () => woo.upstream.received.filter((call) => call.method === 'POST').length;

    it('a retry while the first request is still placing the order is told so (409), then gets that order', async () => {
      const release = woo.upstream.hold();
      const body = { ...TEST_CART, reward: 15, expected_total: '34.99' };
      const headers = { ...learner(3), 'idempotency-key': KEY };
      const first = order(woo.gateway, body, headers);
      await eventually(() => woo.upstream.heldReads() === 1, 'the first request placing the order');
      let answered = false;
      const retry = order(woo.gateway, body, headers).finally(() => {
        answered = true;
      });
      await eventually(
        () => answered || woo.upstream.heldReads() === 2,
        'the retry answered, or placing an order of its own',
      );
      release();
      const early = await retry;
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        code: 'order_in_progress',
        message: IN_PROGRESS_MESSAGE,
        data: { status: 409 },
      });
      const placed = await first;
      const late = await order(woo.gateway, body, headers);
      expect(late.statusCode).toBe(201);
      expect(idOf(late)).toBe(idOf(placed));
      expect(woo.upstream.orders.size).toBe(1);
    });

    it('the same key with another order’s content is refused (422), and places nothing', async () => {
      const headers = { 'idempotency-key': KEY };
      expect(
        (await order(woo.gateway, { ...TEST_CART, expected_total: '49.99' }, headers)).statusCode,
      ).toBe(201);
      const before = created();
      const other = await order(
        woo.gateway,
        { ...TEST_CART, email: 'someone.else@example.com', expected_total: '49.99' },
        headers,
      );
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        code: 'idempotency_key_reused',
        message: KEY_REUSED_MESSAGE,
        data: { status: 422 },
      });
      expect(created()).toBe(before);
    });

    it('a key is its caller’s: another learner, or a visitor at another address, naming it places their own order', async () => {
      const body = { ...TEST_CART, expected_total: '49.99' };
      const key = { 'idempotency-key': KEY };
      const mine = await order(woo.gateway, body, { ...learner(3), ...key });
      const theirs = await order(woo.gateway, body, { ...learner(4), ...key });
      const guest = await order(woo.gateway, body, { ...key, 'x-forwarded-for': '203.0.113.7' });
      const otherGuest = await order(woo.gateway, body, {
        ...key,
        'x-forwarded-for': '203.0.113.8',
      });
      const ids = [mine, theirs, guest, otherGuest].map(idOf);
      expect(new Set(ids).size).toBe(4);
      // The other visitor's browser is given its own order only.
      const cookie = otherGuest.cookies.find((c) => c.name === 'sf_orders')?.value ?? '';
      const peek = await woo.gateway.inject({
        url: `${ORDERS}/${String(idOf(guest))}`,
        cookies: { sf_orders: cookie },
      });
      expect(peek.statusCode).toBe(404);
    });

    it('a retry sets the orders cookie again: the visitor’s browser can read the order the lost answer named', async () => {
      const body = { ...TEST_CART, expected_total: '49.99' };
      const headers = { 'idempotency-key': KEY };
      const first = await order(woo.gateway, body, headers);
      const retry = await order(woo.gateway, body, headers);
      const cookie = retry.cookies.find((c) => c.name === 'sf_orders')?.value ?? '';
      const read = await woo.gateway.inject({
        url: `${ORDERS}/${String(idOf(first))}`,
        cookies: { sf_orders: cookie },
      });
      expect(read.statusCode).toBe(200);
      expect(created()).toBe(1);
    });

    it('a failed attempt is not kept: the retry places the order', async () => {
      const body = { ...TEST_CART, expected_total: '49.99' };
      const headers = { 'idempotency-key': KEY };
      woo.upstream.state.unitPence = 5499;
      try {
        expect((await order(woo.gateway, body, headers)).statusCode).toBe(409);
      } finally {
        woo.upstream.state.unitPence = 4999;
      }
      expect((await order(woo.gateway, body, headers)).statusCode).toBe(201);
    });

    it.each([
      ['too short', 'abc123'],
      ['too long', 'a'.repeat(65)],
      ['with other characters', 'order attempt #1 of today'],
    ])('a key %s is a 400 and reaches nobody', async (_what, key) => {
      const before = woo.upstream.received.length;
      const answer = await order(
        woo.gateway,
        { ...TEST_CART, expected_total: '49.99' },
        { 'idempotency-key': key },
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        code: 'invalid_idempotency_key',
        message: INVALID_KEY_MESSAGE,
        data: { status: 400 },
      });
      expect(woo.upstream.received.length).toBe(before);
    });

    it('without a key (a cart from before keys) every request is an order of its own', async () => {
      const body = { ...TEST_CART, expected_total: '49.99' };
      const first = await order(woo.gateway, body);
      const second = await order(woo.gateway, body);
      expect(idOf(second)).not.toBe(idOf(first));
    });
  });

  describe('two gateways sharing one Redis', () => {
    const shops = redisShopsPerTest();

    it('a retry that reaches the other gateway gets the same order; the attempt is kept a day', async () => {
      const [a, b] = [await shops.gateway(), await shops.gateway()];
      const body = { ...TEST_CART, expected_total: '49.99' };
      const headers = { ...learner(3), 'idempotency-key': KEY };
      const first = await order(a, body, headers);
      const retry = await order(b, body, headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(shops.upstream.orders.size).toBe(1);
      const ttl = await shops.redis.withClient((client) =>
        client.pttl(`storefront:order:user:3:${KEY}`),
      );
      expect(ttl).toBeGreaterThan(KEEP_PLACED_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(KEEP_PLACED_MS);
    });
  });
});
