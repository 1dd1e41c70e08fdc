import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { formatPounds, formatSignedPounds } from '../domain/money';
import { escapeHtml } from '../domain/text';
import { htmlPage, sendHtml } from '../http/html';
import type { Query } from '../http/input';
import { queryValue } from '../http/input';
import type { OrderRecord } from '../state/orders';

/**
 * The page an order's `payment_url` opens: WooCommerce's "pay for order" page, reduced to a
 * summary of the lines, the coupon discount, the fees (a "Points redemption" for instance) and
 * the total, which is also the amount the payment provider would be asked for. No payment is
 * taken.
 */

/** A money cell: minus sign for a negative amount, as WooCommerce shows a discount fee. */
function money(pence: number): string {
  const text = formatSignedPounds(pence);
  return text.startsWith('-') ? `−£${text.slice(1)}` : `£${text}`;
}

function orderPage(order: OrderRecord): string {
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
  const title = `Pay for order #${String(order.id)}`;
  return htmlPage(
    title,
    `<h1>${title}</h1>
<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>
<tbody>
${rows}
${discount}
${fees}
<tr class="total"><td colspan="2">Total</td><td class="num" data-testid="order-total">${total}</td></tr>
</tbody>
</table>
<p id="amount-to-pay" data-testid="amount-to-pay">Amount to pay: ${total}</p>
<p>Order status: ${escapeHtml(order.status)}. Billing email: ${escapeHtml(order.billing.email)}.</p>
<p class="note">This is the sample backend: no payment is taken here. On the live site this page hands over to the payment provider.</p>
<p><a href="/">Back to the shop</a></p>`,
  );
}

const NOT_FOUND_PAGE = htmlPage(
  'Order not found',
  '<h1>Order not found</h1>\n<p>This payment link is invalid or has expired.</p>\n<p><a href="/">Back to the shop</a></p>',
);

/** Registers `GET /checkout/order-pay/{id}/`. */
export function registerOrderPayPage(app: FastifyInstance, context: BackendContext): void {
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/checkout/order-pay/:id',
    (request, reply) => {
      const id = /^\d+$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const order = id === undefined ? undefined : context.orders.get(id);
      // The key proves the visitor created the order; without it the page does not exist.
      return order !== undefined && queryValue(request.query, 'key') === order.order_key
        ? sendHtml(reply, 200, orderPage(order))
        : sendHtml(reply, 404, NOT_FOUND_PAGE);
    },
  );
}
