import { WpError } from '../errors';
import type { OrderRecord, OrderStatus } from '../state/orders';
import { metaValue } from './order-changes';

/**
 * WooCommerce Points and Rewards, as the extension treats an order: the points named in its
 * `_wc_points_redeemed` meta leave the customer's balance when the order first carries them (the
 * extension deducts at checkout, never more than the customer has), come back when the order is
 * cancelled, refunded or its payment fails, and leave again if that order is paid after all.
 */

/** The order meta the extension reads the redeemed points from. */
const POINTS_META_KEY = '_wc_points_redeemed';

/** The extension's `wc_points_rewards_redeem_points_ratio` setting, "points:pounds". */
export const REDEEM_RATIO = '100:1';

/** The statuses that credit an order's redeemed points back (`handle_cancelled_refunded_order`). */
const RETURNING: readonly OrderStatus[] = ['cancelled', 'refunded', 'failed'];

/** The statuses on which the extension takes an order's redemption (`maybe_update_points`). */
const REDEEMING: readonly OrderStatus[] = ['processing', 'completed', 'on-hold'];

/** Where balances are read and changed. */
export interface PointsLedger {
  balance(userId: number): number;
  adjust(userId: number, points: number): void;
}

/** The whole points an order's meta says were redeemed (a number or digits), else 0. */
function redeemedPoints(order: Pick<OrderRecord, 'meta_data'>): number {
  const value = metaValue(order, POINTS_META_KEY);
  const points =
    typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : value;
  return typeof points === 'number' && Number.isSafeInteger(points) && points > 0 ? points : 0;
}

/**
 * Deducts the order's redeemed points from its customer the first time the order carries them
 * (and a customer), refusing a redemption above the balance as checkout does; gives them back the
 * first time the order is cancelled, refunded or failed afterwards, and takes them again when
 * such an order is paid or put on hold after all (a declined card, then a good one). Synchronous,
 * so the order and the balance change together: two orders can never both take the same points.
 */
export function settlePoints<
  T extends Pick<OrderRecord, 'meta_data' | 'customer_id' | 'status' | 'points'>,
>(order: T, ledger: PointsLedger): T {
  const { points } = order;
  if (points === null) {
    const redeemed = redeemedPoints(order);
    if (redeemed === 0 || order.customer_id === 0 || RETURNING.includes(order.status)) {
      return order;
    }
    if (redeemed > ledger.balance(order.customer_id)) {
      throw new WpError(
        400,
        'wc_points_rewards_insufficient_points',
        'You do not have enough points to redeem this discount.',
      );
    }
    ledger.adjust(order.customer_id, -redeemed);
    return {
      ...order,
      points: { customer_id: order.customer_id, points: redeemed, returned: false },
    };
  }
  if (!points.returned && RETURNING.includes(order.status)) {
    ledger.adjust(points.customer_id, points.points);
    return { ...order, points: { ...points, returned: true } };
  }
  if (points.returned && REDEEMING.includes(order.status)) {
    // A payment is never refused for points: like the extension, the balance only stops at 0.
    ledger.adjust(points.customer_id, -points.points);
    return { ...order, points: { ...points, returned: false } };
  }
  return order;
}
