import type { Coupon, Product } from '../data/files';
import { InvalidParams, WpError } from '../errors';
import { positiveIntField } from '../http/input';
import { isRecord } from '../json';
import type { Billing, OrderStatus } from '../state/orders';
import { parseAmountInput } from './money';
import type { FeeChange, MetaChange } from './order-fields';
import {
  billingField,
  booleanField,
  customerIdField,
  feeLinesField,
  metaDataField,
  statusField,
} from './order-fields';
import type { LineRequest } from './orders';
import { orderCoupons } from './orders';

/** A validated `POST wc/v3/orders` body. */
export interface OrderRequest {
  status: OrderStatus;
  setPaid: boolean;
  billing: Partial<Billing>;
  customerId: number;
  lines: LineRequest[];
  coupons: Coupon[];
  fees: FeeChange[];
  meta: MetaChange[];
}

/** A validated order update (`PUT wc/v3/orders/{id}`): only the fields that were sent. */
export interface OrderUpdate {
  status?: OrderStatus;
  setPaid?: boolean;
  billing?: Partial<Billing>;
  customerId?: number;
  fees?: FeeChange[];
  meta?: MetaChange[];
}

/** What order validation needs to know about the shop. */
export interface OrderLookups {
  products: ReadonlyMap<number, Product>;
  coupons: readonly Coupon[];
  userExists: (id: number) => boolean;
}

const MAX_LINES = 100;
const MAX_QUANTITY = 999;

function lineError(code: string, message: string, index: number): WpError {
  return new WpError(400, code, message, { line_item: index });
}

function parseLine(
  value: unknown,
  index: number,
  products: ReadonlyMap<number, Product>,
): LineRequest {
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
  const product = productId === undefined ? undefined : products.get(productId);
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

  // WooCommerce takes the line's subtotal and total as given when the client sends them.
  const amounts: Pick<LineRequest, 'subtotalPence' | 'totalPence'> = {};
  for (const [field, key] of [
    ['subtotal', 'subtotalPence'],
    ['total', 'totalPence'],
  ] as const) {
    if (value[field] === undefined) continue;
    const pence = parseAmountInput(value[field]);
    if (pence === undefined) {
      throw lineError('woocommerce_rest_invalid_line_item', `${field} must be an amount.`, index);
    }
    amounts[key] = pence;
  }

  // WooCommerce writes 0 for "no variation".
  const rawVariation = value.variation_id;
  const hasVariation = rawVariation !== undefined && rawVariation !== 0 && rawVariation !== '0';
  if (product.type === 'simple') {
    if (hasVariation)
      throw lineError('woocommerce_rest_invalid_variation_id', 'Invalid variation ID.', index);
    return { product_id: product.id, variation_id: undefined, quantity, ...amounts };
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
  return { product_id: product.id, variation_id: variationId, quantity, ...amounts };
}

/**
 * Validates an order-create body as WooCommerce does for an admin key: any status, `set_paid`,
 * any existing customer, line items that exist in the catalogue with whole quantities (and the
 * amounts the client gives them), usable coupons, fee lines and meta data.
 */
export function parseOrderRequest(
  fields: Record<string, unknown>,
  shop: OrderLookups,
  now: Date,
): OrderRequest {
  const invalid = new InvalidParams();
  const status = statusField(fields.status, invalid);
  const setPaid = booleanField('set_paid', fields.set_paid, invalid);
  const billing = billingField(fields.billing, invalid);
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
  invalid.throwIfAny();
  const customerId = customerIdField(fields.customer_id, shop.userExists) ?? 0;
  const lines = lineItems.map((line, index) => parseLine(line, index, shop.products));
  const codes = couponLines.map((line) => {
    const code = isRecord(line) && typeof line.code === 'string' ? line.code.trim() : '';
    if (code === '') {
      throw new WpError(400, 'woocommerce_rest_invalid_coupon', 'Coupon code is required.');
    }
    return code;
  });
  return {
    status: status ?? 'pending',
    setPaid: setPaid ?? false,
    billing: billing ?? {},
    customerId,
    lines,
    coupons: orderCoupons(shop.coupons, codes, now),
    fees: feeLinesField(fields.fee_lines) ?? [],
    meta: metaDataField(fields.meta_data) ?? [],
  };
}

/** Validates an order update: the same fields as on create, each optional. */
export function parseOrderUpdate(
  fields: Record<string, unknown>,
  shop: Pick<OrderLookups, 'userExists'>,
): OrderUpdate {
  const invalid = new InvalidParams();
  const status = statusField(fields.status, invalid);
  const setPaid = booleanField('set_paid', fields.set_paid, invalid);
  const billing = billingField(fields.billing, invalid);
  invalid.throwIfAny();
  const customerId = customerIdField(fields.customer_id, shop.userExists);
  const fees = feeLinesField(fields.fee_lines);
  const meta = metaDataField(fields.meta_data);
  return {
    ...(status === undefined ? {} : { status }),
    ...(setPaid === undefined ? {} : { setPaid }),
    ...(billing === undefined ? {} : { billing }),
    ...(customerId === undefined ? {} : { customerId }),
    ...(fees === undefined ? {} : { fees }),
    ...(meta === undefined ? {} : { meta }),
  };
}
