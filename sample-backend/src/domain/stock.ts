import type { OrderRecord, OrderStatus } from '../state/orders';

/**
 * WooCommerce's stock management of an order's lines (wc-stock-functions.php): the stock of each
 * product that manages it is reduced once when the order is paid (`wc_maybe_reduce_stock_levels`,
 * on processing, completed and on-hold; recorded as `_order_stock_reduced`) and restored when it
 * is cancelled or set back to pending (`wc_maybe_increase_stock_levels`). Like WooCommerce with
 * an admin key, nothing here refuses: a stock may go below zero. The payment page checks the
 * stock first (order-pay-page.ts), as `WC_Shortcode_Checkout::order_pay` does.
 */

/** The statuses on which WooCommerce reduces an order's stock. */
const REDUCING: readonly OrderStatus[] = ['processing', 'completed', 'on-hold'];
/** The statuses on which WooCommerce restores it. */
const RESTORING: readonly OrderStatus[] = ['cancelled', 'pending'];

/** Where stock is read and changed: a product's managed stock, undefined when not managed. */
export interface StockLedger {
  stockOf(productId: number): number | undefined;
  adjustStock(productId: number, change: number): void;
}

type Stocked = Pick<OrderRecord, 'status' | 'lines' | 'stockReduced'>;

function adjustLines(order: Stocked, ledger: StockLedger, sign: 1 | -1): void {
  for (const line of order.lines) {
    if (ledger.stockOf(line.product_id) !== undefined) {
      ledger.adjustStock(line.product_id, sign * line.quantity);
    }
  }
}

/** The order after its status change, its stock reduced or restored with it (synchronously). */
export function settleStock<T extends Stocked>(order: T, ledger: StockLedger): T {
  if (!order.stockReduced && REDUCING.includes(order.status)) {
    adjustLines(order, ledger, -1);
    return { ...order, stockReduced: true };
  }
  if (order.stockReduced && RESTORING.includes(order.status)) {
    adjustLines(order, ledger, 1);
    return { ...order, stockReduced: false };
  }
  return order;
}

/**
 * Why an unpaid order cannot be paid for its stock, as WooCommerce's payment page says it: each
 * line whose product's stock no longer covers it (other orders were paid since). Empty when the
 * stock covers every line, or the order's stock was already taken.
 */
export function stockShortages(order: Stocked, ledger: StockLedger): string[] {
  if (order.stockReduced) return [];
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const line of order.lines) {
    const entry = wanted.get(line.product_id) ?? { name: line.name, quantity: 0 };
    wanted.set(line.product_id, { ...entry, quantity: entry.quantity + line.quantity });
  }
  const messages: string[] = [];
  for (const [productId, { name, quantity }] of wanted) {
    const stock = ledger.stockOf(productId);
    if (stock === undefined || stock >= quantity) continue;
    messages.push(
      stock <= 0
        ? `Sorry, “${name}” is no longer in stock so this order cannot be paid for. We apologise for any inconvenience caused.`
        : `Sorry, we do not have enough “${name}” in stock to fulfil your order (${String(stock)} available). We apologise for any inconvenience caused.`,
    );
  }
  return messages;
}
