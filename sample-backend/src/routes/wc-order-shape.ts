import { formatPounds, formatSignedPounds } from '../domain/money';
import type { JsonObject } from '../json';
import type { OrderRecord } from '../state/orders';
import { optionSlug } from './wc-shapes';

/** The order shape of `wc/v3/orders`, spelled as WooCommerce spells it. */

const EMPTY_ADDRESS = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: 'GB',
};

/** The URL of the order's payment page, on the origin the shopper uses. */
function paymentUrl(order: OrderRecord, origin: string): string {
  return `${origin}/checkout/order-pay/${String(order.id)}/?pay_for_order=true&key=${order.order_key}`;
}

function lineItems(order: OrderRecord): JsonObject[] {
  return order.lines.map((line, index) => ({
    id: order.id * 100 + index + 1,
    name: line.name,
    product_id: line.product_id,
    variation_id: line.variation_id,
    quantity: line.quantity,
    tax_class: '',
    subtotal: formatPounds(line.subtotalPence),
    subtotal_tax: '0.00',
    total: formatPounds(line.totalPence),
    total_tax: '0.00',
    taxes: [],
    meta_data:
      line.month === undefined
        ? []
        : [
            {
              id: order.id * 100 + 60 + index,
              key: 'pa_month',
              value: optionSlug(line.month),
              display_key: 'Month',
              display_value: line.month,
            },
          ],
    sku: line.sku,
    // WooCommerce gives the unit price of a line (total / quantity) as a number.
    price: Math.round(line.totalPence / line.quantity) / 100,
  }));
}

/** `wc/v3/orders` and `wc/v3/orders/{id}`. */
export function wooOrder(order: OrderRecord, origin: string): JsonObject {
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.order_key,
    created_via: 'rest-api',
    status: order.status,
    currency: 'GBP',
    currency_symbol: '£',
    prices_include_tax: false,
    date_created: order.date_created,
    date_created_gmt: order.date_created,
    date_modified: order.date_modified,
    date_modified_gmt: order.date_modified,
    discount_total: formatPounds(order.discountPence),
    discount_tax: '0.00',
    shipping_total: '0.00',
    shipping_tax: '0.00',
    cart_tax: '0.00',
    total: formatPounds(order.totalPence),
    total_tax: '0.00',
    customer_id: order.customer_id,
    billing: { ...order.billing },
    shipping: EMPTY_ADDRESS,
    payment_method: '',
    payment_method_title: '',
    transaction_id: '',
    customer_note: '',
    date_paid: order.date_paid,
    date_paid_gmt: order.date_paid,
    meta_data: order.meta_data.map((entry) => ({ ...entry })),
    line_items: lineItems(order),
    tax_lines: [],
    shipping_lines: [],
    fee_lines: order.fees.map((fee) => ({
      id: fee.id,
      name: fee.name,
      tax_class: '',
      tax_status: fee.tax_status,
      amount: formatSignedPounds(fee.totalPence),
      total: formatSignedPounds(fee.totalPence),
      total_tax: '0.00',
      taxes: [],
      meta_data: [],
    })),
    coupon_lines: order.coupons.map((coupon, index) => ({
      id: order.id * 100 + 90 + index,
      code: coupon.code,
      discount: formatPounds(coupon.discountPence),
      discount_tax: '0.00',
      meta_data: [],
    })),
    refunds: [],
    payment_url: paymentUrl(order, origin),
    is_editable: ['pending', 'on-hold', 'failed'].includes(order.status),
    needs_payment: ['pending', 'failed'].includes(order.status) && order.totalPence > 0,
    needs_processing: true,
  };
}
