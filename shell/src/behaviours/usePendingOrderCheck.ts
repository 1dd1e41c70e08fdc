import { useEffect, useRef } from 'react';
import {
  STORAGE_KEYS,
  read,
  safeStorage,
  selectIsLoggedIn,
  selectPendingOrder,
  shopReads,
  useAppStore,
} from 'shared-store';

/** The page that settles its order itself (pages/OrderReceivedPage.tsx). */
const ORDER_RECEIVED_PAGE = '/checkout/order-received/';

/**
 * Once per page load, the order this cart is waiting on (checkout created it and the learner went
 * to pay) is read in the background: paid, its lines leave the cart; cancelled or failed, the
 * cart stops waiting on it. Still pending, or not readable, nothing changes: the next page load
 * asks again. This settles the cart of a learner who paid and never came back through the
 * order-received page, or who came back to the cart some other way.
 */
export function usePendingOrderCheck(): void {
  const store = useAppStore();
  // Once per mount of the app, which is once per page load (also under StrictMode's second run).
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (window.location.pathname.startsWith(ORDER_RECEIVED_PAGE)) return;
    const state = store.getState();
    const pending = selectPendingOrder(state);
    if (!pending) return;
    const orderId = pending.id;
    const token = selectIsLoggedIn(state) ? safeStorage.getItem(STORAGE_KEYS.token) : null;
    // The answer goes to the store, not to this component: it is used whenever it comes. What
    // it means is code only a cart waiting on an order needs (./orderOutcome, loaded with it).
    Promise.all([read(shopReads.order, { id: orderId, token }), import('./orderOutcome')]).then(
      ([order, { settleOrder }]) => {
        if (order) settleOrder(store.dispatch, orderId, order.status);
      },
      (error: unknown) => {
        console.warn(`Could not check order ${String(orderId)}:`, error);
      },
    );
  }, [store]);
}
