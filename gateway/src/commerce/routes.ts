import type { FastifyInstance } from 'fastify';
import type { Identity } from '../identity/identity';
import type { ResponseCache } from '../proxy/responseCache';
import type { SharedState } from '../plugins/sharedState';
import { createMemoryClaims, createRedisClaims } from './claims';
import { handled, readInput, ShopError } from './errors';
import { callerOf, createOrderAttempts, idempotencyKeyOf } from './orderAttempts';
import type { OrdersCookie } from './orderCookie';
import type { OwnOrderReader } from './ownership';
import {
  createdOrderView,
  orderView,
  placeOrder,
  placingDeadlineMs,
  rewardBalance,
} from './orders';
import { createRewardHolds } from './rewardHolds';
import { couponInput, idParams, orderInput, wcCoupon, wcProduct, wcVariations } from './schemas';
import type { WooCommerce } from './wooCommerce';
import { formatPence, toPence } from './money';

/** The browser's commerce API: the only way to WooCommerce. */
export const SHOP_PREFIX = '/api/shop';

/** Product reads are shared by every visitor for this long. */
const PRODUCT_TTL_MS = 60_000;

/**
 * Checkout attempts and reward holds this instance keeps in memory, at most: a day of orders at
 * the route table's limit is far fewer, and keys made up by clients cannot fill the memory.
 */
const MAX_KEPT_IN_MEMORY = 10_000;

export interface ShopRoutesDeps {
  wc: WooCommerce;
  identity: Identity;
  cache: ResponseCache;
  ordersCookie: OrdersCookie;
  readOwnOrder: OwnOrderReader;
  /** The instances' Redis: reward holds and checkout attempts are every instance's through it. */
  shared?: SharedState | undefined;
  /** Each WooCommerce call's time limit, which bounds how long an order holds its points. */
  upstreamTimeoutMs: number;
  now?: () => number;
  log: (message: string, error?: unknown) => void;
}

/**
 * Registers the commerce operations the storefront needs, each with a schema of what it accepts
 * and an explicit list of what it answers: a product, its variations, a coupon check, an order,
 * one's own order, the reward balance.
 */
export function registerShopRoutes(app: FastifyInstance, deps: ShopRoutesDeps): void {
  const { wc, identity } = deps;
  const now = deps.now ?? Date.now;
  const placingMs = placingDeadlineMs(deps.upstreamTimeoutMs);
  // With several instances a learner's points are held in Redis only: one instance's memory
  // cannot stop another from spending them, so a redemption is refused while Redis is down.
  const rewardHolds = createRewardHolds(
    deps.shared
      ? createRedisClaims(deps.shared, 'reward')
      : createMemoryClaims(MAX_KEPT_IN_MEMORY, now),
    placingMs,
  );
  // A retry is answered from memory while Redis is down: at worst a second pending order.
  const orderAttempts = createOrderAttempts({
    shared: deps.shared && createRedisClaims(deps.shared, 'order'),
    memory: createMemoryClaims(MAX_KEPT_IN_MEMORY, now),
    placingMs,
    log: deps.log,
  });

  /** A product read once for every visitor within its TTL. */
  async function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = await deps.cache.lookup(key);
    if (hit && !hit.stale) return JSON.parse(hit.value.body.toString('utf8')) as T;
    const value = await load();
    await deps.cache.store(
      key,
      { status: 200, headers: {}, body: Buffer.from(JSON.stringify(value)) },
      PRODUCT_TTL_MS,
    );
    return value;
  }

  app.get(
    `${SHOP_PREFIX}/products/:id`,
    handled(async (request) => {
      const { id } = readInput(idParams, request.params);
      return shared(`shop:product:${String(id)}`, async () => {
        const product = await wc.get(`wc/v3/products/${String(id)}`, wcProduct);
        return {
          id: product.id,
          name: product.name,
          slug: product.slug,
          type: product.type,
          price: product.price,
          regular_price: product.regular_price,
          sale_price: product.sale_price,
          purchasable: product.purchasable ?? true,
        };
      });
    }),
  );

  app.get(
    `${SHOP_PREFIX}/products/:id/variations`,
    handled(async (request) => {
      const { id } = readInput(idParams, request.params);
      return shared(`shop:variations:${String(id)}`, async () => {
        const variations = await wc.get(
          `wc/v3/products/${String(id)}/variations?per_page=100`,
          wcVariations,
        );
        return variations.map((variation) => ({
          id: variation.id,
          price: variation.price,
          regular_price: variation.regular_price,
          sale_price: variation.sale_price,
          attributes: variation.attributes.map(({ name, option }) => ({ name, option })),
        }));
      });
    }),
  );

  app.post(
    `${SHOP_PREFIX}/coupons`,
    handled(async (request) => {
      const input = readInput(couponInput, request.body);
      const coupon = await wc.post(
        'wc/v3/apply-coupon',
        { code: input.code, total: formatPence(toPence(input.total)) },
        wcCoupon,
      );
      return {
        code: coupon.code,
        amount: formatPence(toPence(coupon.amount)),
        discount_type: coupon.discount_type,
        message: coupon.message ?? '',
      };
    }),
  );

  app.get(
    `${SHOP_PREFIX}/rewards`,
    handled(async (request, reply) => {
      const user = await identity.userOf(request, reply);
      if (user === null) {
        throw new ShopError(401, 'unauthorized', 'Please log in to see your reward points.');
      }
      const balance = await rewardBalance(wc, user);
      return {
        points: balance.points,
        value: balance.valuePence / 100,
        points_per_pound: balance.pointsPerPound,
      };
    }),
  );

  app.post(
    `${SHOP_PREFIX}/orders`,
    handled(async (request, reply) => {
      const input = readInput(orderInput, request.body);
      const key = idempotencyKeyOf(request);
      const customer = await identity.userOf(request, reply);
      const order = await orderAttempts(callerOf(request, customer), key, input, async () =>
        createdOrderView(await placeOrder({ wc, rewardHolds, log: deps.log }, input, customer)),
      );
      // Set again on a retry: the answer that set it first may never have arrived.
      deps.ordersCookie.remember(request, reply, order.id);
      return reply.code(201).send(order);
    }),
  );

  app.get(
    `${SHOP_PREFIX}/orders/:id`,
    handled(async (request, reply) => {
      const { id } = readInput(idParams, request.params);
      return orderView(await deps.readOwnOrder(request, reply, id));
    }),
  );
}
