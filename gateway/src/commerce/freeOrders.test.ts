import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eventually } from '../test-support/eventually';
import {
  learner,
  placeOrder,
  redisShopsPerTest,
  SAMPLE_CART,
  sampleShopPerTest,
  TEST_CART,
  testWooCommercePerTest,
} from '../test-support/shop';
import { COMPLETING_MESSAGE, NOT_FREE_MESSAGE } from './freeOrders';

/** What a created order's answer gives its browser: the order's id and the cookie that owns it. */
function ownerOf(created: LightMyRequestResponse) {
  expect(created.statusCode).toBe(201);
  const cookie = created.cookies.find((c) => c.name === 'sf_orders')?.value ?? '';
  return { id: created.json<{ id: number }>().id, cookies: { sf_orders: cookie } };
}

/** Asks `gateway` to complete order `id` as free, as the browser does. */
function complete(
  gateway: FastifyInstance,
  id: number,
  owner: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
  payload: Record<string, unknown> = {},
) {
  return gateway.inject({
    method: 'POST',
    url: `/api/shop/orders/${String(id)}/free-completion`,
    payload,
    ...owner,
  });
}

const FREE_CART = { ...TEST_CART, coupon: 'BIGSAVE', expected_total: '0.00' };

describe('a free order is completed by the gateway', () => {
  const shop = testWooCommercePerTest();
  const completions = () =>
    shop.upstream.received.filter(
      (call) => call.method === 'PUT' && JSON.stringify(call.body).includes('set_paid'),
    );

  it('an order WooCommerce totals at 0 is completed as paid (set_paid only); a retry is told it is done and completes nothing', async () => {
    const owner = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    const first = await complete(shop.gateway, owner.id, owner);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: owner.id,
      status: 'processing',
      total: '0.00',
      currency: 'GBP',
    });
    expect(completions().map((call) => call.body)).toEqual([{ set_paid: true }]);

    // The first answer was lost on the way (a cut connection): the retry finds the order paid.
    const retry = await complete(shop.gateway, owner.id, owner);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ id: owner.id, status: 'processing' });
    expect(completions()).toHaveLength(1);
  });

  it('refused when WooCommerce’s total is not 0, whatever the browser says: nothing is completed', async () => {
    const owner = ownerOf(
      await placeOrder(shop.gateway, {
        ...TEST_CART,
        coupon: 'WELCOME10',
        expected_total: '39.99',
      }),
    );
    const refused = await complete(shop.gateway, owner.id, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_not_free', message: NOT_FREE_MESSAGE });

    // The browser's word on the total (or anything else) is not even read.
    const forged = await complete(shop.gateway, owner.id, owner, { total: '0.00' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'invalid_request' });

    expect(completions()).toEqual([]);
    expect(shop.upstream.orders.get(owner.id)?.status).toBe('pending');
  });

  it('takes no body but the order’s id: a field, or a list, is refused and nothing is completed', async () => {
    const owner = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    const withField = await complete(shop.gateway, owner.id, owner, { total: '0.00' });
    expect(withField.json()).toEqual({
      code: 'invalid_request',
      message: 'Unrecognized key: "total"',
      data: { status: 400 },
    });
    const aList = await shop.gateway.inject({
      method: 'POST',
      url: `/api/shop/orders/${String(owner.id)}/free-completion`,
      payload: [],
      ...owner,
    });
    expect(aList.json()).toEqual({
      code: 'invalid_request',
      message: 'Invalid input: expected object, received array',
      data: { status: 400 },
    });
    expect(completions()).toEqual([]);
    expect((await complete(shop.gateway, owner.id, owner)).statusCode).toBe(201);
  });

  it('refused for another visitor’s order, a forged cookie or another learner: 404, nothing completed', async () => {
    const visitors = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    expect((await complete(shop.gateway, visitors.id)).statusCode).toBe(404);
    const forged = await complete(shop.gateway, visitors.id, {
      cookies: { sf_orders: String(visitors.id) },
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ code: 'order_not_found' });

    const learners = ownerOf(await placeOrder(shop.gateway, FREE_CART, learner(3)));
    expect((await complete(shop.gateway, learners.id, { headers: learner(4) })).statusCode).toBe(
      404,
    );
    expect(completions()).toEqual([]);

    // The learner's own token is enough, on any device.
    expect((await complete(shop.gateway, learners.id, { headers: learner(3) })).statusCode).toBe(
      201,
    );
  });

  it('once only under parallel requests: one arriving while the first completes is told so, and WooCommerce is asked once', async () => {
    const owner = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    const release = shop.upstream.holdUpdates();
    const first = complete(shop.gateway, owner.id, owner);
    await eventually(
      () => shop.upstream.heldUpdates() === 1,
      'the first completion reaches WooCommerce',
    );
    const second = await complete(shop.gateway, owner.id, owner);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'order_in_progress', message: COMPLETING_MESSAGE });
    release();
    expect((await first).statusCode).toBe(201);

    const another = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => complete(shop.gateway, another.id, another)),
    );
    expect(burst.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(completions()).toHaveLength(2);
  });

  it('a completion WooCommerce fails leaves the order to the next try, which completes it', async () => {
    const owner = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    shop.upstream.state.failUpdates = true;
    const failed = await complete(shop.gateway, owner.id, owner);
    expect(failed.statusCode).toBe(502);
    shop.upstream.state.failUpdates = false;
    expect((await complete(shop.gateway, owner.id, owner)).statusCode).toBe(201);
  });

  it('a cancelled free order is not brought back', async () => {
    const owner = ownerOf(await placeOrder(shop.gateway, FREE_CART));
    await fetch(`${shop.upstream.url}/wp-json/wc/v3/orders/${String(owner.id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    const refused = await complete(shop.gateway, owner.id, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_not_pending' });
    expect(completions()).toEqual([]);
  });
});

describe('a free order across gateways sharing one Redis', () => {
  const shops = redisShopsPerTest();

  it('completed through two gateways at once: WooCommerce is asked once', async () => {
    const [a, b] = [await shops.gateway(), await shops.gateway()];
    const owner = ownerOf(await placeOrder(a, FREE_CART));
    const release = shops.upstream.holdUpdates();
    const first = complete(a, owner.id, owner);
    await eventually(
      () => shops.upstream.heldUpdates() === 1,
      'the first completion reaches WooCommerce',
    );
    expect((await complete(b, owner.id, owner)).statusCode).toBe(409);
    release();
    expect((await first).statusCode).toBe(201);
    expect((await complete(b, owner.id, owner)).statusCode).toBe(200);
  });

  it('while Redis is down no order is completed, so none can be completed twice', async () => {
    const gateway = await shops.gateway();
    const owner = ownerOf(await placeOrder(gateway, FREE_CART));
    await shops.redis.stop();
    const answer = await complete(gateway, owner.id, owner);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'completion_unavailable' });
    expect(shops.upstream.orders.get(owner.id)?.status).toBe('pending');
  });
});

describe('a free order at the sample shop (WooCommerce’s own rules)', () => {
  const sample = sampleShopPerTest();

  it('BIGSAVE makes a £0 order, which the gateway completes: WooCommerce has it processing and paid', async () => {
    const owner = ownerOf(
      await placeOrder(sample.gateway, {
        ...SAMPLE_CART,
        coupon: 'BIGSAVE',
        expected_total: '0.00',
      }),
    );
    expect((await complete(sample.gateway, owner.id, owner)).statusCode).toBe(201);
    const order = (await sample.shop.orders()).find((candidate) => candidate.id === owner.id);
    expect(order).toMatchObject({ status: 'processing', total: '0.00' });
    expect((order as unknown as { date_paid: string | null }).date_paid).not.toBeNull();
  });
});
