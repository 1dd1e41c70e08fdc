import { orderAbandoned, orderPaid, type AppDispatch } from 'shared-store';

/**
 * What an order's WooCommerce status means for the cart it was made from: paid (its lines leave
 * the cart), abandoned (cancelled or its payment failed: the cart stays as it is), pending (still
 * to be paid: the cart waits), or none of these (refunded, or a status this storefront does not
 * know: nothing is done).
 */
export type OrderOutcome = 'paid' | 'pending' | 'abandoned' | 'other';

/** WooCommerce's statuses of an order whose payment was taken or is being confirmed. */
const PAID_STATUSES = ['processing', 'completed', 'on-hold'];
const ABANDONED_STATUSES = ['cancelled', 'failed'];

export function orderOutcome(status: unknown): OrderOutcome {
  if (typeof status !== 'string') return 'other';
  if (PAID_STATUSES.includes(status)) return 'paid';
  if (ABANDONED_STATUSES.includes(status)) return 'abandoned';
  return status === 'pending' ? 'pending' : 'other';
}

/**
 * Settles the cart waiting on order `orderId` by what its status means: paid, its lines leave the
 * cart; abandoned, the cart stops waiting on it; anything else changes nothing. Answers the
 * outcome.
 */
export function settleOrder(dispatch: AppDispatch, orderId: number, status: unknown): OrderOutcome {
  const outcome = orderOutcome(status);
  if (outcome === 'paid') dispatch(orderPaid({ orderId }));
  if (outcome === 'abandoned') dispatch(orderAbandoned({ orderId }));
  return outcome;
}
