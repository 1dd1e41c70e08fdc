import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../identity/identity';
import type { ResponseCache } from '../proxy/responseCache';
import type { SharedState } from '../plugins/sharedState';
import { createMemoryClaims, createRedisClaims } from './claims';
import { handled, readInput, ShopError } from './errors';
import { completeFreeOrder, type FreeOrderDeps } from './freeOrders';
import {
  callerOf,
  createOrderAttempts,
  idempotencyKeyOf,
  type OrderAttempts,
} from './orderAttempts';
import { keptConfirmationKey, type OrdersCookie } from './orderCookie';
import { readOrderByKey, type OwnOrderReader } from './ownership';
import {
  createdOrderView,
  keyedOrderView,
  orderSummary,
  orderView,
  cancelUnpaid,
  placeOrder,
  type PlaceOrderDeps,
  placingDeadlineMs,
  redemptionOf,
  rewardBalance,
  UNPAID_STATUSES,
  unpaidOrderExpired,
  unpaidOrderExpiresAt,
} from './orders';
import type { Settlement } from './settlement';
import { MAX_KEPT_IN_MEMORY } from './settlement';
import {
  couponInput,
  idParams,
  noInput,
  orderInput,
  orderReadQuery,
  wcCoupon,
  wcCouponDefinitions,
  wcCustomer,
  wcOrder,
  wcOrders,
  type WcOrder,
} from './schemas';
import { createShopReads, PRICES_AT_ONCE, SHOP_PREFIX, unlessRefused } from './shopReads';
import type { WooCommerce } from './wooCommerce';
import { eachAtMost } from './eachAtMost';
import { formatPence, toPence } from './money';

/** Where the browser asks for its free order (one with nothing to pay) to be completed. */
const FREE_COMPLETION_PATH = `${SHOP_PREFIX}/orders/:id/free-completion`;

/** The unpaid orders of a learner's the cart is told of, at most (the newest). */
const PENDING_SHOWN = 5;

export interface ShopRoutesDeps {
  wc: WooCommerce;
  identity: Identity;
  cache: ResponseCache;
  ordersCookie: OrdersCookie;
  readOwnOrder: OwnOrderReader;
  /** The instances' Redis: checkout attempts are every instance's through it. */
  shared?: SharedState | undefined;
  /** The points and places pending orders hold (settlement.ts). */
  settlement: Settlement;
  /** Each WooCommerce call's time limit, which bounds how long an order holds its points. */
  upstreamTimeoutMs: number;
  now?: () => number;
  log: (message: string, error?: unknown) => void;
}

/**
 * Registers the commerce operations the storefront needs, each with a schema of what it accepts
 * and an explicit list of what it answers: a product, its variations, a list's prices, a coupon
 * check, the learner's reward balance and address, an order, one's own order, the unpaid orders.
 */
export function registerShopRoutes(app: FastifyInstance, deps: ShopRoutesDeps): void {
  const { wc } = deps;
  const now = deps.now ?? Date.now;
  const placingMs = placingDeadlineMs(deps.upstreamTimeoutMs);
  const { rewardHolds, placeHolds } = deps.settlement;
  const placing = { wc, rewardHolds, placeHolds, now: deps.settlement.now, log: deps.log };
  registerCatalogueRoutes(app, createShopReads({ wc, cache: deps.cache, log: deps.log }));
  registerCouponRoute(app, deps);
  registerLearnerRoutes(app, deps);
  // A retry is answered from memory while Redis is down: at worst a second pending order.
  const orderAttempts = createOrderAttempts({
    shared: deps.shared && createRedisClaims(deps.shared, 'order'),
    memory: createMemoryClaims(MAX_KEPT_IN_MEMORY, now),
    placingMs,
    log: deps.log,
  });
  registerOrderRoutes(app, deps, placing, orderAttempts);
  // With several instances a completion is claimed in Redis only: while it is down none is made.
  const freeOrders = {
    wc,
    completions: deps.shared
      ? createRedisClaims(deps.shared, 'free-order')
      : createMemoryClaims(MAX_KEPT_IN_MEMORY, now),
    upstreamTimeoutMs: deps.upstreamTimeoutMs,
  };
  registerUnpaidOrderRoutes(app, deps, placing, { freeOrders, placingMs });
}

/** A product, its variations and a list's prices, as any visitor reads them (shopReads.ts). */
function registerCatalogueRoutes(
  app: FastifyInstance,
  reads: ReturnType<typeof createShopReads>,
): void {
  app.get(
    `${SHOP_PREFIX}/products/:id`,
    handled((request) => reads.product(request.params)),
  );

  app.get(
    `${SHOP_PREFIX}/products/:id/variations`,
    handled((request) => reads.variations(request.params)),
  );

  app.get(
    `${SHOP_PREFIX}/prices`,
    handled((request) => reads.prices(request.query)),
  );
}

/**
 * A percentage coupon's percentage as WooCommerce defines it ("20.00"), which the cart takes of
 * its lines whenever they change; null when the coupon cannot be read (the cart then keeps the
 * amount it was told, and checkout's price check catches a total that moved).
 */
async function percentOf(deps: ShopRoutesDeps, code: string): Promise<string | null> {
  try {
    const coupons = await deps.wc.get(
      `wc/v3/coupons?code=${encodeURIComponent(code)}`,
      wcCouponDefinitions,
    );
    const found = coupons.find(
      (coupon) =>
        coupon.code.toLowerCase() === code.toLowerCase() && coupon.discount_type === 'percent',
    );
    const pence = found ? toPence(found.amount) : Number.NaN;
    return Number.isFinite(pence) ? formatPence(pence) : null;
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    deps.log(`The percentage of coupon ${code} could not be read`, error);
    return null;
  }
}

/** The coupon check: what a coupon takes off the cart's total, as WooCommerce applies it. */
function registerCouponRoute(app: FastifyInstance, deps: ShopRoutesDeps): void {
  app.post(
    `${SHOP_PREFIX}/coupons`,
    handled(async (request) => {
      const input = readInput(couponInput, request.body);
      const coupon = await deps.wc.post(
        'wc/v3/apply-coupon',
        { code: input.code, total: formatPence(toPence(input.total)) },
        wcCoupon,
      );
      return {
        code: coupon.code,
        amount: formatPence(toPence(coupon.amount)),
        discount_type: coupon.discount_type,
        percent: coupon.discount_type === 'percent' ? await percentOf(deps, coupon.code) : null,
        message: coupon.message ?? '',
      };
    }),
  );
}

/** What is the logged-in learner's own: their reward points, and their receipt's address. */
function registerLearnerRoutes(app: FastifyInstance, deps: ShopRoutesDeps): void {
  const { wc, identity } = deps;
  /** The logged-in learner, else a 401 saying what logging in would show. */
  const learner = async (request: FastifyRequest, reply: FastifyReply, toSee: string) => {
    const user = await identity.userOf(request, reply);
    if (user === null) throw new ShopError(401, 'unauthorized', `Please log in to see ${toSee}.`);
    return user;
  };
  app.get(
    `${SHOP_PREFIX}/rewards`,
    handled(async (request, reply) => {
      const user = await learner(request, reply, 'your reward points');
      const balance = await rewardBalance(wc, user);
      return {
        points: balance.points,
        value: balance.valuePence / 100,
        points_per_pound: balance.pointsPerPound,
      };
    }),
  );

  // The address a learner's receipt goes to, to fill in at checkout: their own only.
  app.get(
    `${SHOP_PREFIX}/customer`,
    handled(async (request, reply) => {
      const user = await learner(request, reply, 'your details');
      const customer = await wc.get(`wc/v3/customers/${encodeURIComponent(user)}`, wcCustomer);
      return { email: customer.billing.email || customer.email };
    }),
  );
}

/**
 * Placing an order (once for each Idempotency-Key, remembered in this browser's orders cookie),
 * and reading one.
 */
function registerOrderRoutes(
  app: FastifyInstance,
  deps: ShopRoutesDeps,
  placing: PlaceOrderDeps,
  orderAttempts: OrderAttempts,
): void {
  app.post(
    `${SHOP_PREFIX}/orders`,
    handled(async (request, reply) => {
      const input = readInput(orderInput, request.body);
      const key = idempotencyKeyOf(request);
      const customer = await deps.identity.userOf(request, reply);
      const order = await orderAttempts(callerOf(request, customer), key, input, async () =>
        createdOrderView(await placeOrder(placing, input, customer)),
      );
      // Set again on a retry: the answer that set it first may never have arrived.
      deps.ordersCookie.remember(request, reply, order.id);
      return reply.code(201).send(order);
    }),
  );

  // An order is read by its owner (orderView) or, in any other browser, by its key, which its
  // confirmation link carries (keyedOrderView): sent as `key`, or left in a cookie by the link
  // (keepConfirmationKey). To anyone else it does not exist.
  app.get(
    `${SHOP_PREFIX}/orders/:id`,
    handled(async (request, reply) => {
      const { id } = readInput(idParams, request.params);
      const key = readInput(orderReadQuery, request.query).key ?? keptConfirmationKey(request);
      const own = deps.readOwnOrder(request, reply, id);
      if (key === undefined) return orderView(await own);
      // Not this browser's (its owner reading would have found it): the key decides.
      const owned = await own.catch((error: unknown) => {
        if (error instanceof ShopError && error.status === 404) return null;
        throw error;
      });
      return owned ? orderView(owned) : keyedOrderView(await readOrderByKey(deps.wc, id, key));
    }),
  );
}

/**
 * Whether an unpaid order holds anything of the shopper's: points it took (a pending order's;
 * a failed one's went back) or places.
 */
async function holdsSomething(placing: PlaceOrderDeps, order: WcOrder): Promise<boolean> {
  if (!UNPAID_STATUSES.includes(order.status)) return false;
  if (order.status === 'pending' && redemptionOf(order)) return true;
  return placing.placeHolds.holds(order.id);
}

/** The unpaid orders this browser created or the learner placed, newest first. */
async function unpaidOrders(
  deps: ShopRoutesDeps,
  request: Parameters<Identity['userOf']>[0],
  reply: Parameters<Identity['userOf']>[1],
): Promise<WcOrder[]> {
  const { wc } = deps;
  const user = await deps.identity.userOf(request, reply);
  const own = user
    ? await wc.get(
        `wc/v3/orders?customer=${encodeURIComponent(user)}&status=pending,failed&per_page=${String(PENDING_SHOWN)}`,
        wcOrders,
      )
    : [];
  const known = new Set(own.map((order) => order.id));
  const created = deps.ordersCookie
    .ordersOf(request)
    .filter((id) => !known.has(id))
    .slice(-PENDING_SHOWN);
  const read = await eachAtMost(PRICES_AT_ONCE, created, (id) =>
    wc.get(`wc/v3/orders/${String(id)}`, wcOrder).catch(unlessRefused(null)),
  );
  return [...own, ...read.filter((order): order is WcOrder => order !== null)]
    .sort((a, b) => b.id - a.id)
    .slice(0, PENDING_SHOWN);
}

/** When an unpaid order is cancelled if it is not paid (ISO 8601, UTC); null: never. */
function expiryOf(order: WcOrder): string | null {
  const expiresAt = unpaidOrderExpiresAt(order);
  return expiresAt === undefined ? null : new Date(expiresAt).toISOString();
}

/**
 * The orders that have not expired; the expired ones are cancelled (their points and places go
 * back), a failure logged: the order is cancelled when it is next met.
 */
async function unexpired(
  deps: ShopRoutesDeps,
  placing: PlaceOrderDeps,
  orders: readonly WcOrder[],
): Promise<WcOrder[]> {
  const now = deps.settlement.now();
  const expired = orders.filter((order) => unpaidOrderExpired(order, now));
  await eachAtMost(PRICES_AT_ONCE, expired, (order) =>
    cancelUnpaid(placing, order.id).catch((error: unknown) => {
      deps.log(`Order ${String(order.id)}, expired unpaid, could not be cancelled`, error);
    }),
  );
  return orders.filter((order) => !expired.includes(order));
}

/**
 * The shopper's unpaid orders: listed for the cart to offer to pay or cancel, cancelled, or
 * completed when there is nothing to pay.
 */
function registerUnpaidOrderRoutes(
  app: FastifyInstance,
  deps: ShopRoutesDeps,
  placing: PlaceOrderDeps,
  completion: { freeOrders: FreeOrderDeps; placingMs: number },
): void {
  // The shopper's unpaid orders that hold their points or places, for the cart to offer to pay
  // or cancel: this browser's and, with a token, the learner's own; nobody else's. Those unpaid
  // for longer than ORDER_HOLD_MINUTES are cancelled instead.
  app.get(
    `${SHOP_PREFIX}/orders/pending`,
    handled(async (request, reply) => {
      const orders = await unexpired(deps, placing, await unpaidOrders(deps, request, reply));
      const holding = await eachAtMost(PRICES_AT_ONCE, orders, (order) =>
        holdsSomething(placing, order),
      );
      return orders
        .filter((_order, index) => holding[index])
        .map((order) => ({
          ...orderSummary(order),
          payment_url: order.payment_url,
          reward: order.status === 'pending' ? redemptionOf(order) : null,
          line_items: order.line_items.map((line) => ({
            name: line.name,
            quantity: line.quantity,
          })),
          expires_at: expiryOf(order),
        }));
    }),
  );

  // Cancels an unpaid order of this browser's (or the learner's): WooCommerce gives its points
  // back, and its places go back to the shop.
  app.post(
    `${SHOP_PREFIX}/orders/:id/cancellation`,
    handled(async (request, reply) => {
      const { id } = readInput(idParams, request.params);
      readInput(noInput, request.body ?? {});
      const order = await deps.readOwnOrder(request, reply, id);
      if (!UNPAID_STATUSES.includes(order.status)) {
        throw new ShopError(
          409,
          'order_not_cancellable',
          'This order can no longer be cancelled. Please contact us if you need help.',
        );
      }
      return orderSummary(await cancelUnpaid(placing, order.id));
    }),
  );

  // A free order of this browser (or of the learner), completed when WooCommerce totals it at 0:
  // 201 when this request completed it, 200 when it was already paid (a retry).
  app.post(
    FREE_COMPLETION_PATH,
    handled(async (request, reply) => {
      const { id } = readInput(idParams, request.params);
      readInput(noInput, request.body ?? {});
      const { order, completedNow } = await completeFreeOrder(
        completion.freeOrders,
        await deps.readOwnOrder(request, reply, id),
      );
      // Paid: WooCommerce has taken its places off the stock (after any read made before).
      await placing.placeHolds.releaseAt(order.id, deps.settlement.now() + completion.placingMs);
      return reply.code(completedNow ? 201 : 200).send(orderSummary(order));
    }),
  );
}
