import { useId, useState } from 'react';
import { formatPrice, STORAGE_KEYS, safeStorage } from 'shared-store';
import { paymentTarget } from '../order';
import { commerceApi } from '../model/shop';
import { type PendingOrder } from '../data/orders';

export const CANCEL_FAILED_MESSAGE =
  'This order could not be cancelled right now. Please try again in a moment.';

/** A moment as the shopper's clock shows it: "14:32", or "14:32 on 3 December" on another day. */
function clockTime(at: Date, now: Date): string {
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? time
    : `${time} on ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long' })}`;
}

/** What an unpaid order keeps from the shopper, and until when. */
function holdsText(order: PendingOrder, now: Date): string {
  const points = order.reward?.points ?? 0;
  const held =
    points <= 0
      ? { what: 'your places', back: 'they go back' }
      : {
          what: `${points.toLocaleString('en-GB')} of your reward points (${formatPrice(Number(order.reward?.amount ?? 0))})`,
          back: 'they come back to you',
        };
  const holds = `It holds ${held.what} until you pay for it or cancel it.`;
  if (order.expires_at === null) return holds;
  return `${holds} If it is not paid by ${clockTime(new Date(order.expires_at), now)}, we cancel it and ${held.back}.`;
}

/** One unpaid order: what it is, what it holds, Pay now (its payment page) and Cancel order. */
function PendingOrderItem({
  order,
  onCancelled,
}: {
  order: PendingOrder;
  onCancelled: () => void;
}) {
  const [token] = useState(() => safeStorage.getItem(STORAGE_KEYS.token));
  const [state, setState] = useState<'idle' | 'cancelling' | 'failed'>('idle');
  const titleId = useId();
  const payment = paymentTarget(order.payment_url, window.location.href);
  const name = `order #${String(order.id)}`;

  async function cancel() {
    setState('cancelling');
    try {
      await commerceApi.cancelOrder(order.id, token);
      onCancelled();
    } catch {
      setState('failed');
    }
  }

  return (
    <li className="cart-pending-order" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Order #{order.id}</strong> ({formatPrice(Number(order.total))}) is waiting for
        payment.
      </p>
      <p>{holdsText(order, new Date())}</p>
      <ul className="cart-pending-lines">
        {order.line_items.map((line, index) => (
          <li key={index}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <div className="cart-pending-actions">
        {payment && (
          <a className="cart-button cart-button-primary" href={payment}>
            Pay now<span className="cart-visually-hidden"> for {name}</span>
          </a>
        )}
        <button
          type="button"
          className="cart-button"
          disabled={state === 'cancelling'}
          onClick={() => {
            void cancel();
          }}
        >
          {state === 'cancelling' ? 'Cancelling…' : 'Cancel order'}
          <span className="cart-visually-hidden"> #{order.id}</span>
        </button>
      </div>
      <p className="cart-notice" role="alert">
        {state === 'failed' ? CANCEL_FAILED_MESSAGE : ''}
      </p>
    </li>
  );
}

/**
 * The shopper's unpaid orders that hold their reward points or places (a payment page left
 * before paying): each can be paid on its payment page, or cancelled here, which gives back what
 * it holds.
 */
export function PendingOrders({
  orders,
  onCancelled,
}: {
  orders: readonly PendingOrder[];
  onCancelled: () => void;
}) {
  const titleId = useId();
  if (orders.length === 0) return null;
  return (
    <section className="cart-panel cart-pending" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-panel-title">
        {orders.length === 1 ? 'An order is waiting for payment' : 'Orders waiting for payment'}
      </h2>
      <ul className="cart-pending-list">
        {orders.map((order) => (
          <PendingOrderItem key={order.id} order={order} onCancelled={onCancelled} />
        ))}
      </ul>
    </section>
  );
}
