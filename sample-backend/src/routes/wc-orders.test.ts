import type { FastifyInstance } from 'fastify';
import { buildSampleBackend } from '../index';
import { json, TEST_WC_KEYS, testBackend, WC_AUTH, WC_BASIC } from '../test-support/backend';

let app: FastifyInstance;
let stateDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ app, stateDir, cleanup } = await testBackend());
});
afterAll(() => cleanup());

interface Order {
  id: number;
  status: string;
  customer_id: number;
  total: string;
  discount_total: string;
  date_paid: string | null;
  order_key: string;
  payment_url: string;
  billing: { email: string; phone: string };
  line_items: { subtotal: string; total: string; price: number }[];
  fee_lines: { id: number; name: string; total: string }[];
  meta_data: { id: number; key: string; value: unknown }[];
}

const billing = { email: 'learner@example.com', first_name: 'Test', last_name: 'Learner' };
/** PLAB 1 Question Bank, 1 month: £19.99. */
const QBANK = { product_id: 3108, variation_id: 310801 };

async function create(payload: Record<string, unknown>): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers: WC_BASIC,
    payload: { billing, line_items: [{ ...QBANK, quantity: 1 }], ...payload },
  });
  expect(response.statusCode).toBe(201);
  return json(response) as Order;
}

async function update(
  id: number,
  payload: Record<string, unknown>,
  method: 'PUT' | 'PATCH' | 'POST' = 'PUT',
): Promise<Order> {
  const response = await app.inject({
    method,
    url: `/wp-json/wc/v3/orders/${String(id)}`,
    headers: WC_BASIC,
    payload,
  });
  expect(response.statusCode).toBe(200);
  return json(response) as Order;
}

describe('order create honours what an admin key may set', () => {
  it('set_paid honoured: the order is processing and paid', async () => {
    const order = await create({ set_paid: true });
    expect(order.status).toBe('processing');
    expect(order.date_paid).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it.each(['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'])(
    'status honoured: %s',
    async (status) => {
      expect((await create({ status })).status).toBe(status);
    },
  );

  it('customer_id honoured: any existing user, or 0 for a guest', async () => {
    expect((await create({ customer_id: 3 })).customer_id).toBe(3);
    expect((await create({ customer_id: 0 })).customer_id).toBe(0);
    expect((await create({})).customer_id).toBe(0);
  });

  it('client line totals honoured: subtotal and total replace the catalogue price', async () => {
    const order = await create({
      line_items: [{ ...QBANK, quantity: 3, subtotal: '0.03', total: '0.01' }],
    });
    expect(order.line_items[0]).toMatchObject({ subtotal: '0.03', total: '0.01' });
    expect(order).toMatchObject({ total: '0.01', discount_total: '0.02' });
    const totalOnly = await create({ line_items: [{ ...QBANK, quantity: 1, total: '1.00' }] });
    expect(totalOnly.line_items[0]).toMatchObject({ subtotal: '19.99', total: '1.00' });
    expect(totalOnly.total).toBe('1.00');
  });

  it('a coupon is shared from the line subtotals, as WooCommerce recalculates it', async () => {
    const order = await create({
      line_items: [{ ...QBANK, quantity: 1, subtotal: '50.00', total: '1.00' }],
      coupon_lines: [{ code: 'WELCOME10' }],
    });
    expect(order).toMatchObject({ total: '40.00', discount_total: '10.00' });
  });

  it('fee lines lower the total, and the total never goes below 0.00', async () => {
    const order = await create({
      fee_lines: [{ name: 'Points redemption', total: '-15.00', tax_status: 'none' }],
    });
    expect(order.total).toBe('4.99');
    expect(order.fee_lines).toEqual([
      expect.objectContaining({ name: 'Points redemption', total: '-15.00' }),
    ]);
    const free = await create({ fee_lines: [{ name: 'Everything off', total: '-500' }] });
    expect(free.total).toBe('0.00');
    expect(free.fee_lines[0]?.total).toBe('-19.99');
    const surcharge = await create({ fee_lines: [{ name: 'Admin fee', total: 2.5 }] });
    expect(surcharge.total).toBe('22.49');
  });

  it('keeps meta_data as given', async () => {
    const order = await create({ meta_data: [{ key: '_note', value: { a: 1 } }] });
    expect(order.meta_data).toEqual([
      { id: expect.any(Number) as number, key: '_note', value: { a: 1 } },
    ]);
  });
});

describe('order update, list and delete', () => {
  it.each(['PUT', 'PATCH', 'POST'] as const)(
    '%s orders/{id} updates status and billing',
    async (method) => {
      const order = await create({});
      const updated = await update(
        order.id,
        { status: 'completed', billing: { phone: '07700 900000' } },
        method,
      );
      expect(updated).toMatchObject({
        id: order.id,
        status: 'completed',
        order_key: order.order_key,
      });
      expect(updated.billing).toMatchObject({ email: billing.email, phone: '07700 900000' });
      expect(updated.date_paid).not.toBeNull();
    },
  );

  it('set_paid on update marks a pending order processing', async () => {
    const order = await create({});
    expect(await update(order.id, { set_paid: true })).toMatchObject({ status: 'processing' });
  });

  it('adds fee lines, changes one by id, removes one with name null; meta merges by key', async () => {
    const order = await create({ meta_data: [{ key: 'source', value: 'web' }] });
    const withFee = await update(order.id, {
      fee_lines: [{ name: 'Points redemption', total: '-15.00' }],
      meta_data: [{ key: 'source', value: 'gateway' }],
    });
    expect(withFee.total).toBe('4.99');
    expect(withFee.meta_data.map((entry) => [entry.key, entry.value])).toEqual([
      ['source', 'gateway'],
    ]);
    const feeId = withFee.fee_lines[0]?.id;
    const changed = await update(order.id, { fee_lines: [{ id: feeId, total: '-5.00' }] });
    expect(changed.total).toBe('14.99');
    const removed = await update(order.id, { fee_lines: [{ id: feeId, name: null }] });
    expect(removed).toMatchObject({ total: '19.99', fee_lines: [] });
  });

  it('refuses an unknown order, status or customer', async () => {
    const missing = await app.inject({
      method: 'PUT',
      url: '/wp-json/wc/v3/orders/1',
      headers: WC_BASIC,
      payload: { status: 'cancelled' },
    });
    expect(missing.statusCode).toBe(404);
    const order = await create({});
    for (const [payload, code] of [
      [{ status: 'lost' }, 'rest_invalid_param'],
      [{ customer_id: 404 }, 'woocommerce_rest_invalid_customer_id'],
    ] as const) {
      const response = await app.inject({
        method: 'PUT',
        url: `/wp-json/wc/v3/orders/${String(order.id)}`,
        headers: WC_BASIC,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect((json(response) as { code: string }).code).toBe(code);
    }
  });

  it('DELETE orders/{id} answers the order and removes it', async () => {
    const order = await create({});
    const url = `/wp-json/wc/v3/orders/${String(order.id)}`;
    const response = await app.inject({ method: 'DELETE', url, headers: WC_BASIC });
    expect(response.statusCode).toBe(200);
    expect((json(response) as Order).id).toBe(order.id);
    expect((await app.inject({ url, headers: WC_BASIC })).statusCode).toBe(404);
  });

  it('GET orders lists every order, newest first, filtered by customer and status', async () => {
    const response = await app.inject(`/wp-json/wc/v3/orders?per_page=100&${WC_AUTH}`);
    expect(response.statusCode).toBe(200);
    const orders = json(response) as Order[];
    expect(Number(response.headers['x-wp-total'])).toBe(orders.length);
    expect(orders.map((order) => order.id)).toEqual(expect.arrayContaining([52001, 52002]));
    const mine = json(
      await app.inject(`/wp-json/wc/v3/orders?customer=3&status=completed&${WC_AUTH}`),
    ) as Order[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((order) => order.customer_id === 3 && order.status === 'completed')).toBe(
      true,
    );
  });

  it('Link header carries the received query including consumer keys', async () => {
    const response = await app.inject(`/wp-json/wc/v3/orders?per_page=1&${WC_AUTH}&page=2`);
    const link = response.headers.link as string;
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '';
    const prev = /<([^>]+)>; rel="prev"/.exec(link)?.[1] ?? '';
    const nextUrl = new URL(next);
    expect(nextUrl.pathname).toBe('/wp-json/wc/v3/orders');
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({
      per_page: '1',
      consumer_key: TEST_WC_KEYS.wcConsumerKey,
      consumer_secret: TEST_WC_KEYS.wcConsumerSecret,
      page: '3',
    });
    expect(new URL(prev).searchParams.get('page')).toBe('1');
    expect(new URL(prev).searchParams.get('consumer_secret')).toBe(TEST_WC_KEYS.wcConsumerSecret);
  });

  it('keeps updates and deletions of seeded orders across a restart', async () => {
    await update(52002, { status: 'on-hold' });
    const restarted = await buildSampleBackend({ ...TEST_WC_KEYS, stateDir });
    const fetched = json(
      await restarted.inject({ url: '/wp-json/wc/v3/orders/52002', headers: WC_BASIC }),
    ) as Order;
    expect(fetched.status).toBe('on-hold');
    await restarted.close();
  });
});

describe('the payment page of an order with fees', () => {
  it('shows the lines, coupon discount, points fee and a readable total', async () => {
    // 3 x 19.99 = 59.97, less WELCOME10 (10.00) and 15.00 of points: 34.97.
    const order = await create({
      line_items: [{ ...QBANK, quantity: 3 }],
      coupon_lines: [{ code: 'WELCOME10' }],
      fee_lines: [{ name: 'Points redemption', total: '-15.00', tax_status: 'none' }],
    });
    const url = new URL(order.payment_url);
    const page = (await app.inject(url.pathname + url.search)).body;
    expect(page).toContain('PLAB 1 Question Bank - 1 Month');
    expect(page).toContain(
      'Discount (WELCOME10)</td><td class="num" data-testid="order-discount">−£10.00',
    );
    expect(page).toContain('Points redemption</td><td class="num" data-testid="order-fee">−£15.00');
    expect(page).toContain('<td class="num" data-testid="order-total">£34.97</td>');
    expect(page).toContain(
      '<p id="amount-to-pay" data-testid="amount-to-pay">Amount to pay: £34.97</p>',
    );
  });
});
