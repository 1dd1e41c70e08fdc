import * as v from 'valibot';
import {
  coercedNumber,
  emailAddress,
  finiteNumber,
  integer,
  objectOf,
  strictObjectOf,
} from '../validation';

/**
 * What the browser may send to each commerce operation (unknown fields refused), and what the
 * gateway reads from WooCommerce's answers. Answers to the browser are built field by field from
 * these, so nothing WooCommerce adds (keys, addresses, other customers) can pass through.
 */

/** The largest id the commerce API takes. */
const MAX_ID = 2 ** 31 - 1;

const id = v.pipe(coercedNumber(), v.safeInteger(), v.gtValue(0), v.maxValue(MAX_ID));

export const idParams = strictObjectOf({ id });

/**
 * An order read's query: nothing, or the order's WooCommerce key (`order_key`, which its
 * confirmation link carries) exactly as the link spells it.
 */
export const orderReadQuery = strictObjectOf({
  key: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});

/**
 * The most products one prices read names: six times the longest list of the sample shop (its
 * eight courses), an answer of a few tens of kilobytes, and at most a dozen rounds of WooCommerce
 * calls when none of them is kept. A list of more would be refused whole: raise it first.
 */
export const MAX_PRICED_PRODUCTS = 48;

/** `?ids=3103,3105`: the products of a list, each once however often it is named. */
export const pricesQuery = strictObjectOf({
  ids: v.pipe(
    v.string(),
    v.regex(
      /^[1-9]\d{0,9}(?:,[1-9]\d{0,9})*$/,
      'must be product ids separated by commas, e.g. 3103,3105',
    ),
    v.transform((list) => [...new Set(list.split(',').map(Number))]),
    v.array(v.pipe(finiteNumber(), v.maxValue(MAX_ID))),
    v.maxLength(MAX_PRICED_PRODUCTS, `names more than ${String(MAX_PRICED_PRODUCTS)} products`),
  ),
});

const amount = v.union([
  v.pipe(finiteNumber(), v.minValue(0), v.maxValue(10_000_000)),
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in pounds, e.g. 34.99'),
  ),
]);

export const couponInput = strictObjectOf({
  code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  total: amount,
});

const name = v.pipe(v.string(), v.trim(), v.maxLength(100));

export const orderInput = strictObjectOf({
  email: v.pipe(emailAddress(), v.maxLength(254)),
  first_name: v.optional(name),
  last_name: v.optional(name),
  lines: v.pipe(
    v.array(
      strictObjectOf({
        product_id: id,
        variation_id: v.optional(v.pipe(integer(), v.minValue(0), v.maxValue(MAX_ID))),
        quantity: v.pipe(integer(), v.minValue(1), v.maxValue(999)),
      }),
    ),
    v.minLength(1),
    v.maxLength(100),
  ),
  coupon: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  reward: v.optional(v.pipe(integer(), v.minValue(1), v.maxValue(100_000))),
  expected_total: amount,
});

export type OrderInput = v.InferOutput<typeof orderInput>;

/** Completing a free order takes nothing from the browser but the order's id (in the path). */
export const noInput = strictObjectOf({});

const wcAmount = v.pipe(
  v.union([v.string(), finiteNumber()]),
  v.transform((value) => String(value)),
);

/**
 * What WooCommerce says of a product's or a variation's stock: whether it is managed (a variation's
 * may be its product's, "parent"), how much is left, whether it is out, and whether backorders are
 * taken. Missing fields read as WooCommerce's defaults: not managed, in stock, no backorders.
 */
const wcStock = {
  purchasable: v.optional(v.boolean()),
  manage_stock: v.optional(v.fallback(v.union([v.boolean(), v.literal('parent')]), false), false),
  stock_quantity: v.optional(v.fallback(v.nullable(integer()), null), null),
  stock_status: v.optional(v.string(), 'instock'),
  backorders: v.optional(v.string(), 'no'),
};

export const wcProduct = objectOf({
  id: finiteNumber(),
  name: v.string(),
  slug: v.string(),
  type: v.string(),
  price: wcAmount,
  regular_price: wcAmount,
  sale_price: wcAmount,
  /** "Limit purchases to 1 item per order". */
  sold_individually: v.optional(v.boolean(), false),
  ...wcStock,
});

export type WcProduct = v.InferOutput<typeof wcProduct>;

/** A page of WooCommerce's product list, of which the gateway reads only the ids. */
export const wcProductIds = v.array(objectOf({ id: finiteNumber() }));

export const wcVariations = v.array(
  objectOf({
    id: finiteNumber(),
    price: wcAmount,
    regular_price: wcAmount,
    sale_price: wcAmount,
    attributes: v.optional(v.array(objectOf({ name: v.string(), option: v.string() })), []),
    ...wcStock,
  }),
);

export type WcVariation = v.InferOutput<typeof wcVariations>[number];

export const wcCoupon = objectOf({
  code: v.string(),
  amount: wcAmount,
  discount_type: v.string(),
  message: v.optional(v.string()),
});

/** `GET wc/v3/coupons?code=`: the coupons of a code, of which the gateway reads what they take off. */
export const wcCouponDefinitions = v.array(
  objectOf({ code: v.string(), amount: wcAmount, discount_type: v.string() }),
);

/** A receipt's address as WooCommerce has it; '' when it has none. */
const wcEmail = v.optional(v.pipe(v.string(), v.maxLength(254)), '');

export const wcOrder = objectOf({
  id: v.pipe(integer(), v.gtValue(0)),
  status: v.string(),
  currency: v.string(),
  date_created: v.optional(v.nullable(v.string()), null),
  /** When it was created, in UTC with no zone ("2026-11-23T10:00:00"): when an unpaid one expires. */
  date_created_gmt: v.optional(v.nullable(v.string()), null),
  date_paid: v.optional(v.nullable(v.string()), null),
  total: wcAmount,
  discount_total: v.optional(wcAmount, '0'),
  customer_id: finiteNumber(),
  /** The order's secret key, which its confirmation and payment links carry; '' (never matched) when missing. */
  order_key: v.optional(v.string(), ''),
  billing: v.optional(objectOf({ email: wcEmail }), { email: '' }),
  payment_url: v.optional(v.string(), ''),
  line_items: v.array(
    objectOf({
      name: v.string(),
      product_id: finiteNumber(),
      variation_id: v.optional(finiteNumber(), 0),
      quantity: finiteNumber(),
      subtotal: wcAmount,
      total: wcAmount,
    }),
  ),
  coupon_lines: v.optional(
    v.array(objectOf({ code: v.pipe(v.string(), v.maxLength(100)), discount: wcAmount })),
    [],
  ),
  fee_lines: v.optional(v.array(objectOf({ name: v.string(), total: wcAmount })), []),
  meta_data: v.optional(v.array(objectOf({ key: v.string(), value: v.unknown() })), []),
});

export type WcOrder = v.InferOutput<typeof wcOrder>;

/** A page of WooCommerce's order list. */
export const wcOrders = v.array(wcOrder);

export const wcPoints = objectOf({
  points_balance: finiteNumber(),
  redeem_ratio: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/)),
});

/** A WooCommerce customer, of whom the gateway reads only the addresses a receipt may go to. */
export const wcCustomer = objectOf({
  email: wcEmail,
  billing: v.optional(objectOf({ email: wcEmail }), { email: '' }),
});
