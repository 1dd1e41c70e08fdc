import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from 'shared-store';
import { orderIdOf } from '../cartHelpers';
import { orderAbandoned, selectPendingOrderId } from '../model/cartSlice';

export const CANCELLED_ORDER_MESSAGE = 'Your order was cancelled. Your cart is as you left it.';

/**
 * WooCommerce's cancel URL brings the learner back here (`/cart/?cancel_order=true&order_id=N`):
 * the page says the order was cancelled and the cart kept, and the cart stops waiting on that
 * order when it is the one it was waiting on.
 */
export function CancelledOrderNotice() {
  const [params] = useSearchParams();
  const cancelled = params.get('cancel_order') === 'true';
  const orderId = orderIdOf(params.get('order_id'));
  const pendingId = useAppSelector(selectPendingOrderId);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (cancelled && orderId !== undefined && orderId === pendingId) {
      dispatch(orderAbandoned({ orderId }));
    }
  }, [cancelled, orderId, pendingId, dispatch]);

  if (!cancelled) return null;
  return (
    <p className="cart-order-notice" role="status">
      {CANCELLED_ORDER_MESSAGE}
    </p>
  );
}
