import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BackendContext } from '../context';
import { formatPounds, formatSignedPounds } from '../domain/money';
import { updatedOrder } from '../domain/order-changes';
import type { OrderUpdate } from '../domain/order-request';
import {
  CANCEL_UPDATE,
  CANNOT_BE_CANCELLED_MESSAGE,
  DECLINED_MESSAGE,
  INVALID_METHOD_MESSAGE,
  PAYMENT_METHODS,
  canBeCancelled,
  cannotBePaidMessage,
  needsPayment,
  paymentAction,
  paymentUpdate,
} from '../domain/order-payment';
import { settlePoints } from '../domain/points';
import { settleStock, stockShortages } from '../domain/stock';
import { escapeHtml } from '../domain/text';
import { htmlPage, sendHtml } from '../http/html';
import type { Query } from '../http/input';
import { bodyFields, queryValue } from '../http/input';
import { requestOrigin } from '../http/origin';
import type { OrderRecord } from '../state/orders';

/**
 * The page an order's `payment_url` opens: WooCommerce's "pay for order" page, reduced to a
 * summary of the lines, the coupon discount, the fees (a "Points redemption" for instance) and
 * the total, which is also the amount the payment provider would be asked for. Its form pays
 * with a sample test card (accepted, or declined) or cancels the order, as WooCommerce's form
 * handler does; no money moves.
 */

/** A money cell: minus sign for a negative amount, as WooCommerce shows a discount fee. */
function money(pence: number): string {
  const text = formatSignedPounds(pence);
  return text.startsWith('-') ? `−£${text.slice(1)}` : `£${text}`;
}

/** A notice above the order, as WooCommerce prints `wc_print_notices()`; `body` is trusted markup. */
interface Notice {
  body: string;
}

function summary(order: OrderRecord): string {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td class="num">${String(line.quantity)}</td><td class="num">£${formatPounds(line.subtotalPence)}</td></tr>`,
    )
    .join('\n');
  const codes = order.coupons.map((c) => c.code).join(', ');
  const discount =
    order.discountPence > 0
      ? `<tr><td colspan="2">Discount${codes ? ` (${escapeHtml(codes)})` : ''}</td><td class="num" data-testid="order-discount">−£${formatPounds(order.discountPence)}</td></tr>`
      : '';
  const fees = order.fees
    .map(
      (fee) =>
        `<tr class="fee"><td colspan="2">${escapeHtml(fee.name)}</td><td class="num" data-testid="order-fee">${money(fee.totalPence)}</td></tr>`,
    )
    .join('\n');
  const total = `£${formatPounds(order.totalPence)}`;
  return `<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>
<tbody>
${rows}
${discount}
${fees}
<tr class="total"><td colspan="2">Total</td><td class="num" data-testid="order-total">${total}</td></tr>
</tbody>
</table>
<p id="amount-to-pay" data-testid="amount-to-pay">Amount to pay: ${total}</p>`;
}

/**
 * WooCommerce's form: no action, so it posts to the page's own URL, key included. The payment
 * methods are the sample's two test cards.
 */
function paymentForms(order: OrderRecord, payable: boolean): string {
  const pay = !needsPayment(order)
    ? `<p class="notice">${escapeHtml(cannotBePaidMessage(order))}</p>`
    : payable
      ? `<form method="post" class="pay-form">
<input type="hidden" name="woocommerce_pay" value="1">
<fieldset>
<legend>Payment method</legend>
<label><input type="radio" name="payment_method" value="${PAYMENT_METHODS.accepted}" checked> Test card (accepted)</label>
<label><input type="radio" name="payment_method" value="${PAYMENT_METHODS.declined}"> Test card (declined)</label>
</fieldset>
<button type="submit">Pay now</button>
</form>`
      : '';
  const cancel = canBeCancelled(order)
    ? `<form method="post" class="cancel-form">
<input type="hidden" name="cancel_order" value="true">
<button type="submit" class="secondary">Cancel order</button>
</form>`
    : '';
  return `${pay}\n${cancel}`;
}

function orderPage(order: OrderRecord, notice?: Notice, payable = true): string {
  const title = `Pay for order #${String(order.id)}`;
  const shown = notice ? `<div class="notice" role="alert">${notice.body}</div>\n` : '';
  return htmlPage(
    title,
    `<h1>${title}</h1>
${shown}${summary(order)}
<p>Order status: ${escapeHtml(order.status)}. Billing email: ${escapeHtml(order.billing.email)}.</p>
${paymentForms(order, payable)}
<p class="note">This is the sample backend: no payment is taken here. On the live site this page hands over to the payment provider.</p>
<p><a href="/">Back to the shop</a></p>`,
  );
}

const textNotice = (text: string): Notice => ({ body: `<p>${escapeHtml(text)}</p>` });

const DECLINED_NOTICE: Notice = {
  body: `<p>${escapeHtml(DECLINED_MESSAGE)}</p>\n<p><a href="/cart/">Return to your cart</a></p>`,
};

/** Why the order cannot be paid now, with the way back to the cart. */
const problemNotice = (problems: readonly string[]): Notice => ({
  body: `${problems.map((problem) => `<p>${escapeHtml(problem)}</p>`).join('\n')}\n<p><a href="/cart/">Return to your cart</a></p>`,
});

/** The points a declined order gave back, and another order has spent since. */
const POINTS_GONE_MESSAGE =
  'The reward points this order uses are no longer in your balance, so it cannot be paid for.';

const NOT_FOUND_PAGE = htmlPage(
  'Order not found',
  '<h1>Order not found</h1>\n<p>This payment link is invalid or has expired.</p>\n<p><a href="/">Back to the shop</a></p>',
);

/** The payment page posts its forms to itself. */
const sendPayPage = (reply: FastifyReply, status: number, html: string) =>
  sendHtml(reply, status, html, { forms: true });

interface PayRequest {
  Params: { id: string };
  Querystring: Query;
}

/**
 * Registers `GET /checkout/order-pay/{id}/` and the `POST` its forms send to the same URL. Both
 * need the order's key in the query (`key=wc_order_…`), as WooCommerce reads it from `$_GET`:
 * without it the page does not exist and nothing changes.
 */
export function registerOrderPayPage(app: FastifyInstance, context: BackendContext): void {
  /** The order the URL names, when the key in its query is that order's. */
  function keyedOrder(request: FastifyRequest<PayRequest>): OrderRecord | undefined {
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const order = id === undefined ? undefined : context.orders.get(id);
    return order !== undefined && queryValue(request.query, 'key') === order.order_key
      ? order
      : undefined;
  }

  /** Applies a change the way `wc/v3` updates do: points and stock settled with it, saved. */
  async function change(order: OrderRecord, update: OrderUpdate): Promise<OrderRecord> {
    const now = new Date();
    const record = await context.orders.update(order.id, (current) =>
      settleStock(
        settlePoints(updatedOrder(current, update, now), context.points),
        context.catalogue,
      ),
    );
    await context.points.save();
    return record ?? order;
  }

  /**
   * Why an order that needs payment cannot be paid now, as WooCommerce's page checks it first:
   * its stock (other orders were paid since), or the points a declined payment gave back and
   * another order has spent since. Empty when it can be paid.
   */
  function problems(order: OrderRecord): string[] {
    if (!needsPayment(order)) return [];
    const stock = stockShortages(order, context.catalogue);
    const { points } = order;
    const pointsGone =
      points !== null &&
      points.returned &&
      context.points.balance(points.customer_id) < points.points;
    return pointsGone ? [...stock, POINTS_GONE_MESSAGE] : stock;
  }

  /** The page of an order that cannot be paid now: why, the way back, and no form to pay. */
  const problemPage = (order: OrderRecord, found: readonly string[]) =>
    orderPage(order, problemNotice(found), false);

  app.get<PayRequest>('/checkout/order-pay/:id', (request, reply) => {
    const order = keyedOrder(request);
    if (!order) return sendHtml(reply, 404, NOT_FOUND_PAGE);
    const found = problems(order);
    return sendPayPage(reply, 200, found.length > 0 ? problemPage(order, found) : orderPage(order));
  });

  app.post<PayRequest>('/checkout/order-pay/:id', async (request, reply: FastifyReply) => {
    const order = keyedOrder(request);
    if (!order) return sendHtml(reply, 404, NOT_FOUND_PAGE);
    const origin = requestOrigin(request);
    const action = paymentAction(bodyFields(request));

    if (action.kind === 'cancel') {
      if (!canBeCancelled(order)) {
        return sendPayPage(reply, 409, orderPage(order, textNotice(CANNOT_BE_CANCELLED_MESSAGE)));
      }
      await change(order, CANCEL_UPDATE);
      // The cancel URL WooCommerce sends the shopper back to: the cart, told which order it was.
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${origin}/cart/?cancel_order=true&order_id=${String(order.id)}`, 303);
    }

    if (action.kind === 'pay') {
      if (!needsPayment(order)) {
        // The page says why: the order's status, with no form to pay it.
        return sendPayPage(reply, 409, orderPage(order));
      }
      const found = problems(order);
      if (found.length > 0) return sendPayPage(reply, 409, problemPage(order, found));
      const update = paymentUpdate(action.method);
      if (!update) {
        return sendPayPage(reply, 400, orderPage(order, textNotice(INVALID_METHOD_MESSAGE)));
      }
      const paid = await change(order, update);
      if (paid.status === 'failed')
        return sendPayPage(reply, 200, orderPage(paid, DECLINED_NOTICE));
      // `get_checkout_order_received_url()`: where WooCommerce sends the shopper after paying.
      return reply
        .header('cache-control', 'no-store')
        .redirect(
          `${origin}/checkout/order-received/${String(paid.id)}/?key=${paid.order_key}`,
          303,
        );
    }

    return sendPayPage(reply, 200, orderPage(order));
  });
}
