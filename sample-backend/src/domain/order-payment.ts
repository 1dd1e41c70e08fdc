import type { OrderRecord, OrderStatus } from '../state/orders';
import type { OrderUpdate } from './order-request';

/**
 * What a customer may do with an order on its payment page, by WooCommerce's rules: pay it while
 * it needs payment (`WC_Order::needs_payment`), cancel it while it is pending or failed
 * (`woocommerce_valid_order_statuses_for_cancel`).
 */

/** `woocommerce_valid_order_statuses_for_payment`. */
const PAYABLE: readonly OrderStatus[] = ['pending', 'failed'];
/** `woocommerce_valid_order_statuses_for_cancel`. */
const CANCELLABLE: readonly OrderStatus[] = ['pending', 'failed'];

/** `wc_get_order_status_name`. */
const STATUS_NAMES: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** The sample's payment methods: a test card that is accepted, and one that is declined. */
export const PAYMENT_METHODS = {
  accepted: 'sample_card',
  declined: 'sample_card_declined',
} as const;

/** What the customer asked for on the payment page. */
export type PaymentAction =
  | { kind: 'pay'; method: string }
  | { kind: 'cancel' }
  /** Anything else: WordPress shows the page as it would for a GET. */
  | { kind: 'none' };

/**
 * Reads a payment page form as WooCommerce does: `cancel_order=true` cancels, `woocommerce_pay`
 * with a `payment_method` pays.
 */
export function paymentAction(fields: Record<string, unknown>): PaymentAction {
  if (fields.cancel_order === 'true') return { kind: 'cancel' };
  if (fields.woocommerce_pay === '1') {
    const method = typeof fields.payment_method === 'string' ? fields.payment_method : '';
    return { kind: 'pay', method };
  }
  return { kind: 'none' };
}

/** Whether the order can be paid: pending or failed, with something to pay. */
export function needsPayment(order: Pick<OrderRecord, 'status' | 'totalPence'>): boolean {
  return PAYABLE.includes(order.status) && order.totalPence > 0;
}

export function canBeCancelled(order: Pick<OrderRecord, 'status'>): boolean {
  return CANCELLABLE.includes(order.status);
}

/** WooCommerce's notice for an order that cannot be paid. */
export function cannotBePaidMessage(order: Pick<OrderRecord, 'status'>): string {
  return `This order’s status is “${STATUS_NAMES[order.status]}”—it cannot be paid for. Please contact us if you need assistance.`;
}

export const CANNOT_BE_CANCELLED_MESSAGE =
  'Your order can no longer be cancelled. Please contact us if you need assistance.';

export const DECLINED_MESSAGE =
  'Your payment was declined. Please try again or return to your cart.';

export const INVALID_METHOD_MESSAGE = 'Invalid payment method.';

/**
 * The change a payment makes: `payment_complete()` for an accepted card (processing, paid now),
 * `failed` for a declined one; undefined for a method the shop does not offer.
 */
export function paymentUpdate(method: string): OrderUpdate | undefined {
  if (method === PAYMENT_METHODS.accepted) return { setPaid: true };
  if (method === PAYMENT_METHODS.declined) return { status: 'failed' };
  return undefined;
}

/** The change cancelling makes (its redeemed points go back with it, see points.ts). */
export const CANCEL_UPDATE: OrderUpdate = { status: 'cancelled' };
