import { useEffect, useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  COURSES_SECTION_ID,
  STORAGE_KEYS,
  decodeEntities,
  formatPrice,
  safeStorage,
  selectIsLoggedIn,
  toNumber,
  useAppDispatch,
  useAppSelector,
  useDocumentTitle,
  useRead,
} from 'shared-store';
import { orderIdOf } from './cartHelpers';
import { orderOutcome, settleOrder, type OrderOutcome } from './model/orderSettlement';
import { cartReads } from './model/shop';
import './cart.css';

export const UNREADABLE_ORDER = 'The shop sent an answer we could not read.';
const GENERIC_FAILURE = 'Something went wrong. Please try again in a moment.';

interface OrderLineView {
  key: string;
  name: string;
  quantity: number;
  /** Pounds. */
  total: number;
}

interface OrderView {
  status: string;
  /** Pounds. */
  total: number;
  lines: OrderLineView[];
}

/** The order as the shop answers it (its shape checked by the read). */
interface OrderAnswer {
  id: number;
  status: string;
  /** Decimal text in pounds. */
  total: string;
  line_items: { name: string; quantity: number; total: string }[];
}

/**
 * The order as this page shows it: plain text and numbers; an answer about another order is
 * unreadable (null).
 */
function toOrderView(answer: OrderAnswer | null, id: number): OrderView | null {
  if (answer?.id !== id || answer.status === '') return null;
  const lines = answer.line_items.flatMap((raw, index) => {
    const name = decodeEntities(raw.name).trim();
    if (name === '') return [];
    return [
      { key: `${String(index)}-${name}`, name, quantity: raw.quantity, total: toNumber(raw.total) },
    ];
  });
  return { status: answer.status, total: toNumber(answer.total), lines };
}

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

function OrderDetails({ order }: { order: OrderView }) {
  return (
    <>
      <h2 className="cart-panel-title">Order details</h2>
      <table className="cart-order">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="cart-order-number">
              Quantity
            </th>
            <th scope="col" className="cart-order-number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.key}>
              <td>{line.name}</td>
              <td className="cart-order-number">{line.quantity}</td>
              <td className="cart-order-number">{formatPrice(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="cart-order-number" data-testid="order-received-total">
              {formatPrice(order.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

const cartLink = (
  <p>
    <Link to="/cart">Return to your cart</Link>
  </p>
);

/**
 * /checkout/order-received/:id, where WooCommerce sends the learner after paying: the order as
 * the shop has it now. Paid, its lines leave the cart; cancelled or failed, the cart stays as it
 * is and stops waiting on it; still pending, the cart waits. A failed read changes nothing and
 * can be tried again.
 */
export default function OrderReceivedPage() {
  const params = useParams();
  const id = orderIdOf(params.id);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = loggedIn ? safeStorage.getItem(STORAGE_KEYS.token) : null;
  const answer = useRead(cartReads.order, id === undefined ? null : { id, token });
  const view = answer.status === 'ready' && id !== undefined ? toOrderView(answer.data, id) : null;
  const order =
    answer.status !== 'ready'
      ? answer
      : view
        ? { status: 'ready' as const, data: view }
        : { status: 'failed' as const, error: new Error(UNREADABLE_ORDER), retry: answer.retry };
  const outcome = order.status === 'ready' ? orderOutcome(order.data.status) : undefined;

  const status = order.status === 'ready' ? order.data.status : undefined;
  useEffect(() => {
    if (id !== undefined && status !== undefined) settleOrder(dispatch, id, status);
  }, [dispatch, id, status]);

  const heading = id === undefined ? 'Order not found' : outcome ? HEADINGS[outcome] : 'Your order';
  useDocumentTitle(heading);
  const number = `#${String(id)}`;

  return (
    <section
      className="cart-page"
      aria-labelledby={headingId}
      aria-busy={order.status === 'loading' || undefined}
    >
      <h1 id={headingId} className="cart-title">
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
      {order.status === 'failed' && (
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
          <OrderDetails order={order.data} />
          <p>
            <Link to={`/#${COURSES_SECTION_ID}`}>Continue shopping</Link>
          </p>
        </>
      )}
      {order.status === 'ready' && outcome === 'pending' && (
        <Notice tone="info">
          <p>Your order {number} is awaiting payment.</p>
          {cartLink}
        </Notice>
      )}
      {order.status === 'ready' && outcome === 'abandoned' && (
        <Notice tone="error">
          <p>Your payment did not go through. Your cart is as you left it.</p>
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
