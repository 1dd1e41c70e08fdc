import { z } from 'zod';

/**
 * What the browser may send to each commerce operation (unknown fields refused), and what the
 * gateway reads from WooCommerce's answers. Answers to the browser are built field by field from
 * these, so nothing WooCommerce adds (keys, addresses, other customers) can pass through.
 */

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const idParams = z.strictObject({ id });

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
        variation_id: z
          .number()
          .int()
          .nonnegative()
          .max(2 ** 31 - 1)
          .optional(),
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

const wcAmount = z.union([z.string(), z.number()]).transform((value) => String(value));

export const wcProduct = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  price: wcAmount,
  regular_price: wcAmount,
  sale_price: wcAmount,
  purchasable: z.boolean().optional(),
});

export const wcVariations = z.array(
  z.object({
    id: z.number(),
    price: wcAmount,
    regular_price: wcAmount,
    sale_price: wcAmount,
    attributes: z.array(z.object({ name: z.string(), option: z.string() })).default([]),
  }),
);

export const wcCoupon = z.object({
  code: z.string(),
  amount: wcAmount,
  discount_type: z.string(),
  message: z.string().optional(),
});

export const wcOrder = z.object({
  id: z.number().int().positive(),
  status: z.string(),
  currency: z.string(),
  date_created: z.string().nullable().default(null),
  total: wcAmount,
  discount_total: wcAmount.default('0'),
  customer_id: z.number(),
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
});

export type WcOrder = z.infer<typeof wcOrder>;

export const wcPoints = z.object({
  points_balance: z.number(),
  redeem_ratio: z.string().regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/),
});

export const wcUser = z.object({ id: z.number() });
