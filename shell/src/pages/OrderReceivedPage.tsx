import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  COURSES_SECTION_ID,
  decodeEntities,
  formatPrice,
  safeStorage,
  selectIsLoggedIn,
  shopReads,
  STORAGE_KEYS,
  toNumber,
  useAppDispatch,
  useAppSelector,
  useDocumentTitle,
  useRead,
} from 'shared-store';
import { orderOutcome, settleOrder, type OrderOutcome } from '../behaviours/orderOutcome';
import { errorMessage, field, listField, numberField, text } from './components/messages';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import './pages.css';

export const UNREADABLE_ORDER = 'The shop sent an answer we could not read.';

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

/** The order as this page shows it: plain text and numbers; an answer about another order is unreadable (null). */
function toOrderView(answer: unknown, id: number): OrderView | null {
  const status = text(answer, 'status');
  if (numberField(answer, 'id') !== id || status === '') return null;
  const lines = listField(answer, 'line_items').flatMap((raw, index) => {
    const name = decodeEntities(text(raw, 'name')).trim();
    if (name === '') return [];
    return [
      {
        key: `${String(index)}-${name}`,
        name,
        quantity: numberField(raw, 'quantity') ?? 0,
        total: toNumber(field(raw, 'total')),
      },
    ];
  });
  return { status, total: toNumber(field(answer, 'total')), lines };
}

/** The order id of a route parameter: a whole number without leading zeros, or undefined. */
function orderIdOf(param: string | undefined): number | undefined {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
}

const HEADINGS: Record<OrderOutcome, string> = {
  paid: 'Order received',
  pending: 'Awaiting payment',
  abandoned: 'Payment not completed',
  other: 'Your order',
};

function OrderDetails({ order }: { order: OrderView }) {
  return (
    <>
      <h2 className="shell-order__title">Order details</h2>
      <table className="shell-order">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="shell-order__number">
              Quantity
            </th>
            <th scope="col" className="shell-order__number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.key}>
              <td>{line.name}</td>
              <td className="shell-order__number">{line.quantity}</td>
              <td className="shell-order__number">{formatPrice(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="shell-order__number" data-testid="order-received-total">
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
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = loggedIn ? safeStorage.getItem(STORAGE_KEYS.token) : null;
  const answer = useRead(shopReads.order, id === undefined ? null : { id, token });
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
    <PageShell heading={heading} busy={order.status === 'loading'}>
      {id === undefined && (
        <Notice tone="error">
          <p>This order link is not valid.</p>
          {cartLink}
        </Notice>
      )}
      {order.status === 'loading' && (
        <p className="shell-loading" role="status">
          Checking your order…
        </p>
      )}
      {order.status === 'failed' && (
        <Notice tone="error">
          <p>
            We could not check your order {number} just now. {errorMessage(order.error)} Your cart
            has not changed.
          </p>
          <p>
            <button type="button" className="shell-button" onClick={order.retry}>
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
    </PageShell>
  );
}
