import * as v from 'valibot';
import { listOf, text } from 'shared-store';

/**
 * The shop API's answers the cart reads and sends (the gateway's `/api/shop`), declared once:
 * the reads check an answer where it enters (`useRead`). Totals are decimal text in pounds.
 */

/** GET /api/shop/rewards: the learner's reward points and what they are worth, in pounds. */
export const rewardBalance = v.looseObject({
  points: v.number(),
  value: v.number(),
  points_per_pound: v.optional(v.number(), 0),
});

/**
 * GET /api/shop/orders/pending: the shopper's unpaid orders that hold their reward points or
 * places, each with the address of its payment page, what it holds and until when. An entry without an id, a
 * status and a payment page is dropped.
 */
export const pendingOrders = listOf(
  v.looseObject({
    id: v.number(),
    status: v.string(),
    total: text,
    currency: text,
    payment_url: v.string(),
    reward: v.fallback(v.nullable(v.looseObject({ points: v.number(), amount: text })), null),
    line_items: v.fallback(
      listOf(v.looseObject({ name: text, quantity: v.fallback(v.number(), 0) })),
      [],
    ),
    /** When the order is cancelled if still unpaid (ISO 8601); null: not said. */
    expires_at: v.fallback(v.nullable(v.pipe(v.string(), v.isoTimestamp())), null),
  }),
);

/**
 * GET /api/shop/orders/{id}: one's own order; an id and a status make it. Totals are decimal text
 * in pounds ("34.99").
 */
export const orderDetails = v.looseObject({
  id: v.number(),
  status: v.string(),
  total: text,
  currency: text,
  date_created: text,
  line_items: v.fallback(
    listOf(v.looseObject({ name: text, quantity: v.fallback(v.number(), 0), total: text })),
    [],
  ),
});

/** POST /api/shop/orders (201): the pending order the server priced, and where to pay for it. */
export interface WcOrder {
  id: number;
  status: string;
  /** Decimal string in pounds: "34.99". */
  total: string;
  currency: string;
  payment_url: string;
}

/**
 * `data` of a 409 `price_changed` answer to POST /api/shop/orders: the order as the server prices
 * it now (decimal strings in pounds). `price` is a line's unit price; `variation_id` is 0 for a
 * simple product or an event.
 */
export interface PriceChange {
  total: string;
  subtotal: string;
  discount: string;
  reward: string;
  lines: { product_id: number; variation_id: number; price: string }[];
}

/** GET /api/shop/rewards: the learner's reward points and what they are worth, in pounds. */
export type RewardBalance = v.InferOutput<typeof rewardBalance>;

/** GET /api/shop/orders/pending: an unpaid order holding the shopper's points or places. */
export type PendingOrder = v.InferOutput<typeof pendingOrders>[number];

/** POST /api/shop/coupons */
export interface CouponResult {
  code: string;
  /** What the coupon takes off the total it was checked against, in pounds: "10.00". */
  amount: string;
  discount_type: string;
  /** A `percent` coupon's percentage ("20.00"), which the cart takes of its lines; else null. */
  percent: string | null;
  message?: string;
}
