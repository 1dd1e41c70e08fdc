import type { LightMyRequestResponse } from 'fastify';
import { GATEWAY_DEFAULTS } from '../plugins/defaults';
import { eventually } from '../test-support/eventually';
import {
  learner,
  placeOrder as order,
  pointsHeld,
  redisShopsPerTest,
  SAMPLE_CART,
  sampleShopPerTest,
  STARTING_POINTS,
  TEST_CART,
  testWooCommercePerTest,
} from '../test-support/shop';
import { createMemoryClaims } from './claims';
import { placingDeadlineMs } from './orders';
import {
  createRewardHolds,
  REWARD_IN_USE_MESSAGE,
  REWARD_UNAVAILABLE_MESSAGE,
} from './rewardHolds';

const codeOf = (answer: LightMyRequestResponse) => answer.json<{ code: string }>().code;

/** Starts every request, and says how many have been answered so far. */
function inFlight(requests: Promise<LightMyRequestResponse>[]) {
  let answered = 0;
  for (const request of requests) {
    void request.then(() => {
      answered += 1;
    });
  }
  return { answered: () => answered, all: Promise.all(requests) };
}

describe('a learner’s points are spent once (holds on redemptions)', () => {
  it('a hold left by an order that never finished frees itself after the longest an order takes', async () => {
    let time = 0;
    const holds = createRewardHolds(
      createMemoryClaims(10, () => time),
      1000,
    );
    void holds('3', () => new Promise(() => undefined));
    await expect(holds('3', () => Promise.resolve('second'))).rejects.toMatchObject({
      status: 409,
      code: 'reward_in_use',
    });
    await expect(holds('4', () => Promise.resolve('another learner'))).resolves.toBe(
      'another learner',
    );
    time = 999;
    await expect(holds('3', () => Promise.resolve('too soon'))).rejects.toMatchObject({
      code: 'reward_in_use',
    });
    time = 1000;
    await expect(holds('3', () => Promise.resolve('after'))).resolves.toBe('after');
    await expect(holds('3', () => Promise.reject(new Error('upstream failed')))).rejects.toThrow(
      'upstream failed',
    );
    await expect(holds('3', () => Promise.resolve('after a failure'))).resolves.toBe(
      'after a failure',
    );
  });

  describe('against the sample shop', () => {
    const sample = sampleShopPerTest();

    it('ten concurrent orders each redeeming the whole balance: one is placed, the balance never goes below zero', async () => {
      const before = new Set((await sample.shop.orders()).map(({ id }) => id));
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          order(
            sample.gateway,
            { ...SAMPLE_CART, reward: 15, expected_total: '4.99' },
            sample.shop.auth,
          ),
        ),
      );
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(['409 reward_in_use', '400 reward_exceeds_balance']).toContain(
          `${String(refused.statusCode)} ${codeOf(refused)}`,
        );
      }
      expect(await sample.shop.balance()).toBe(0);
      // The refused ones left no order behind that waits to be paid, or holds points.
      const made = (await sample.shop.orders()).filter(({ id }) => !before.has(id));
      const live = made.filter(({ status }) => status !== 'cancelled');
      expect(live.map(({ id }) => id)).toEqual([placed[0]?.json<{ id: number }>().id]);
      expect(made.reduce((sum, made) => sum + pointsHeld(made), 0)).toBe(STARTING_POINTS);
    });

    it('an order cancelled because its prices changed gives the points back, for the next order', async () => {
      const changed = await order(
        sample.gateway,
        { ...SAMPLE_CART, reward: 15, expected_total: '3.99' },
        sample.shop.auth,
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ code: 'price_changed', data: { total: '4.99' } });
      expect((await sample.shop.orders())[0]).toMatchObject({ status: 'cancelled' });
      expect(await sample.shop.balance()).toBe(STARTING_POINTS);
      const again = await order(
        sample.gateway,
        { ...SAMPLE_CART, reward: 15, expected_total: '4.99' },
        sample.shop.auth,
      );
      expect(again.statusCode).toBe(201);
      expect(await sample.shop.balance()).toBe(0);
    });
  });

  describe('against a WooCommerce that takes whatever points an order names', () => {
    const woo = testWooCommercePerTest();

    it('while an order redeems a learner’s points, a second one is refused: 409 reward_in_use', async () => {
      const release = woo.upstream.hold();
      const first = order(
        woo.gateway,
        { ...TEST_CART, reward: 15, expected_total: '34.99' },
        learner(3),
      );
      await eventually(() => woo.upstream.heldReads() === 1, 'the first order reading the balance');
      const second = inFlight([
        order(woo.gateway, { ...TEST_CART, reward: 15, expected_total: '34.99' }, learner(3)),
      ]);
      await eventually(
        () => second.answered() === 1 || woo.upstream.heldReads() === 2,
        'the second order answered or reading the balance',
      );
      release();
      const [refused] = await second.all;
      expect(refused?.statusCode).toBe(409);
      expect(refused?.json()).toEqual({
        code: 'reward_in_use',
        message: REWARD_IN_USE_MESSAGE,
        data: { status: 409 },
      });
      expect((await first).statusCode).toBe(201);
      expect(woo.upstream.balanceOf(3)).toBe(0);
      // Another learner, and an order without points, are never held up.
      const other = await order(
        woo.gateway,
        { ...TEST_CART, reward: 15, expected_total: '34.99' },
        learner(4),
      );
      expect(other.statusCode).toBe(201);
    });

    it('a WooCommerce error after the points were added cancels the order: the points go back', async () => {
      woo.upstream.state.failRedemption = true;
      const failed = await order(
        woo.gateway,
        { ...TEST_CART, reward: 15, expected_total: '34.99' },
        learner(3),
      );
      expect(failed.statusCode).toBe(502);
      expect([...woo.upstream.orders.values()].at(-1)).toMatchObject({ status: 'cancelled' });
      expect(woo.upstream.balanceOf(3)).toBe(STARTING_POINTS);
    });
  });

  describe('two gateways sharing one Redis', () => {
    const shops = redisShopsPerTest();

    it('ten concurrent orders on two gateways each redeeming the whole balance: one is placed, the balance never goes below zero', async () => {
      const [a, b] = [await shops.gateway(), await shops.gateway()];
      const release = shops.upstream.hold();
      const orders = inFlight(
        Array.from({ length: 10 }, (_, i) =>
          order(
            i % 2 === 0 ? a : b,
            { ...TEST_CART, reward: 15, expected_total: '34.99' },
            learner(3),
          ),
        ),
      );
      await eventually(
        () => shops.upstream.heldReads() + orders.answered() === 10,
        'every order answered or reading the balance',
      );
      try {
        // The hold lives no longer than the longest an order can take.
        const ttl = await shops.redis.withClient((client) => client.pttl('storefront:reward:3'));
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(placingDeadlineMs(GATEWAY_DEFAULTS.upstreamTimeoutMs));
      } finally {
        release();
      }
      const answers = await orders.all;
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
      ]);
      expect(shops.upstream.balanceOf(3)).toBe(0);
      expect(await shops.redis.withClient((client) => client.exists('storefront:reward:3'))).toBe(
        0,
      );
    });

    it('with Redis down a redemption is refused (503) rather than risk two; an order without points is placed', async () => {
      const log: string[] = [];
      const a = await shops.gateway(log);
      await shops.redis.stop();
      await eventually(
        () => log.some((line) => line.includes('Redis unreachable at')),
        'the gateway noticing Redis is down',
      );
      const refused = await order(
        a,
        { ...TEST_CART, reward: 15, expected_total: '34.99' },
        learner(3),
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 'reward_unavailable',
        message: REWARD_UNAVAILABLE_MESSAGE,
        data: { status: 503 },
      });
      expect(shops.upstream.balanceOf(3)).toBe(STARTING_POINTS);
      const plain = await order(a, { ...TEST_CART, expected_total: '49.99' }, learner(3));
      expect(plain.statusCode).toBe(201);
    });
  });
});
