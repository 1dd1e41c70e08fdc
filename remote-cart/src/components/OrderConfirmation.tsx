import { useId } from 'react';
import { Link } from 'react-router-dom';
import { COURSES_SECTION_ID, formatPrice } from 'shared-store';
import { dayText, type OrderView } from '../orderView';

/** The learners' page of the courses they bought (the shell's). */
const MY_COURSES = '/my-courses';

/** "Paid", or why it is not yet: WooCommerce's on-hold is a payment still being confirmed. */
function paymentStatusText(order: OrderView): string {
  if (order.status === 'on-hold') return 'Payment being confirmed';
  return order.total === 0 ? 'Paid (nothing to pay)' : 'Paid';
}

/**
 * What happens after this order: access to the course, and the receipt. A learner logged in with
 * another account than the order's (its link opened by its key, which tells no receipt address)
 * is told which account the course is in, not that it is in theirs.
 */
function nextSteps(order: OrderView, loggedIn: boolean): string[] {
  const confirmed = order.status !== 'on-hold';
  const address = order.email || 'the e-mail address you gave us';
  const access =
    loggedIn && order.email
      ? confirmed
        ? 'Your course is ready in My courses: open it there to start learning.'
        : 'Your course will open in My courses as soon as your payment is confirmed.'
      : `To start your course, log in (or sign up) with ${address}, then open My courses.`;
  const receipt = confirmed
    ? `Your receipt is on its way to ${address}.`
    : `We will e-mail ${address} when your payment is confirmed.`;
  return [access, receipt];
}

const minus = (pounds: number) => `−${formatPrice(pounds)}`;

function OrderLines({ order }: { order: OrderView }) {
  return (
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
            <td>
              {line.name}
              {line.discount > 0 && (
                <span className="cart-order-discount">
                  {formatPrice(line.subtotal)} less {formatPrice(line.discount)} discount
                </span>
              )}
            </td>
            <td className="cart-order-number">{line.quantity}</td>
            <td className="cart-order-number">{formatPrice(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {order.subtotal !== null && order.subtotal !== order.total && (
          <tr className="cart-order-subtotal">
            <th scope="row" colSpan={2}>
              Subtotal
            </th>
            <td className="cart-order-number">{formatPrice(order.subtotal)}</td>
          </tr>
        )}
        {order.coupons.map((coupon) => (
          <tr key={coupon.code} className="cart-order-subtotal">
            <th scope="row" colSpan={2}>
              Coupon {coupon.code}
            </th>
            <td className="cart-order-number">{minus(coupon.discount)}</td>
          </tr>
        ))}
        {order.reward && (
          <tr className="cart-order-subtotal">
            <th scope="row" colSpan={2}>
              Reward points
              {order.reward.points > 0 &&
                ` (${order.reward.points.toLocaleString('en-GB')} points)`}
            </th>
            <td className="cart-order-number">{minus(order.reward.amount)}</td>
          </tr>
        )}
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
  );
}

/**
 * A paid order's confirmation: its number, payment status and day, each line with its discount,
 * the coupons and points it used, what happens next, and the way to the learner's courses.
 */
export function OrderConfirmation({
  order,
  number,
  loggedIn,
}: {
  order: OrderView;
  number: string;
  loggedIn: boolean;
}) {
  const detailsId = useId();
  const nextId = useId();
  return (
    <>
      <dl className="cart-order-facts">
        <div>
          <dt>Order number</dt>
          <dd>{number}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd data-testid="order-payment-status">{paymentStatusText(order)}</dd>
        </div>
        {order.paidOn && (
          <div>
            <dt>Paid on</dt>
            <dd>{dayText(order.paidOn)}</dd>
          </div>
        )}
      </dl>
      <section className="cart-order-section" aria-labelledby={detailsId}>
        <h2 id={detailsId} className="cart-panel-title">
          Order details
        </h2>
        <OrderLines order={order} />
      </section>
      <section className="cart-order-section" aria-labelledby={nextId}>
        <h2 id={nextId} className="cart-panel-title">
          What happens next
        </h2>
        <ul className="cart-order-next">
          {nextSteps(order, loggedIn).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <p className="cart-order-links">
          <Link className="cart-button cart-button-primary" to={MY_COURSES}>
            Go to My courses
          </Link>
          <Link to={`/#${COURSES_SECTION_ID}`}>Continue shopping</Link>
        </p>
      </section>
    </>
  );
}
