import { randomUUID } from 'node:crypto';
import type { Claims } from './claims';
import { ShopError } from './errors';
import { toPence } from './money';
import { PAID_STATUSES } from './orders';
import { wcOrder, type WcOrder } from './schemas';
import type { WooCommerce } from './wooCommerce';

/**
 * A free order (a coupon or points took its whole total) has nothing for the payment page to take:
 * WooCommerce's own page says it "cannot be paid for". The gateway completes it instead, as
 * WooCommerce's checkout does an order with nothing to pay (`payment_complete()`, through the REST
 * API's `set_paid`): only an order WooCommerce itself totals at 0, only once.
 */

/** How long a completed order's claim is kept: longer than anyone retries a completion. */
const KEEP_COMPLETED_MS = 24 * 60 * 60 * 1000;

export const NOT_FREE_MESSAGE =
  'This order has an amount to pay, so it cannot be completed without payment.';
export const COMPLETING_MESSAGE =
  'Your order is already being completed. Please wait a moment, then try again.';
const COMPLETION_UNAVAILABLE_MESSAGE =
  'Your order could not be completed just now. Please try again in a moment.';

export interface FreeOrderDeps {
  wc: WooCommerce;
  /** One completion of an order at a time, and none after it is done (every instance's). */
  completions: Claims;
  /** Each WooCommerce call's time limit, which bounds how long a completion holds its order. */
  upstreamTimeoutMs: number;
}

/** Time for the work around the completion's one WooCommerce call. */
const COMPLETING_MARGIN_MS = 1_000;

/** What completing an order came to: the order now, and whether this request completed it. */
export interface FreeCompletion {
  order: WcOrder;
  completedNow: boolean;
}

/**
 * Completes `order` (as WooCommerce answered it to the gateway, its owner's) when WooCommerce
 * totals it at 0 and it still awaits payment. An order already paid is answered as it is (a retry
 * whose first answer was lost); one with something to pay, or given up, is refused. A completion
 * already under way (another tab, a double click, another instance) is refused, so WooCommerce is
 * asked once; a failed call frees the order for the next try.
 */
export async function completeFreeOrder(
  deps: FreeOrderDeps,
  order: WcOrder,
): Promise<FreeCompletion> {
  if (toPence(order.total) !== 0) {
    throw new ShopError(409, 'order_not_free', NOT_FREE_MESSAGE);
  }
  if (PAID_STATUSES.includes(order.status)) return { order, completedNow: false };
  if (order.status !== 'pending') {
    throw new ShopError(
      409,
      'order_not_pending',
      `This order is ${order.status}, so it cannot be completed. Please return to your cart.`,
    );
  }
  const key = String(order.id);
  const holder = randomUUID();
  const completingMs = deps.upstreamTimeoutMs + COMPLETING_MARGIN_MS;
  const taken = await deps.completions.take(key, holder, completingMs);
  if (taken === undefined) {
    throw new ShopError(503, 'completion_unavailable', COMPLETION_UNAVAILABLE_MESSAGE);
  }
  if (!taken.held) throw new ShopError(409, 'order_in_progress', COMPLETING_MESSAGE);
  let completed: WcOrder;
  try {
    completed = await deps.wc.put(`wc/v3/orders/${key}`, { set_paid: true }, wcOrder);
  } catch (error) {
    // Not completed, or its answer lost: the next try reads the order and finds out which.
    await deps.completions.release(key, holder);
    throw error;
  }
  await deps.completions.replace(key, holder, 'completed', KEEP_COMPLETED_MS);
  return { order: completed, completedNow: true };
}
