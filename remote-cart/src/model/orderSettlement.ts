import {
  STORAGE_KEYS,
  read,
  safeStorage,
  selectIsLoggedIn,
  type AppDispatch,
  type AppStore,
} from 'shared-store';
import { orderAbandoned, orderPaid, selectPendingOrder } from './cartSlice';
import { cartReads } from './shop';

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

/** The page that settles its order itself (OrderReceivedPage.tsx). */
export const ORDER_RECEIVED_PAGE = '/checkout/order-received/';

/**
 * The order this cart is waiting on (checkout created it and the learner went to pay), read in
 * the background once per page load: paid, its lines leave the cart; cancelled or failed, the
 * cart stops waiting on it. Still pending, or not readable, nothing changes: the next page load
 * asks again. This settles the cart of a learner who paid and never came back through the
 * order-received page, or who came back to the cart some other way.
 */
export function checkPendingOrder(store: AppStore, page: Window = window): void {
  if (page.location.pathname.startsWith(ORDER_RECEIVED_PAGE)) return;
  const state = store.getState();
  const pending = selectPendingOrder(state);
  if (!pending) return;
  const orderId = pending.id;
  const token = selectIsLoggedIn(state) ? safeStorage.getItem(STORAGE_KEYS.token) : null;
  read(cartReads.order, { id: orderId, token }).then(
    (order) => {
      if (order) settleOrder(store.dispatch, orderId, order.status);
    },
    (error: unknown) => {
      console.warn(`Could not check order ${String(orderId)}:`, error);
    },
  );
}
