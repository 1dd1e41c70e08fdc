import type { Coupon, OrderLineInput } from '../data/files';
import type { SampleData } from '../data/load';
import { InvalidParams, WpError } from '../errors';
import { positiveIntField } from '../http/input';
import { isRecord } from '../json';
import { orderCoupons } from './orders';
import { isEmail } from './text';
import type { UserDirectory } from './users';

/** A validated `POST wc/v3/orders` body. */
export interface OrderRequest {
  billing: { email: string; first_name: string; last_name: string };
  customerId: number;
  lines: OrderLineInput[];
  coupons: Coupon[];
}

const MAX_LINES = 100;
const MAX_QUANTITY = 999;

function lineError(code: string, message: string, index: number): WpError {
  return new WpError(400, code, message, { line_item: index });
}

function parseLine(value: unknown, index: number, data: SampleData): OrderLineInput {
  if (!isRecord(value)) {
    throw lineError(
      'woocommerce_rest_invalid_line_item',
      'Each line item must be an object.',
      index,
    );
  }
  if (value.product_id === undefined) {
    throw lineError(
      'woocommerce_rest_required_product_reference',
      'Product ID or SKU is required.',
      index,
    );
  }
  const productId = positiveIntField(value.product_id);
  const product = productId === undefined ? undefined : data.productsById.get(productId);
  if (!product)
    throw lineError('woocommerce_rest_invalid_product_id', 'Invalid product ID.', index);

  const quantity = positiveIntField(value.quantity);
  if (quantity === undefined || quantity > MAX_QUANTITY) {
    throw lineError(
      'woocommerce_rest_invalid_quantity',
      `Product quantity must be a whole number from 1 to ${String(MAX_QUANTITY)}.`,
      index,
    );
  }

  // WooCommerce writes 0 for "no variation".
  const rawVariation = value.variation_id;
  const hasVariation = rawVariation !== undefined && rawVariation !== 0 && rawVariation !== '0';
  if (product.type === 'simple') {
    if (hasVariation)
      throw lineError('woocommerce_rest_invalid_variation_id', 'Invalid variation ID.', index);
    return { product_id: product.id, variation_id: undefined, quantity };
  }
  if (!hasVariation) {
    throw lineError(
      'woocommerce_rest_invalid_variation_id',
      `A variation_id is required for the variable product "${product.name}".`,
      index,
    );
  }
  const variationId = positiveIntField(rawVariation);
  if (!product.variations?.some((variation) => variation.id === variationId)) {
    throw lineError('woocommerce_rest_invalid_variation_id', 'Invalid variation ID.', index);
  }
  return { product_id: product.id, variation_id: variationId, quantity };
}

function optionalText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Validates an order-create body: a pending, unpaid order (payment happens on the payment
 * page), a billing email, line items that exist in the catalogue with whole quantities, and
 * usable coupons. Prices in the body, if any, are ignored.
 */
export function parseOrderRequest(
  fields: Record<string, unknown>,
  data: SampleData,
  users: UserDirectory,
  now: Date,
): OrderRequest {
  const invalid = new InvalidParams();
  if (fields.status !== undefined && fields.status !== 'pending') {
    invalid.add(
      'status',
      'rest_not_in_enum',
      'status must be pending: orders are paid on the payment page.',
      null,
    );
  }
  if (fields.set_paid !== undefined && fields.set_paid !== false) {
    invalid.add(
      'set_paid',
      'rest_invalid_param',
      'set_paid must be false: orders are paid on the payment page.',
      null,
    );
  }
  const billing = isRecord(fields.billing) ? fields.billing : {};
  const email = typeof billing.email === 'string' ? billing.email.trim() : '';
  const firstName = optionalText(billing.first_name);
  const lastName = optionalText(billing.last_name);
  if (!isEmail(email) || firstName === undefined || lastName === undefined) {
    invalid.add(
      'billing',
      'rest_invalid_param',
      'billing needs a valid email; first_name and last_name must be text.',
      null,
    );
  }
  const lineItems: unknown[] = Array.isArray(fields.line_items) ? fields.line_items : [];
  if (lineItems.length === 0 || lineItems.length > MAX_LINES) {
    invalid.add(
      'line_items',
      'rest_invalid_param',
      `line_items must list 1 to ${String(MAX_LINES)} items.`,
      null,
    );
  }
  const couponLines: unknown[] = Array.isArray(fields.coupon_lines) ? fields.coupon_lines : [];
  if (fields.coupon_lines !== undefined && !Array.isArray(fields.coupon_lines)) {
    invalid.add('coupon_lines', 'rest_invalid_type', 'coupon_lines is not of type array.', null);
  }
  const customerId =
    fields.customer_id === undefined || fields.customer_id === 0
      ? 0
      : positiveIntField(fields.customer_id);
  invalid.throwIfAny();
  if (customerId === undefined || (customerId !== 0 && !users.byId(customerId))) {
    throw new WpError(400, 'woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.');
  }

  const lines = lineItems.map((line, index) => parseLine(line, index, data));
  const codes = couponLines.map((line) => {
    const code = isRecord(line) && typeof line.code === 'string' ? line.code.trim() : '';
    if (code === '') {
      throw new WpError(400, 'woocommerce_rest_invalid_coupon', 'Coupon code is required.');
    }
    return code;
  });
  return {
    billing: { email, first_name: firstName ?? '', last_name: lastName ?? '' },
    customerId,
    lines,
    coupons: orderCoupons(data.coupons, codes, now),
  };
}
