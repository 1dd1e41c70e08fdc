import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  ApiError,
  STORAGE_KEYS,
  safeStorage,
  selectIsLoggedIn,
  useAppDispatch,
  useAppSelector,
  useDocumentTitle,
  useRead,
} from 'shared-store';
import { orderIdOf } from './cartHelpers';
import { OrderConfirmation } from './components/OrderConfirmation';
import { orderOutcome, settleOrder, type OrderOutcome } from './model/orderSettlement';
import { cartReads } from './model/shop';
import { isFromCheckout, toOrderView, type OrderView } from './orderView';
import './cart.css';

export const UNREADABLE_ORDER = 'The shop sent an answer we could not read.';
const GENERIC_FAILURE = 'Something went wrong. Please try again in a moment.';

/** What a failed read says: the shop's (or this page's) own message, else a general one. */
function reasonOf(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : GENERIC_FAILURE;
}

const HEADINGS: Record<OrderOutcome, string> = {
  paid: 'Order received',
  pending: 'Awaiting payment',
  abandoned: 'Payment not completed',
  other: 'Your order',
};

/** A message box: an error is announced at once, anything else politely. */
function Notice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <div
      className={
        tone === 'error' ? 'cart-order-notice cart-order-notice--error' : 'cart-order-notice'
      }
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

const cartLink = (
  <p>
    <Link to="/cart">Return to your cart</Link>
  </p>
);

/** The way to an unpaid order's payment page (WooCommerce's, for this order only), if it has one. */
function PaymentLink({ order, number }: { order: OrderView; number: string }) {
  if (order.paymentUrl === null) return null;
  return (
    <p>
      <a href={order.paymentUrl}>Pay for order {number}</a>
    </p>
  );
}

/**
 * /checkout/order-received/:id, where WooCommerce sends the learner after paying (and checkout,
 * once the shop has completed a free order): the order as the shop has it now. Paid, it is
 * confirmed (OrderConfirmation) and its lines leave the cart; cancelled or failed, the cart stays as it
 * is and stops waiting on it; still pending, the cart waits. Only a cart waiting on this order
 * changes. A failed read changes nothing and can be tried again. The link's `key` (WooCommerce's
 * order key) shows the order in a browser that did not make it (a bank app's return); an order
 * still to be paid then offers its own payment page, never a new order.
 */
export default function OrderReceivedPage() {
  const params = useParams();
  const id = orderIdOf(params.id);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = loggedIn ? safeStorage.getItem(STORAGE_KEYS.token) : null;
  const location = useLocation();
  const key = new URLSearchParams(location.search).get('key');
  const answer = useRead(cartReads.order, id === undefined ? null : { id, token, key });
  const view = answer.status === 'ready' && id !== undefined ? toOrderView(answer.data, id) : null;
  const order =
    answer.status !== 'ready'
      ? answer
      : view
        ? { status: 'ready' as const, data: view }
        : { status: 'failed' as const, error: new Error(UNREADABLE_ORDER), retry: answer.retry };
  const outcome = order.status === 'ready' ? orderOutcome(order.data.status) : undefined;
  // The shop's 404: no such order, or none this browser may see (a link without its right key).
  const notFound =
    order.status === 'failed' && order.error instanceof ApiError && order.error.status === 404;

  const status = order.status === 'ready' ? order.data.status : undefined;
  useEffect(() => {
    if (id !== undefined && status !== undefined) settleOrder(dispatch, id, status);
  }, [dispatch, id, status]);

  // Checkout's button left with the cart page: its focus goes to what the page says, so a screen
  // reader reads the outcome. A page loaded afresh (back from the payment page) is read from the
  // top anyway, and focus the learner has put somewhere since stays.
  const fromCheckout = isFromCheckout(location.state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (fromCheckout && outcome !== undefined && (active === null || active === document.body)) {
      headingRef.current?.focus();
    }
  }, [fromCheckout, outcome]);

  const heading =
    id === undefined || notFound ? 'Order not found' : outcome ? HEADINGS[outcome] : 'Your order';
  useDocumentTitle(heading);
  const number = `#${String(id)}`;

  return (
    <section
      className="cart-page"
      aria-labelledby={headingId}
      aria-busy={order.status === 'loading' || undefined}
    >
      <h1 id={headingId} ref={headingRef} className="cart-title" tabIndex={-1}>
        {heading}
      </h1>
      {id === undefined && (
        <Notice tone="error">
          <p>This order link is not valid.</p>
          {cartLink}
        </Notice>
      )}
      {order.status === 'loading' && (
        <p className="cart-notice" role="status">
          Checking your order…
        </p>
      )}
      {notFound && (
        <Notice tone="error">
          <p>
            We could not find order {number}. Please check that the link is the one in your
            confirmation.
          </p>
          {cartLink}
        </Notice>
      )}
      {order.status === 'failed' && !notFound && (
        <Notice tone="error">
          <p>
            We could not check your order {number} just now. {reasonOf(order.error)} Your cart has
            not changed.
          </p>
          <p>
            <button type="button" className="cart-button" onClick={order.retry}>
              Try again
            </button>
          </p>
        </Notice>
      )}
      {order.status === 'ready' && outcome === 'paid' && (
        <>
          <Notice tone="info">
            <p>Thank you. Your order {number} has been received.</p>
          </Notice>
          <OrderConfirmation order={order.data} number={number} loggedIn={loggedIn} />
        </>
      )}
      {order.status === 'ready' && outcome === 'pending' && (
        <Notice tone="info">
          <p>Your order {number} is awaiting payment.</p>
          <PaymentLink order={order.data} number={number} />
          {cartLink}
        </Notice>
      )}
      {order.status === 'ready' && outcome === 'abandoned' && (
        <Notice tone="error">
          <p>Your payment did not go through. Your cart is as you left it.</p>
          <PaymentLink order={order.data} number={number} />
          {cartLink}
        </Notice>
      )}
      {order.status === 'ready' && outcome === 'other' && (
        <Notice tone="info">
          <p>
            Your order {number} is {order.data.status}.
          </p>
          {cartLink}
        </Notice>
      )}
    </section>
  );
}
