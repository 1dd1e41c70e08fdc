import { useState } from 'react';
import {
  commerceApi,
  linePricesChanged,
  orderPlaced,
  priceChangeOf,
  safeStorage,
  siteApi,
  useAppDispatch,
  type CartItem,
  type OrderRequest,
} from 'shared-store';
import { apiErrorMessage } from './cartHelpers';
import { useSingleFlight } from './hooks';
import { navigation } from './navigation';
import {
  buildTrackingPayload,
  isCreatedOrder,
  paymentTarget,
  priceChangedMessage,
  readCampaignIds,
} from './order';

export const UNREADABLE_ORDER_ERROR =
  'We could not create your order. The shop sent an answer we could not read. Please try again.';

export const PAYMENT_PAGE_ERROR =
  'We could not open the payment page for your order. Please try again or contact us.';

/** What one checkout needs: the order, who asks for it, and the lines it was built from. */
export interface Placement {
  request: OrderRequest;
  /** The learner's token, null for a visitor. */
  token: string | null;
  lines: readonly CartItem[];
}

/**
 * Creating the order and handing the browser to its payment page, one at a time. A created order
 * is tracked (a tracking failure is only logged), kept in the store, and its payment page opened.
 * Prices changed since the cart was filled (409): the cart takes the server's prices and the
 * learner is told the new total, to check and try again. Any other failure says what happened.
 */
export function usePlaceOrder() {
  const dispatch = useAppDispatch();
  const [error, setError] = useState('');
  const { pending, run, isMounted } = useSingleFlight();

  async function place({ request, token, lines }: Placement): Promise<boolean> {
    let created: unknown;
    try {
      created = await commerceApi.createOrder(request, token);
    } catch (failure) {
      const change = priceChangeOf(failure);
      if (change) dispatch(linePricesChanged(change));
      if (isMounted()) {
        setError(
          change
            ? priceChangedMessage(change.total)
            : `We could not create your order. ${apiErrorMessage(failure, 'shop')}`,
        );
      }
      return false;
    }
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
    try {
      await siteApi.trackOrder(
        buildTrackingPayload(order, lines, request.email, readCampaignIds(safeStorage)),
      );
    } catch (failure) {
      console.warn(`Could not track order ${String(order.id)}:`, failure);
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
    return true;
  }

  return {
    pending,
    error,
    setError,
    placeOrder: (placement: Placement) => run(() => place(placement)),
  };
}
