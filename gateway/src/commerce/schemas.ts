import { z } from 'zod';

/**
 * What the browser may send to each commerce operation (unknown fields refused), and what the
 * gateway reads from WooCommerce's answers. Answers to the browser are built field by field from
 * these, so nothing WooCommerce adds (keys, addresses, other customers) can pass through.
 */

/** The largest id the commerce API takes. */
const MAX_ID = 2 ** 31 - 1;

const id = z.coerce.number().int().positive().max(MAX_ID);

export const idParams = z.strictObject({ id });

/**
 * An order read's query: nothing, or the order's WooCommerce key (`order_key`, which its
 * confirmation link carries) exactly as the link spells it.
 */
export const orderReadQuery = z.strictObject({ key: z.string().min(1).max(100).optional() });

/**
 * The most products one prices read names: six times the longest list of the sample shop (its
 * eight courses), an answer of a few tens of kilobytes, and at most a dozen rounds of WooCommerce
 * calls when none of them is kept. A list of more would be refused whole: raise it first.
 */
export const MAX_PRICED_PRODUCTS = 48;

/** `?ids=3103,3105`: the products of a list, each once however often it is named. */
export const pricesQuery = z.strictObject({
  ids: z
    .string()
    .regex(
      /^[1-9]\d{0,9}(?:,[1-9]\d{0,9})*$/,
      'must be product ids separated by commas, e.g. 3103,3105',
    )
    .transform((list) => [...new Set(list.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().max(MAX_ID))
        .max(MAX_PRICED_PRODUCTS, `names more than ${String(MAX_PRICED_PRODUCTS)} products`),
    ),
});

const amount = z.union([
  z.number().nonnegative().max(10_000_000),
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in pounds, e.g. 34.99'),
]);

export const couponInput = z.strictObject({
  code: z.string().trim().min(1).max(100),
  total: amount,
});

const name = z.string().trim().max(100);

export const orderInput = z.strictObject({
  email: z.email().max(254),
  first_name: name.optional(),
  last_name: name.optional(),
  lines: z
    .array(
      z.strictObject({
        product_id: id,
        variation_id: z.number().int().nonnegative().max(MAX_ID).optional(),
        quantity: z.number().int().min(1).max(999),
      }),
    )
    .min(1)
    .max(100),
  coupon: z.string().trim().min(1).max(100).optional(),
  reward: z.number().int().min(1).max(100_000).optional(),
  expected_total: amount,
});

export type OrderInput = z.infer<typeof orderInput>;

/** Completing a free order takes nothing from the browser but the order's id (in the path). */
export const noInput = z.strictObject({});

const wcAmount = z.union([z.string(), z.number()]).transform((value) => String(value));

/**
 * What WooCommerce says of a product's or a variation's stock: whether it is managed (a variation's
 * may be its product's, "parent"), how much is left, whether it is out, and whether backorders are
 * taken. Missing fields read as WooCommerce's defaults: not managed, in stock, no backorders.
 */
const wcStock = {
  purchasable: z.boolean().optional(),
  manage_stock: z
    .union([z.boolean(), z.literal('parent')])
    .catch(false)
    .default(false),
  stock_quantity: z.number().int().nullable().catch(null).default(null),
  stock_status: z.string().default('instock'),
  backorders: z.string().default('no'),
};

export const wcProduct = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  price: wcAmount,
  regular_price: wcAmount,
  sale_price: wcAmount,
  /** "Limit purchases to 1 item per order". */
  sold_individually: z.boolean().default(false),
  ...wcStock,
});

export type WcProduct = z.infer<typeof wcProduct>;

/** A page of WooCommerce's product list, of which the gateway reads only the ids. */
export const wcProductIds = z.array(z.object({ id: z.number() }));

export const wcVariations = z.array(
  z.object({
    id: z.number(),
    price: wcAmount,
    regular_price: wcAmount,
    sale_price: wcAmount,
    attributes: z.array(z.object({ name: z.string(), option: z.string() })).default([]),
    ...wcStock,
  }),
);

export type WcVariation = z.infer<typeof wcVariations>[number];

export const wcCoupon = z.object({
  code: z.string(),
  amount: wcAmount,
  discount_type: z.string(),
  message: z.string().optional(),
});

/** `GET wc/v3/coupons?code=`: the coupons of a code, of which the gateway reads what they take off. */
export const wcCouponDefinitions = z.array(
  z.object({ code: z.string(), amount: wcAmount, discount_type: z.string() }),
);

export const wcOrder = z.object({
  id: z.number().int().positive(),
  status: z.string(),
  currency: z.string(),
  date_created: z.string().nullable().default(null),
  /** When it was created, in UTC with no zone ("2026-11-23T10:00:00"): when an unpaid one expires. */
  date_created_gmt: z.string().nullable().default(null),
  date_paid: z.string().nullable().default(null),
  total: wcAmount,
  discount_total: wcAmount.default('0'),
  customer_id: z.number(),
  /** The order's secret key, which its confirmation and payment links carry; '' (never matched) when missing. */
  order_key: z.string().default(''),
  billing: z.object({ email: z.string().max(254).default('') }).default({ email: '' }),
  payment_url: z.string().default(''),
  line_items: z.array(
    z.object({
      name: z.string(),
      product_id: z.number(),
      variation_id: z.number().default(0),
      quantity: z.number(),
      subtotal: wcAmount,
      total: wcAmount,
    }),
  ),
  coupon_lines: z.array(z.object({ code: z.string().max(100), discount: wcAmount })).default([]),
  fee_lines: z.array(z.object({ name: z.string(), total: wcAmount })).default([]),
  meta_data: z.array(z.object({ key: z.string(), value: z.unknown() })).default([]),
});

export type WcOrder = z.infer<typeof wcOrder>;

/** A page of WooCommerce's order list. */
export const wcOrders = z.array(wcOrder);

export const wcPoints = z.object({
  points_balance: z.number(),
  redeem_ratio: z.string().regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/),
});

export const wcUser = z.object({ id: z.number() });

/** A WooCommerce customer, of whom the gateway reads only the addresses a receipt may go to. */
export const wcCustomer = z.object({
  email: z.string().max(254).default(''),
  billing: z.object({ email: z.string().max(254).default('') }).default({ email: '' }),
});
