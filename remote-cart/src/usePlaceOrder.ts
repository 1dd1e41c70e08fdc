import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, toPrice, useAppDispatch } from 'shared-store';
import { apiErrorMessage } from './cartHelpers';
import { useSingleFlight } from './hooks';
import { navigation } from './navigation';
import {
  isCreatedOrder,
  isFreeOrder,
  orderReceivedPath,
  paymentTarget,
  priceChangedMessage,
} from './order';
import { trackCheckout } from './model/cartAnalytics';
import { lineLimitsFound, linePricesChanged, orderPlaced, type CartItem } from './model/cartSlice';
import { commerceApi, priceChangeOf, quantityLimitsOf, type OrderRequest } from './model/shop';
import { FROM_CHECKOUT } from './orderView';
import { type WcOrder } from './data/orders';

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

/**
 * Whether a free order's completion may still be made: no answer came (a cut connection), the
 * server failed, or another request is completing it. An order the shop refused to complete (it
 * has something to pay, or was given up) is not tried again: the next checkout is a new order.
 */
function mayStillComplete(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    (failure.status === 0 || failure.status >= 500 || failure.code === 'order_in_progress')
  );
}

/** What the learner is told of a free order the shop could not complete. */
function completionFailureMessage(orderId: number, failure: unknown): string {
  const text = apiErrorMessage(failure, 'shop');
  if (failure instanceof ApiError && failure.code === 'order_in_progress') return text;
  const failed = `We could not complete your free order #${String(orderId)}. ${text}`;
  return mayStillComplete(failure) ? `${failed} Nothing will be charged.` : failed;
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
 * is kept in the store, and its payment page opened (analytics is told of the hand-off first, so
 * it is on the data layer before the page leaves; the order's tracking is posted once it is paid).
 * A free order (the shop totals it at £0: a coupon or points took it all) has nothing to pay: the
 * shop is asked to complete it, and the learner goes
 * to its confirmation. A completion that fails is tried again, for the same order, at the next
 * checkout of the same cart; the shop completes an order once however often it is asked.
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
  const navigate = useNavigate();
  /** The attempt that may have placed its order: what it asked (as sent) and its key. */
  const unsettled = useRef<{ order: string; key: string } | null>(null);
  /** The free order created but not completed yet: what it asked (as sent) and the order. */
  const uncompleted = useRef<{ order: string; created: WcOrder } | null>(null);

  /** Completes a free order and opens its confirmation; false when it could not be completed. */
  async function completeFree(created: WcOrder, sent: string, placement: Placement) {
    try {
      await commerceApi.completeFreeOrder(created.id, placement.token);
    } catch (failure) {
      uncompleted.current = mayStillComplete(failure) ? { order: sent, created } : null;
      if (isMounted()) setError(completionFailureMessage(created.id, failure));
      return false;
    }
    uncompleted.current = null;
    // A learner who has already left the cart page is not pulled away from where they are now:
    // the next page load finds the order paid and settles the cart.
    if (!isMounted()) return false;
    trackCheckout(placement.lines, 0, placement.request.coupon ?? '');
    void navigate(orderReceivedPath(created.id), { state: FROM_CHECKOUT });
    return true;
  }

  async function place(placement: Placement): Promise<boolean> {
    const { request, token, lines } = placement;
    const sent = JSON.stringify(request);
    const waiting = uncompleted.current;
    if (waiting?.order === sent) return completeFree(waiting.created, sent, placement);
    uncompleted.current = null;
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
    if (isFreeOrder(order)) {
      dispatch(orderPlaced({ order, lines }));
      return completeFree(order, sent, placement);
    }
    const target = paymentTarget(order.payment_url, window.location.href);
    if (target === null) {
      if (isMounted()) setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    dispatch(orderPlaced({ order, lines }));
    // A learner who has already left the cart page is not pulled away from where they are now.
    if (!isMounted()) return false;
    // Told before the page starts leaving: once it has, what it still pushes may never be sent.
    trackCheckout(lines, toPrice(order.total), request.coupon ?? '');
    try {
      navigation.assign(target);
    } catch (failure) {
      console.warn(`Could not open the payment page of order ${String(order.id)}:`, failure);
      setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    return true;
  }

  return {
    pending,
    error,
    setError,
    placeOrder: (placement: Placement) => run(() => place(placement)),
  };
}
