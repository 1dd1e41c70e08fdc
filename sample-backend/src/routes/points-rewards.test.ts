import type { FastifyInstance } from 'fastify';
import { buildSampleBackend } from '../index';
import { json, TEST_WC_KEYS, testBackend, WC_BASIC } from '../test-support/backend';

let app: FastifyInstance;
let stateDir: string;
let cleanup: () => Promise<void>;

// Balances change in every test: each one gets a fresh backend and state folder.
beforeEach(async () => {
  ({ app, stateDir, cleanup } = await testBackend());
});
afterEach(() => cleanup());

const LEARNER = 3;
const line = { product_id: 3108, variation_id: 310801, quantity: 1 };
const redemption = (points: number) => ({
  fee_lines: [
    { name: 'Points redemption', total: `-${String(points / 100)}.00`, tax_status: 'none' },
  ],
  meta_data: [{ key: '_wc_points_redeemed', value: points }],
});

async function balance(userId = LEARNER, backend = app): Promise<number> {
  const response = await backend.inject({
    url: `/wp-json/wc-points-rewards/v1/users/${String(userId)}`,
    headers: WC_BASIC,
  });
  expect(response.statusCode).toBe(200);
  return (json(response) as { points_balance: number }).points_balance;
}

async function createOrder(payload: Record<string, unknown>): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers: WC_BASIC,
    payload: { billing: { email: 'learner@example.com' }, line_items: [line], ...payload },
  });
  expect(response.statusCode).toBe(201);
  return (json(response) as { id: number }).id;
}

/** How many orders the learner has. */
async function orderCount(): Promise<number> {
  const response = await app.inject({
    url: `/wp-json/wc/v3/orders?customer=${String(LEARNER)}`,
    headers: WC_BASIC,
  });
  return (json(response) as unknown[]).length;
}

async function updateOrder(id: number, payload: Record<string, unknown>): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/wp-json/wc/v3/orders/${String(id)}`,
    headers: WC_BASIC,
    payload,
  });
  expect(response.statusCode).toBe(200);
}

describe('GET wc-points-rewards/v1/users/{user_id}', () => {
  it('gives the demo learner 1500 points at the ratio 100:1', async () => {
    const response = await app.inject({
      url: '/wp-json/wc-points-rewards/v1/users/3',
      headers: WC_BASIC,
    });
    expect(json(response)).toEqual({ user_id: 3, points_balance: 1500, redeem_ratio: '100:1' });
  });

  it('requires the WooCommerce admin keys', async () => {
    const response = await app.inject('/wp-json/wc-points-rewards/v1/users/3');
    expect(response.statusCode).toBe(401);
    expect((json(response) as { code: string }).code).toBe('woocommerce_rest_authentication_error');
  });

  it('is a 404 for an unknown user', async () => {
    const response = await app.inject({
      url: '/wp-json/wc-points-rewards/v1/users/999',
      headers: WC_BASIC,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('points redeemed on orders', () => {
  it('points deducted once and returned on cancel, once', async () => {
    const id = await createOrder({ customer_id: LEARNER });
    await updateOrder(id, redemption(1500));
    expect(await balance()).toBe(0);
    await updateOrder(id, { meta_data: [{ key: '_wc_points_redeemed', value: 1500 }] });
    await updateOrder(id, { status: 'on-hold' });
    expect(await balance()).toBe(0);
    await updateOrder(id, { status: 'cancelled' });
    expect(await balance()).toBe(1500);
    await updateOrder(id, { status: 'cancelled' });
    await updateOrder(id, { status: 'pending' });
    await updateOrder(id, { status: 'cancelled' });
    expect(await balance()).toBe(1500);
  });

  it('an order created with the meta deducts at once; refunding it gives the points back', async () => {
    const id = await createOrder({ customer_id: LEARNER, ...redemption(1000) });
    expect(await balance()).toBe(500);
    await updateOrder(id, { status: 'refunded' });
    expect(await balance()).toBe(1500);
  });

  it('a redemption above the balance is refused, on creation or update, and changes nothing', async () => {
    const before = await orderCount();
    const created = await app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: WC_BASIC,
      payload: {
        billing: { email: 'learner@example.com' },
        line_items: [line],
        customer_id: LEARNER,
        meta_data: [{ key: '_wc_points_redeemed', value: '5000' }],
      },
    });
    expect(created.statusCode).toBe(400);
    expect(json(created)).toEqual({
      code: 'wc_points_rewards_insufficient_points',
      message: 'You do not have enough points to redeem this discount.',
      data: { status: 400 },
    });
    expect(await orderCount()).toBe(before);

    const id = await createOrder({ customer_id: LEARNER });
    const updated = await app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${String(id)}`,
      headers: WC_BASIC,
      payload: redemption(1600),
    });
    expect(updated.statusCode).toBe(400);
    const order = await app.inject({
      url: `/wp-json/wc/v3/orders/${String(id)}`,
      headers: WC_BASIC,
    });
    expect(json(order)).toMatchObject({ fee_lines: [], meta_data: [] });
    expect(await balance()).toBe(1500);
  });

  it('two orders cannot both take the whole balance: the second is refused', async () => {
    const first = await createOrder({ customer_id: LEARNER });
    const second = await createOrder({ customer_id: LEARNER });
    await updateOrder(first, redemption(1500));
    const refused = await app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/orders/${String(second)}`,
      headers: WC_BASIC,
      payload: redemption(1500),
    });
    expect(refused.statusCode).toBe(400);
    expect(await balance()).toBe(0);
  });

  it('a failed payment gives the points back; paying that order after all takes them again', async () => {
    const id = await createOrder({ customer_id: LEARNER, ...redemption(1000) });
    expect(await balance()).toBe(500);
    await updateOrder(id, { status: 'failed' });
    expect(await balance()).toBe(1500);
    await updateOrder(id, { status: 'failed' });
    expect(await balance()).toBe(1500);
    await updateOrder(id, { status: 'processing' });
    expect(await balance()).toBe(500);
    await updateOrder(id, { status: 'completed' });
    expect(await balance()).toBe(500);
  });

  it('a guest order deducts nothing, until it is given a customer', async () => {
    const id = await createOrder(redemption(500));
    expect(await balance()).toBe(1500);
    await updateOrder(id, { customer_id: LEARNER });
    expect(await balance()).toBe(1000);
  });

  it('keeps balances across a restart with the same state folder', async () => {
    await createOrder({ customer_id: LEARNER, ...redemption(200) });
    const restarted = await buildSampleBackend({ ...TEST_WC_KEYS, stateDir });
    expect(await balance(LEARNER, restarted)).toBe(1300);
    await restarted.close();
  });
});
