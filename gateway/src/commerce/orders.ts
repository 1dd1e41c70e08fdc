import { ShopError } from './errors';
import { checkLimits } from './limits';
import { formatPence, toPence } from './money';
import { ORDER_HOLD_MS, type CountedStock, type PlaceHolds } from './placeHolds';
import type { RewardHolds } from './rewardHolds';
import { wcOrder, wcPoints, type OrderInput, type WcOrder } from './schemas';
import type { WooCommerce } from './wooCommerce';

/** WooCommerce's statuses of an order whose payment was taken or is being confirmed. */
export const PAID_STATUSES: readonly string[] = ['processing', 'completed', 'on-hold'];

/** A learner's points and what they are worth. */
export interface RewardBalance {
  points: number;
  /** Pence the points are worth. */
  valuePence: number;
  pointsPerPound: number;
}

/** Reads a learner's Points and Rewards balance (the extension's "points:pounds" ratio). */
export async function rewardBalance(wc: WooCommerce, userId: string): Promise<RewardBalance> {
  const answer = await wc.get(`wc-points-rewards/v1/users/${encodeURIComponent(userId)}`, wcPoints);
  const [points, pounds] = answer.redeem_ratio.split(':').map(Number) as [number, number];
  const pointsPerPound = pounds > 0 ? points / pounds : 0;
  const balance = Math.max(0, Math.floor(answer.points_balance));
  return {
    points: balance,
    valuePence: pointsPerPound > 0 ? Math.floor((balance * 100) / pointsPerPound) : 0,
    pointsPerPound,
  };
}

/** What the browser is told of any order of its own: which, where it stands, what it costs. */
export function orderSummary(order: WcOrder) {
  return {
    id: order.id,
    status: order.status,
    total: formatPence(toPence(order.total)),
    currency: order.currency,
  };
}

/** What the browser is told about a created order: what it needs to pay it, nothing more. */
export function createdOrderView(order: WcOrder) {
  return { ...orderSummary(order), payment_url: order.payment_url };
}

/** The fee line a reward redemption is written as (its total is minus what the points took off). */
const POINTS_FEE_NAME = 'Points redemption';
/** The meta entry of the points an order redeemed (WooCommerce Points and Rewards'). */
const POINTS_META_KEY = '_wc_points_redeemed';

/** WooCommerce's statuses of an order that may still be paid (or cancelled) on its payment page. */
export const UNPAID_STATUSES: readonly string[] = ['pending', 'failed'];

/** WooCommerce's `date_created_gmt`: UTC, to the second, with no zone ("2026-11-23T10:00:00"). */
const WC_GMT_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * When an unpaid order expires (ms since the epoch): ORDER_HOLD_MINUTES after it was created, it
 * holds its points and places no longer and is to be cancelled (WooCommerce's own "cancel unpaid
 * orders" never cancels an order its REST API created). Undefined for an order that is not unpaid
 * or whose creation date is missing or not WooCommerce's: it never expires.
 */
export function unpaidOrderExpiresAt(order: WcOrder): number | undefined {
  const created = order.date_created_gmt;
  if (!UNPAID_STATUSES.includes(order.status) || created === null || !WC_GMT_DATE.test(created)) {
    return undefined;
  }
  const createdAt = Date.parse(`${created}Z`);
  return Number.isFinite(createdAt) ? createdAt + ORDER_HOLD_MS : undefined;
}

/** Whether an unpaid order has expired at `now` (unpaidOrderExpiresAt). */
export function unpaidOrderExpired(order: WcOrder, now: number): boolean {
  const expiresAt = unpaidOrderExpiresAt(order);
  return expiresAt !== undefined && now > expiresAt;
}

/** The reward points an order redeemed and the pence they took off; null when it used none. */
export function redemptionOf(order: WcOrder): { points: number; amount: string } | null {
  const pence = -order.fee_lines
    .filter((fee) => fee.name === POINTS_FEE_NAME)
    .reduce((sum, fee) => sum + toPence(fee.total), 0);
  if (!(pence > 0)) return null;
  const points = Number(order.meta_data.find((meta) => meta.key === POINTS_META_KEY)?.value);
  return {
    points: Number.isSafeInteger(points) && points > 0 ? points : 0,
    amount: formatPence(pence),
  };
}

/**
 * What an order's confirmation shows: each line before and after its discount, the coupons and
 * points it used, when it was made and paid; nothing of who made it.
 */
function confirmationOf(order: WcOrder) {
  return {
    ...orderSummary(order),
    date_created: order.date_created,
    date_paid: order.date_paid,
    subtotal: formatPence(order.line_items.reduce((sum, line) => sum + toPence(line.subtotal), 0)),
    line_items: order.line_items.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      subtotal: formatPence(toPence(line.subtotal)),
      total: formatPence(toPence(line.total)),
    })),
    coupons: order.coupon_lines.map((coupon) => ({
      code: coupon.code,
      discount: formatPence(toPence(coupon.discount)),
    })),
    reward: redemptionOf(order),
  };
}

/**
 * An order as its owner may read it: its confirmation and where its receipt goes, and nothing
 * else of the order (no key, address, customer or note).
 */
export function orderView(order: WcOrder) {
  return { ...confirmationOf(order), email: order.billing.email };
}

/**
 * An order as the holder of its key (its confirmation link) may read it in any browser: its
 * confirmation, and the payment page of one still unpaid. Not where its receipt goes: a key
 * travels in URLs (a bank app's return, a browser's history), and the address is a person's.
 */
export function keyedOrderView(order: WcOrder) {
  return {
    ...confirmationOf(order),
    ...(UNPAID_STATUSES.includes(order.status) ? { payment_url: order.payment_url } : {}),
  };
}

/** The order's prices now, for a cart that showed other ones. */
function priceChange(order: WcOrder, rewardPence: number) {
  const subtotal = order.line_items.reduce((sum, line) => sum + toPence(line.subtotal), 0);
  return {
    total: formatPence(toPence(order.total)),
    subtotal: formatPence(subtotal),
    discount: formatPence(toPence(order.discount_total)),
    reward: formatPence(rewardPence),
    lines: order.line_items.map((line) => ({
      product_id: line.product_id,
      variation_id: line.variation_id,
      price: formatPence(Math.round(toPence(line.subtotal) / Math.max(1, line.quantity))),
    })),
  };
}

/**
 * The most WooCommerce calls placing an order makes one after another: its products' and their
 * variations' reads (checkLimits; one round for a cart of up to four products), the balance, the
 * order, its redemption and its cancellation.
 */
const PLACING_CALLS = 6;

/** Time for the work between the calls (reading and checking answers). */
const PLACING_MARGIN_MS = 1_000;

/** The longest placing an order can take, each WooCommerce call having `upstreamTimeoutMs`. */
export function placingDeadlineMs(upstreamTimeoutMs: number): number {
  return PLACING_CALLS * upstreamTimeoutMs + PLACING_MARGIN_MS;
}

export interface PlaceOrderDeps {
  wc: WooCommerce;
  /** Keeps a learner's redemptions one at a time. */
  rewardHolds: RewardHolds;
  /** The places pending orders hold. */
  placeHolds: PlaceHolds;
  now: () => number;
  log: (message: string, error?: unknown) => void;
}

export const PLACES_UNAVAILABLE_MESSAGE =
  'Places cannot be booked right now. Please try again in a few minutes.';

/**
 * Creates a pending, unpaid order from what the cart holds: the lines (WooCommerce prices them),
 * the coupon, and a reward redemption capped by the learner's balance and the order's total. Its
 * customer is `customerId` (the verified token's user, or 0 for a guest). What the shop would not
 * sell (a quantity over its stock or its one-per-order rule) is refused first. When the total is not
 * the one the cart showed, the order is cancelled and the new prices are answered (409), so the
 * payment page only ever charges what the learner saw. An order that redeems points is placed
 * while the learner's hold is on, so the balance it read is still theirs when the points go. An
 * order of counted places holds them (ORDER_HOLD_MINUTES) once placed: when other pending orders
 * hold what is left, it is cancelled and refused as over the stock.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: OrderInput,
  customerId: string | null,
): Promise<WcOrder> {
  // Checked before any points are held: what the shop would not sell is refused first.
  const stocks = await checkLimits(deps.wc, input.lines);
  const rewardWanted = (input.reward ?? 0) * 100;
  const place = async () =>
    holdPlaces(deps, await createOrder(deps, input, customerId, rewardWanted), stocks);
  if (rewardWanted === 0) return place();
  if (customerId === null) {
    throw new ShopError(401, 'unauthorized', 'Please log in to use your reward points.');
  }
  return deps.rewardHolds(customerId, place);
}

/**
 * The new order holding its places; when other pending orders hold them (or the holds cannot be
 * asked), the order is cancelled and refused: a 409 `quantity_limit` naming what is left.
 */
async function holdPlaces(
  deps: PlaceOrderDeps,
  order: WcOrder,
  stocks: readonly CountedStock[],
): Promise<WcOrder> {
  if (stocks.length === 0) return order;
  const now = deps.now();
  const short = await deps.placeHolds.hold(order.id, stocks, {
    holdUntil: now + ORDER_HOLD_MS,
    keepUntil: now,
  });
  if (short?.length === 0) return order;
  await cancelOrder(deps, order.id);
  if (short === undefined)
    throw new ShopError(503, 'places_unavailable', PLACES_UNAVAILABLE_MESSAGE);
  throw new ShopError(
    409,
    'quantity_limit',
    `${short.map((stock) => `${stock.name}: only ${String(stock.left)} left.`).join(' ')} Please change your cart and try again.`,
    {
      limits: short.flatMap((stock) =>
        (stocks.find((counted) => counted.key === stock.key)?.lines ?? []).map((line) => ({
          ...line,
          max_quantity: stock.left,
          reason: 'stock',
        })),
      ),
    },
  );
}

/** The order placeOrder describes, redeeming `rewardWanted` pence (with the learner's hold on). */
async function createOrder(
  deps: PlaceOrderDeps,
  input: OrderInput,
  customerId: string | null,
  rewardWanted: number,
): Promise<WcOrder> {
  const expectedPence = toPence(input.expected_total);
  const balance =
    rewardWanted > 0 && customerId !== null ? await rewardBalance(deps.wc, customerId) : undefined;
  if (balance && rewardWanted > balance.valuePence) {
    throw new ShopError(
      400,
      'reward_exceeds_balance',
      `You can use up to £${formatPence(balance.valuePence)} of reward points.`,
    );
  }

  let order = await couponChecked(input, () =>
    deps.wc.post(
      'wc/v3/orders',
      {
        status: 'pending',
        set_paid: false,
        customer_id: customerId === null ? 0 : Number(customerId),
        billing: {
          email: input.email,
          first_name: input.first_name ?? '',
          last_name: input.last_name ?? '',
        },
        line_items: input.lines.map((line) => ({
          product_id: line.product_id,
          ...(line.variation_id ? { variation_id: line.variation_id } : {}),
          quantity: line.quantity,
        })),
        coupon_lines: input.coupon ? [{ code: input.coupon }] : [],
      },
      wcOrder,
    ),
  );

  const rewardPence = Math.min(rewardWanted, Math.max(0, toPence(order.total)));
  if (balance && rewardPence > 0) {
    const points = Math.ceil((rewardPence * balance.pointsPerPound) / 100);
    try {
      order = await deps.wc.put(
        `wc/v3/orders/${String(order.id)}`,
        {
          fee_lines: [
            { name: POINTS_FEE_NAME, total: formatPence(-rewardPence), tax_status: 'none' },
          ],
          meta_data: [{ key: POINTS_META_KEY, value: points }],
        },
        wcOrder,
      );
    } catch (error) {
      // The redemption may have been applied though its answer was lost: an order the learner
      // will never see must not keep their points, nor wait to be paid.
      await cancelOrder(deps, order.id);
      throw error;
    }
  }

  if (toPence(order.total) !== expectedPence) {
    const changed = priceChange(order, rewardPence);
    await cancelOrder(deps, order.id);
    throw new ShopError(
      409,
      'price_changed',
      'Prices have changed since these items were added to your cart.',
      changed,
    );
  }
  return order;
}

/**
 * Places the order; WooCommerce refusing its coupon (expired, or gone since it was applied) is
 * answered as `coupon_refused`, saying why and what to do: the order can be placed without it.
 */
async function couponChecked(input: OrderInput, place: () => Promise<WcOrder>): Promise<WcOrder> {
  try {
    return await place();
  } catch (error) {
    if (
      !input.coupon ||
      !(error instanceof ShopError) ||
      error.status !== 400 ||
      !/coupon/i.test(error.code)
    ) {
      throw error;
    }
    throw new ShopError(
      400,
      'coupon_refused',
      `${error.message} Please remove the coupon ${input.coupon} from your cart to place your order without it.`,
    );
  }
}

/**
 * Cancels an unpaid order: its redeemed points go back to the learner (WooCommerce Points and
 * Rewards) and its places to the shop.
 */
export async function cancelUnpaid(
  deps: Pick<PlaceOrderDeps, 'wc' | 'placeHolds' | 'now'>,
  orderId: number,
): Promise<WcOrder> {
  const order = await deps.wc.put(
    `wc/v3/orders/${String(orderId)}`,
    { status: 'cancelled' },
    wcOrder,
  );
  await deps.placeHolds.releaseAt(orderId, deps.now());
  return order;
}

/** Cancels an order the learner will never see; a failure is logged. */
async function cancelOrder(
  deps: Pick<PlaceOrderDeps, 'wc' | 'placeHolds' | 'now' | 'log'>,
  orderId: number,
): Promise<void> {
  try {
    await cancelUnpaid(deps, orderId);
  } catch (error) {
    // A pending order nobody pays is harmless: its places' hold ends in time.
    deps.log(`Order ${String(orderId)} could not be cancelled`, error);
  }
}
