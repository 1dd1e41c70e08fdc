import type { FastifyInstance } from 'fastify';
import { json, testBackend, WC_BASIC } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

// Orders and balances change in every test: each one gets a fresh backend and state folder.
beforeEach(async () => {
  ({ app, cleanup } = await testBackend());
});
afterEach(() => cleanup());

const LEARNER = 3;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PAY = 'woocommerce_pay=1&payment_method=sample_card';
const DECLINE = 'woocommerce_pay=1&payment_method=sample_card_declined';
const CANCEL = 'cancel_order=true';

interface Order {
  id: number;
  status: string;
  order_key: string;
  date_paid: string | null;
  payment_url: string;
}

async function createOrder(payload: Record<string, unknown> = {}): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers: WC_BASIC,
    payload: {
      billing: { email: 'learner@example.com' },
      line_items: [{ product_id: 3108, variation_id: 310801, quantity: 1 }],
      ...payload,
    },
  });
  expect(response.statusCode).toBe(201);
  return json(response) as Order;
}

async function readOrder(id: number): Promise<Order> {
  const response = await app.inject({
    url: `/wp-json/wc/v3/orders/${String(id)}`,
    headers: WC_BASIC,
  });
  return json(response) as Order;
}

async function balance(): Promise<number> {
  const response = await app.inject({
    url: `/wp-json/wc-points-rewards/v1/users/${String(LEARNER)}`,
    headers: WC_BASIC,
  });
  return (json(response) as { points_balance: number }).points_balance;
}

/** The payment page's own URL (path and query, key included), as its forms post to it. */
function payPage(order: Pick<Order, 'payment_url'>): string {
  const url = new URL(order.payment_url);
  return url.pathname + url.search;
}

function post(url: string, payload: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers: { ...FORM, ...headers } });
}

describe('the payment page’s forms', () => {
  it('post to the page itself, and the page lets forms go to its own origin only', async () => {
    const order = await createOrder();
    const page = await app.inject(payPage(order));
    expect(page.statusCode).toBe(200);
    const forms = page.body.match(/<form [^>]*>/g) ?? [];
    expect(forms).toHaveLength(2);
    for (const form of forms) {
      expect(form).toContain('method="post"');
      expect(form).not.toContain('action=');
    }
    expect(page.body).toContain('Pay now');
    expect(page.body).toContain('Cancel order');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('Pay now with the accepted card: the order is processing and paid, and the shopper goes to its order-received URL with its key', async () => {
    const order = await createOrder();
    const response = await post(payPage(order), PAY, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.test',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `https://shop.example.test/checkout/order-received/${String(order.id)}/?key=${order.order_key}`,
    );
    const paid = await readOrder(order.id);
    expect(paid.status).toBe('processing');
    expect(paid.date_paid).not.toBeNull();
  });

  it('a declined card: the order is failed, the page says so with a link to the cart, and it can be paid again', async () => {
    const order = await createOrder();
    const declined = await post(payPage(order), DECLINE);
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain(
      'Your payment was declined. Please try again or return to your cart.',
    );
    expect(declined.body).toContain('<a href="/cart/">');
    expect(declined.body).toContain('Pay now');
    expect((await readOrder(order.id)).status).toBe('failed');

    expect((await post(payPage(order), PAY)).statusCode).toBe(303);
    expect((await readOrder(order.id)).status).toBe('processing');
  });

  it('Cancel order: the order is cancelled, its redeemed points go back, and the shopper returns to the cart’s cancel URL', async () => {
    const order = await createOrder({
      customer_id: LEARNER,
      meta_data: [{ key: '_wc_points_redeemed', value: 1000 }],
    });
    expect(await balance()).toBe(500);
    const response = await post(payPage(order), CANCEL, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.test',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `https://shop.example.test/cart/?cancel_order=true&order_id=${String(order.id)}`,
    );
    expect((await readOrder(order.id)).status).toBe('cancelled');
    expect(await balance()).toBe(1500);
  });

  it('a failed order can still be cancelled, as WooCommerce allows', async () => {
    const order = await createOrder();
    await post(payPage(order), DECLINE);
    expect((await post(payPage(order), CANCEL)).statusCode).toBe(303);
    expect((await readOrder(order.id)).status).toBe('cancelled');
  });

  it.each([
    ['no key', (order: Order) => `/checkout/order-pay/${String(order.id)}/`],
    ['a wrong key', (order: Order) => `/checkout/order-pay/${String(order.id)}/?key=wc_order_x`],
    [
      'the key as a body field only',
      (order: Order) => `/checkout/order-pay/${String(order.id)}/?pay_for_order=true`,
    ],
  ])('a post with %s is a 404 page and changes nothing', async (_name, urlOf) => {
    const order = await createOrder();
    for (const action of [PAY, DECLINE, CANCEL]) {
      const response = await post(urlOf(order), `${action}&key=${order.order_key}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Order not found');
    }
    expect((await readOrder(order.id)).status).toBe('pending');
  });

  it('another order’s key opens neither order', async () => {
    const mine = await createOrder();
    const theirs = await createOrder();
    const url = `/checkout/order-pay/${String(theirs.id)}/?pay_for_order=true&key=${mine.order_key}`;
    expect((await post(url, PAY)).statusCode).toBe(404);
    expect((await readOrder(theirs.id)).status).toBe('pending');
    expect((await readOrder(mine.id)).status).toBe('pending');
  });

  it('a paid order can be neither paid again nor cancelled; its page offers neither', async () => {
    const order = await createOrder();
    await post(payPage(order), PAY);
    const before = await readOrder(order.id);
    const again = await post(payPage(order), DECLINE);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order’s status is “Processing”—it cannot be paid for.');
    const cancel = await post(payPage(order), CANCEL);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.body).toContain('Your order can no longer be cancelled.');
    expect(await readOrder(order.id)).toEqual(before);
    const page = await app.inject(payPage(order));
    expect(page.body).not.toContain('<form');
  });

  it('a cancelled order cannot be paid', async () => {
    const order = await createOrder();
    await post(payPage(order), CANCEL);
    expect((await post(payPage(order), PAY)).statusCode).toBe(409);
    expect((await readOrder(order.id)).status).toBe('cancelled');
  });

  it('an order with nothing to pay (0.00) offers no payment, as WooCommerce’s needs_payment; it can be cancelled', async () => {
    const order = await createOrder({ coupon_lines: [{ code: 'BIGSAVE' }] });
    const page = await app.inject(payPage(order));
    expect(page.body).toContain('£0.00');
    expect(page.body).not.toContain('Pay now');
    expect(page.body).toContain('it cannot be paid for');
    expect((await post(payPage(order), PAY)).statusCode).toBe(409);
    expect((await readOrder(order.id)).status).toBe('pending');
    expect((await post(payPage(order), CANCEL)).statusCode).toBe(303);
  });

  it('an unknown payment method is refused and changes nothing', async () => {
    const order = await createOrder();
    const response = await post(payPage(order), 'woocommerce_pay=1&payment_method=cheque');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Invalid payment method.');
    expect((await readOrder(order.id)).status).toBe('pending');
  });

  it('a post that asks for nothing shows the page as it is', async () => {
    const order = await createOrder();
    const response = await post(payPage(order), 'terms=on');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`Pay for order #${String(order.id)}`);
    expect((await readOrder(order.id)).status).toBe('pending');
  });
});

describe('points and places settle at payment, as WooCommerce settles them', () => {
  /** PLAB 2 Mock Circuit, Manchester: an event of 16 places at £295. */
  const EVENT = 3301;
  const allPlaces = { line_items: [{ product_id: EVENT, quantity: 16 }] };
  const points = (value: number) => ({
    customer_id: LEARNER,
    meta_data: [{ key: '_wc_points_redeemed', value }],
  });

  async function placesLeft(): Promise<number | null> {
    const response = await app.inject({
      url: `/wp-json/wc/v3/products/${String(EVENT)}`,
      headers: WC_BASIC,
    });
    return (json(response) as { stock_quantity: number | null }).stock_quantity;
  }

  const update = (id: number, payload: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${String(id)}`,
      headers: WC_BASIC,
      payload,
    });

  it('paying reduces the stock once (wc_maybe_reduce_stock_levels); cancelling the paid order restores it (wc_maybe_increase_stock_levels)', async () => {
    const order = await createOrder(allPlaces);
    expect(await placesLeft()).toBe(16);
    expect((await post(payPage(order), PAY)).statusCode).toBe(303);
    expect(await placesLeft()).toBe(0);
    // Completing it takes nothing more; cancelling it gives the places back.
    await update(order.id, { status: 'completed' });
    expect(await placesLeft()).toBe(0);
    await update(order.id, { status: 'cancelled' });
    expect(await placesLeft()).toBe(16);
  });

  it('Places: an order whose places were sold since is refused on its payment page, with WooCommerce’s notice and the way back to the cart', async () => {
    const first = await createOrder(allPlaces);
    const second = await createOrder(allPlaces);
    expect((await post(payPage(first), PAY)).statusCode).toBe(303);
    const page = await app.inject(payPage(second));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'Sorry, “PLAB 2 Mock Circuit — Manchester, 16 January 2027” is no longer in stock so this order cannot be paid for.',
    );
    expect(page.body).toContain('<a href="/cart/">Return to your cart</a>');
    expect(page.body).not.toContain('Pay now');
    expect(page.body).toContain('Cancel order');
    const paid = await post(payPage(second), PAY);
    expect(paid.statusCode).toBe(409);
    expect((await readOrder(second.id)).status).toBe('pending');
    expect(await placesLeft()).toBe(0);
  });

  it('Points: decline, re-order, pay the first -> refused on the payment page, never two discounts from one balance', async () => {
    const first = await createOrder(points(1500));
    expect(await balance()).toBe(0);
    await post(payPage(first), DECLINE);
    expect(await balance()).toBe(1500);
    const second = await createOrder(points(1500));
    expect(await balance()).toBe(0);
    const paid = await post(payPage(first), PAY);
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain(
      'The reward points this order uses are no longer in your balance, so it cannot be paid for.',
    );
    expect((await readOrder(first.id)).status).toBe('failed');
    expect((await post(payPage(second), PAY)).statusCode).toBe(303);
    expect(await balance()).toBe(0);
  });

  it('an admin key stays as permissive as WooCommerce’s REST API: it pays such an order and oversells', async () => {
    const first = await createOrder({ ...allPlaces, ...points(1500) });
    await post(payPage(first), DECLINE);
    const second = await createOrder({ ...allPlaces, ...points(1500) });
    expect((await post(payPage(second), PAY)).statusCode).toBe(303);
    const paid = await update(first.id, { set_paid: true });
    expect(paid.statusCode).toBe(200);
    expect((await readOrder(first.id)).status).toBe('processing');
    expect(await balance()).toBe(0);
    expect(await placesLeft()).toBe(-16);
  });
});
