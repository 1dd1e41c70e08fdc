import type { OrderRecord, OrderStatus } from '../state/orders';
import { metaValue } from './order-changes';

/**
 * WooCommerce Points and Rewards, as the extension treats an order: the points named in its
 * `_wc_points_redeemed` meta leave the customer's balance once, unchecked, and come back once
 * when the order is cancelled or refunded.
 */

/** The order meta the extension reads the redeemed points from. */
export const POINTS_META_KEY = '_wc_points_redeemed';

/** The extension's `wc_points_rewards_redeem_points_ratio` setting, "points:pounds". */
export const REDEEM_RATIO = '100:1';

const RETURNING: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Where balances change. */
export interface PointsLedger {
  adjust(userId: number, points: number): void;
}

/** The whole points an order's meta says were redeemed (a number or digits), else 0. */
export function redeemedPoints(order: Pick<OrderRecord, 'meta_data'>): number {
  const value = metaValue(order, POINTS_META_KEY);
  const points =
    typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : value;
  return typeof points === 'number' && Number.isSafeInteger(points) && points > 0 ? points : 0;
}

/**
 * Deducts the order's redeemed points from its customer the first time the order carries them
 * (and a customer), and gives them back the first time it is cancelled or refunded afterwards.
 * Synchronous, so the order and the balance change together.
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
    ledger.adjust(order.customer_id, -redeemed);
    return {
      ...order,
      points: { customer_id: order.customer_id, points: redeemed, returned: false },
    };
  }
  if (points.returned || !RETURNING.includes(order.status)) return order;
  ledger.adjust(points.customer_id, points.points);
  return { ...order, points: { ...points, returned: true } };
}
