import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  learner,
  orderKeyOf,
  placeOrder as order,
  redisShopsPerTest,
  SAMPLE_CART,
  sampleShopPerTest,
  STARTING_POINTS,
  TEST_CART,
  testWooCommercePerTest,
  type TestWooCommerce,
} from '../test-support/shop';
import { fakeClockOnly } from '../test-support/clock';
import { createMemoryPlaceHolds, ORDER_HOLD_MINUTES } from './placeHolds';

const FORM = 'application/x-www-form-urlencoded';
const PAY = 'woocommerce_pay=1&payment_method=sample_card';
const DECLINE = 'woocommerce_pay=1&payment_method=sample_card_declined';

/** The test WooCommerce's payment page of order `id`, with its key. */
const payUrl = (id: number) =>
  `/checkout/order-pay/${String(id)}/?pay_for_order=true&key=${orderKeyOf(id)}`;

/** Posts the payment page's form of order `id` through `gateway`. */
const postForm = (gateway: FastifyInstance, id: number, body: string) =>
  gateway.inject({
    method: 'POST',
    url: payUrl(id),
    headers: { 'content-type': FORM },
    payload: body,
  });

const idOf = (answer: LightMyRequestResponse) => answer.json<{ id: number }>().id;

/** One course, £15 of points: £34.99 to pay. */
const WITH_POINTS = { ...TEST_CART, reward: 15, expected_total: '34.99' };

/** An event with 16 places; an order of all of them. */
const EVENT_ID = 3101;
const ALL_PLACES = {
  email: 'learner@example.com',
  lines: [{ product_id: EVENT_ID, quantity: 16 }],
  expected_total: (49.99 * 16).toFixed(2),
};

/** Gives product EVENT_ID a counted stock of 16 places. */
function sixteenPlaces(upstream: TestWooCommerce) {
  upstream.products.set(EVENT_ID, { manage_stock: true, stock_quantity: 16 });
}

const paidCount = (upstream: TestWooCommerce) =>
  [...upstream.orders.values()].filter((placed) => placed.status === 'processing').length;

/**
 * The points attack: an order with points, its payment declined (the points come back), a second
 * order with the same points, then a good card for the first. `second` places and pays through
 * a gateway that may be another instance than `first`.
 */
async function declineReorderPayFirst(first: FastifyInstance, second: FastifyInstance) {
  const a = await order(first, WITH_POINTS, learner(3));
  expect(a.statusCode).toBe(201);
  expect((await postForm(first, idOf(a), DECLINE)).statusCode).toBe(200);
  const b = await order(second, WITH_POINTS, learner(3));
  expect(b.statusCode).toBe(201);
  return { a: idOf(a), b: idOf(b), payFirst: await postForm(second, idOf(a), PAY) };
}

describe('points and places settle at payment', () => {
  describe('against the sample shop', () => {
    const sample = sampleShopPerTest();

    it('Points: decline, re-order, pay the first -> refused, never two discounts from one balance (sample)', async () => {
      const withPoints = { ...SAMPLE_CART, reward: 15, expected_total: '4.99' };
      const first = await order(sample.gateway, withPoints, sample.shop.auth);
      expect(first.statusCode).toBe(201);
      const payFirst = new URL(first.json<{ payment_url: string }>().payment_url);
      const form = (body: string) =>
        sample.gateway.inject({
          method: 'POST',
          url: payFirst.pathname + payFirst.search,
          headers: { 'content-type': FORM },
          payload: body,
        });
      expect((await form(DECLINE)).statusCode).toBe(200);
      expect(await sample.shop.balance()).toBe(STARTING_POINTS);
      const second = await order(sample.gateway, withPoints, sample.shop.auth);
      expect(second.statusCode).toBe(201);
      expect(await sample.shop.balance()).toBe(0);
      const paid = await form(PAY);
      expect(paid.statusCode).toBe(409);
      expect(paid.body).toContain('<a href="/cart/">Return to your cart</a>');
      expect(await sample.shop.balance()).toBe(0);
      const statusOf = async (placed: LightMyRequestResponse) =>
        (await sample.shop.orders()).find((made) => made.id === idOf(placed))?.status;
      expect(await statusOf(first)).toBe('failed');
      expect(await statusOf(second)).toBe('pending');
    });
  });

  describe('against a WooCommerce whose payment page takes any payment', () => {
    const woo = testWooCommercePerTest();

    it('Points: decline, re-order, pay the first -> refused, never two discounts from one balance', async () => {
      const { a, b, payFirst } = await declineReorderPayFirst(woo.gateway, woo.gateway);
      expect(payFirst.statusCode).toBe(409);
      expect(payFirst.headers['content-type']).toMatch(/^text\/html/);
      expect(payFirst.body).toContain(
        'The 1,500 reward points this order uses are no longer in your balance: another order has used them.',
      );
      expect(payFirst.body).toContain('<a href="/cart/">Return to your cart</a>');
      // Nothing was charged: the first order is as the decline left it, the second still holds the points.
      expect(woo.upstream.orders.get(a)).toMatchObject({ status: 'failed' });
      expect(woo.upstream.orders.get(b)).toMatchObject({ status: 'pending' });
      expect(woo.upstream.balanceOf(3)).toBe(0);
      // The payment page itself says so too, before any card is tried.
      const page = await woo.gateway.inject({ url: payUrl(a) });
      expect(page.statusCode).toBe(409);
      expect(page.body).toContain('no longer in your balance');
      // Paying the second one is what the points are for.
      expect((await postForm(woo.gateway, b, PAY)).statusCode).toBe(303);
      expect(woo.upstream.balanceOf(3)).toBe(0);
    });

    it('a declined order whose points are still in the balance is paid, and takes them again', async () => {
      const a = idOf(await order(woo.gateway, WITH_POINTS, learner(3)));
      await postForm(woo.gateway, a, DECLINE);
      expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
      expect((await woo.gateway.inject({ url: payUrl(a) })).statusCode).toBe(200);
      expect((await postForm(woo.gateway, a, PAY)).statusCode).toBe(303);
      expect(woo.upstream.balanceOf(3)).toBe(0);
    });

    it('Places: while an order holds the last places another order of them is refused; the first is paid', async () => {
      sixteenPlaces(woo.upstream);
      const first = idOf(await order(woo.gateway, ALL_PLACES, learner(3)));
      // The first order's hold: nobody else may order the same places meanwhile.
      const second = await order(woo.gateway, ALL_PLACES, learner(4));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        code: 'quantity_limit',
        message: 'Course 3101: only 0 left. Please change your cart and try again.',
        data: { limits: [{ product_id: EVENT_ID, max_quantity: 0, reason: 'stock' }] },
      });
      expect([...woo.upstream.orders.values()].at(-1)).toMatchObject({ status: 'cancelled' });
      expect((await postForm(woo.gateway, first, PAY)).statusCode).toBe(303);
      expect(woo.upstream.products.get(EVENT_ID)).toMatchObject({ stock_quantity: 0 });
    });

    it('Places: an order whose places are gone when it is paid (the stock cut since) -> refused, nothing charged', async () => {
      sixteenPlaces(woo.upstream);
      const placed = idOf(await order(woo.gateway, ALL_PLACES, learner(3)));
      woo.upstream.products.set(EVENT_ID, { manage_stock: true, stock_quantity: 10 });
      const refused = await postForm(woo.gateway, placed, PAY);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain(
        'Sorry, there are no longer enough places for Course 3101 to pay for this order. Your order has not been paid and nothing has been charged.',
      );
      expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'pending' });
      expect(woo.upstream.products.get(EVENT_ID)).toMatchObject({ stock_quantity: 10 });
    });

    it('an order cancelled from the cart gives its points and places back; only its owner may', async () => {
      sixteenPlaces(woo.upstream);
      const placed = idOf(
        await order(
          woo.gateway,
          { ...ALL_PLACES, reward: 15, expected_total: (49.99 * 16 - 15).toFixed(2) },
          learner(3),
        ),
      );
      const pending = await woo.gateway.inject({
        url: '/api/shop/orders/pending',
        headers: learner(3),
      });
      expect(pending.statusCode).toBe(200);
      expect(pending.json()).toEqual([
        {
          id: placed,
          status: 'pending',
          total: (49.99 * 16 - 15).toFixed(2),
          currency: 'GBP',
          payment_url: `https://shop.example.test/checkout/order-pay/${String(placed)}/?key=${orderKeyOf(placed)}`,
          reward: { points: 1500, amount: '15.00' },
          line_items: [{ name: 'Course 3101', quantity: 16 }],
          expires_at: expect.stringMatching(
            /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/,
          ) as string,
        },
      ]);
      // Another learner neither sees nor cancels it.
      const other = await woo.gateway.inject({
        url: '/api/shop/orders/pending',
        headers: learner(4),
      });
      expect(other.json()).toEqual([]);
      const cancelUrl = `/api/shop/orders/${String(placed)}/cancellation`;
      const refused = await woo.gateway.inject({
        method: 'POST',
        url: cancelUrl,
        headers: learner(4),
      });
      expect(refused.statusCode).toBe(404);
      expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'pending' });

      const cancelled = await woo.gateway.inject({
        method: 'POST',
        url: cancelUrl,
        headers: learner(3),
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ id: placed, status: 'cancelled' });
      expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
      expect(
        (await woo.gateway.inject({ url: '/api/shop/orders/pending', headers: learner(3) })).json(),
      ).toEqual([]);
      // Its places are back: another learner orders all 16.
      expect((await order(woo.gateway, ALL_PLACES, learner(4))).statusCode).toBe(201);
      // And a paid or cancelled order cannot be cancelled (again).
      const again = await woo.gateway.inject({
        method: 'POST',
        url: cancelUrl,
        headers: learner(3),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'order_not_cancellable' });
    });
  });

  describe('two gateways sharing one Redis', () => {
    const shops = redisShopsPerTest();

    it('Points: decline, re-order, pay the first -> refused, never two discounts from one balance (two gateways)', async () => {
      const [a, b] = [await shops.gateway(), await shops.gateway()];
      const { payFirst } = await declineReorderPayFirst(a, b);
      expect(payFirst.statusCode).toBe(409);
      expect(shops.upstream.balanceOf(3)).toBe(0);
    });

    it('Places: 5 concurrent orders of 16 for 16 places -> at most 16 paid', async () => {
      sixteenPlaces(shops.upstream);
      const [a, b] = [await shops.gateway(), await shops.gateway()];
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => order(i % 2 === 0 ? a : b, ALL_PLACES, learner(3 + i))),
      );
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.json()).toMatchObject({ code: 'quantity_limit' });
      }
      // Every order ever made is paid, as an attacker would try: 16 places at most are sold.
      const made = [...shops.upstream.orders.keys()];
      await Promise.all(made.map((id, i) => postForm(i % 2 === 0 ? a : b, id, PAY)));
      expect(paidCount(shops.upstream)).toBe(1);
      expect(shops.upstream.products.get(EVENT_ID)).toMatchObject({ stock_quantity: 0 });
    });
  });
});

describe(`an order unpaid for ${String(ORDER_HOLD_MINUTES)} minutes expires`, () => {
  // The gateway is built on the fake clock: its settlement's clock is the one the tests move.
  beforeEach(fakeClockOnly);
  const log: string[] = [];
  const woo = testWooCommercePerTest({ log });
  afterEach(() => {
    jest.useRealTimers();
    log.length = 0;
  });

  const TEST_CART_AT_49_99 = { ...TEST_CART, expected_total: '49.99' };

  const EXPIRED_TEXT = `This order was not paid within ${String(ORDER_HOLD_MINUTES)} minutes, so we have cancelled it and given back anything it held. Nothing has been charged. Please return to your cart to order again.`;

  /** Places `payload` for learner 3 `minutes` ago (the clock then comes back to now). */
  async function placedAgo(minutes: number, payload: Record<string, unknown>) {
    const now = Date.now();
    jest.setSystemTime(now - minutes * 60_000);
    const placed = await order(woo.gateway, payload, learner(3));
    jest.setSystemTime(now);
    expect(placed.statusCode).toBe(201);
    return idOf(placed);
  }

  const pendingOf = async (id: number) =>
    (await woo.gateway.inject({ url: '/api/shop/orders/pending', headers: learner(id) })).json<
      { id: number }[]
    >();

  it('an order with points left unpaid past 60 minutes: its payment page is refused, the order cancelled and the points back', async () => {
    const placed = await placedAgo(ORDER_HOLD_MINUTES + 1, WITH_POINTS);
    expect(woo.upstream.balanceOf(3)).toBe(0);
    const page = await woo.gateway.inject({ url: payUrl(placed) });
    expect(page.statusCode).toBe(409);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(EXPIRED_TEXT);
    expect(page.body).toContain('<a href="/cart/">Return to your cart</a>');
    // The order is gone from the cart: the page does not send the shopper there to cancel it.
    expect(page.body).not.toContain('Your cart shows the order');
    expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'cancelled' });
    expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
    // Its form pays nothing either.
    const paid = await postForm(woo.gateway, placed, PAY);
    expect(paid.statusCode).not.toBe(303);
    expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'cancelled' });
    expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
  });

  it("an expired order's payment form is refused and the order cancelled, its places back", async () => {
    sixteenPlaces(woo.upstream);
    const placed = await placedAgo(ORDER_HOLD_MINUTES + 1, ALL_PLACES);
    const paid = await postForm(woo.gateway, placed, PAY);
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain(EXPIRED_TEXT);
    expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'cancelled' });
    expect(woo.upstream.products.get(EVENT_ID)).toMatchObject({ stock_quantity: 16 });
    expect((await order(woo.gateway, ALL_PLACES, learner(4))).statusCode).toBe(201);
  });

  it('the pending list cancels an expired order and no longer shows it; one 59 minutes old is listed with when it expires', async () => {
    sixteenPlaces(woo.upstream);
    // Another course than the event's: its one place would be held when the other order is placed.
    const otherCourse = [{ product_id: EVENT_ID + 2, quantity: 1 }];
    const expired = await placedAgo(ORDER_HOLD_MINUTES + 1, { ...WITH_POINTS, lines: otherCourse });
    const recent = await placedAgo(ORDER_HOLD_MINUTES - 1, ALL_PLACES);
    expect(woo.upstream.balanceOf(3)).toBe(0);
    const created = String(woo.upstream.orders.get(recent)?.date_created_gmt);
    expect(await pendingOf(3)).toMatchObject([
      {
        id: recent,
        expires_at: new Date(Date.parse(`${created}Z`) + ORDER_HOLD_MINUTES * 60_000).toISOString(),
      },
    ]);
    expect(woo.upstream.orders.get(expired)).toMatchObject({ status: 'cancelled' });
    expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
    expect(woo.upstream.orders.get(recent)).toMatchObject({ status: 'pending' });
  });

  it('an order 59 minutes old is still payable', async () => {
    const placed = await placedAgo(ORDER_HOLD_MINUTES - 1, WITH_POINTS);
    expect((await woo.gateway.inject({ url: payUrl(placed) })).statusCode).toBe(200);
    expect((await postForm(woo.gateway, placed, PAY)).statusCode).toBe(303);
    expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'processing' });
    expect(woo.upstream.balanceOf(3)).toBe(0);
  });

  it("an order whose creation date is missing or not in WooCommerce's form never expires", async () => {
    for (const created of [undefined, null, '2020-01-01 10:00:00', '2020-01-01T10:00:00+01:00']) {
      const placed = await placedAgo(ORDER_HOLD_MINUTES + 1, TEST_CART_AT_49_99);
      const made = woo.upstream.orders.get(placed) ?? {};
      woo.upstream.orders.set(placed, { ...made, date_created_gmt: created });
      expect([created, (await woo.gateway.inject({ url: payUrl(placed) })).statusCode]).toEqual([
        created,
        200,
      ]);
      expect(woo.upstream.orders.get(placed)).toMatchObject({ status: 'pending' });
    }
  });

  it('an expired order WooCommerce fails to cancel is left out of the pending list, the failure logged', async () => {
    const expired = await placedAgo(ORDER_HOLD_MINUTES + 1, WITH_POINTS);
    woo.upstream.state.failUpdates = true;
    const pending = await woo.gateway.inject({
      url: '/api/shop/orders/pending',
      headers: learner(3),
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual([]);
    expect(
      log.some((line) =>
        line.includes(`Order ${String(expired)}, expired unpaid, could not be cancelled`),
      ),
    ).toBe(true);
    // It is cancelled when it is next met.
    woo.upstream.state.failUpdates = false;
    expect(await pendingOf(3)).toEqual([]);
    expect(woo.upstream.orders.get(expired)).toMatchObject({ status: 'cancelled' });
    expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
  });
});

describe('place holds', () => {
  const stock = (quantity: number) => ({
    key: 'p1',
    name: 'Event',
    quantity,
    stock: 16,
    lines: [{ product_id: 1, variation_id: 0 }],
  });

  it('an order holds its places until its hold ends, then another may take them; its own are kept', async () => {
    let time = 0;
    const holds = createMemoryPlaceHolds(() => time);
    expect(await holds.hold(1, [stock(10)], { holdUntil: 100, keepUntil: 0 })).toEqual([]);
    expect(await holds.hold(2, [stock(10)], { holdUntil: 100, keepUntil: 0 })).toEqual([
      { key: 'p1', name: 'Event', left: 6 },
    ]);
    expect(await holds.hold(2, [stock(6)], { holdUntil: 100, keepUntil: 0 })).toEqual([]);
    // Order 1 asks again (its payment page): it keeps what it has, for at least as long.
    expect(await holds.hold(1, [stock(10)], { holdUntil: 500, keepUntil: 50 })).toEqual([]);
    time = 100;
    expect(await holds.holds(1)).toBe(false);
    expect(await holds.holds(2)).toBe(false);
    expect(await holds.hold(3, [stock(16)], { holdUntil: 200, keepUntil: 0 })).toEqual([]);
    // Order 1's hold ended and the places went to order 3: its payment page is refused.
    expect(await holds.hold(1, [stock(10)], { holdUntil: 300, keepUntil: 0 })).toEqual([
      { key: 'p1', name: 'Event', left: 0 },
    ]);
    // A cancelled order's places are free at once.
    await holds.releaseAt(3, time);
    expect(await holds.hold(1, [stock(10)], { holdUntil: 300, keepUntil: 0 })).toEqual([]);
  });
});
