import { useRef, useState } from 'react';
import { ApiError, toPrice, useAppDispatch } from 'shared-store';
import { apiErrorMessage } from './cartHelpers';
import { useSingleFlight } from './hooks';
import { navigation } from './navigation';
import { isCreatedOrder, paymentTarget, priceChangedMessage } from './order';
import { trackCheckout } from './model/cartAnalytics';
import { lineLimitsFound, linePricesChanged, orderPlaced, type CartItem } from './model/cartSlice';
import { commerceApi, priceChangeOf, quantityLimitsOf, type OrderRequest } from './model/shop';

export const UNREADABLE_ORDER_ERROR =
  'We could not create your order. The shop sent an answer we could not read. Please try again.';

export const PAYMENT_PAGE_ERROR =
  'We could not open the payment page for your order. Please try again or contact us.';

/**
 * A new checkout attempt's name, sent with its order: 128 random bits as 32 hex digits.
 * `getRandomValues` works on any page (`randomUUID` needs https or localhost, and the storefront
 * may be opened over plain http on a local network).
 */
function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Whether a failed order may have been placed after all: no answer came (a cut connection, a
 * timeout), the server failed, or it is still placing it. Trying the same order again is then the
 * same attempt, and the server answers it with that order rather than placing a second one.
 */
function mayHaveBeenPlaced(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    (failure.status === 0 || failure.status >= 500 || failure.code === 'order_in_progress')
  );
}

/** What the learner is told of a failed order; one still being placed is not a failure. */
function failureMessage(failure: unknown): string {
  const text = apiErrorMessage(failure, 'shop');
  const inProgress = failure instanceof ApiError && failure.code === 'order_in_progress';
  return inProgress ? text : `We could not create your order. ${text}`;
}

/** What one checkout needs: the order, who asks for it, and the lines it was built from. */
export interface Placement {
  request: OrderRequest;
  /** The learner's token, null for a visitor. */
  token: string | null;
  lines: readonly CartItem[];
}

/**
 * Creating the order and handing the browser to its payment page, one at a time. A created order
 * is kept in the store, and its payment page opened (analytics is told of the hand-off; the
 * order's tracking is posted once it is paid).
 * Prices changed since the cart was filled (409): the cart takes the server's prices and the
 * learner is told the new total, to check and try again. More than the shop sells (409
 * `quantity_limit`: places left, one per order): the lines show their limits, and the learner is
 * told what to change; nothing leaves the cart. Any other failure says what happened.
 * Each attempt names itself to the server; trying the same order again after a failure that may
 * have placed it (a cut connection) is the same attempt, so the learner never gets two orders.
 */
export function usePlaceOrder() {
  const dispatch = useAppDispatch();
  const [error, setError] = useState('');
  const { pending, run, isMounted } = useSingleFlight();
  /** The attempt that may have placed its order: what it asked (as sent) and its key. */
  const unsettled = useRef<{ order: string; key: string } | null>(null);

  async function place({ request, token, lines }: Placement): Promise<boolean> {
    const sent = JSON.stringify(request);
    const attempt =
      unsettled.current?.order === sent ? unsettled.current : { order: sent, key: newAttemptKey() };
    unsettled.current = attempt;
    let created: unknown;
    try {
      created = await commerceApi.createOrder(request, token, attempt.key);
    } catch (failure) {
      if (!mayHaveBeenPlaced(failure)) unsettled.current = null;
      const change = priceChangeOf(failure);
      if (change) dispatch(linePricesChanged(change));
      // The shop would not sell so many: each line it named shows its limit, nothing is removed.
      const limits = quantityLimitsOf(failure);
      if (limits) dispatch(lineLimitsFound(limits));
      if (isMounted()) {
        setError(change ? priceChangedMessage(change.total) : failureMessage(failure));
      }
      return false;
    }
    unsettled.current = null;
    if (!isCreatedOrder(created)) {
      if (isMounted()) setError(UNREADABLE_ORDER_ERROR);
      return false;
    }
    const order = created;
    const target = paymentTarget(order.payment_url, window.location.href);
    if (target === null) {
      if (isMounted()) setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    dispatch(orderPlaced({ order, lines }));
    // A learner who has already left the cart page is not pulled away from where they are now.
    if (!isMounted()) return false;
    try {
      navigation.assign(target);
    } catch (failure) {
      console.warn(`Could not open the payment page of order ${String(order.id)}:`, failure);
      setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    trackCheckout(lines, toPrice(order.total), request.coupon ?? '');
    return true;
  }

  return {
    pending,
    error,
    setError,
    placeOrder: (placement: Placement) => run(() => place(placement)),
  };
}
