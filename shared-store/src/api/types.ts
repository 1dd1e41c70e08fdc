import type * as v from 'valibot';
import type {
  course,
  eventItem,
  homePage,
  partner,
  pendingOrders,
  rewardBalance,
  wpImage,
} from './schemas';

/**
 * Shapes of the backend responses the storefront reads. WordPress core routes follow a real
 * WordPress 6.1 (bare arrays, `title.rendered` with HTML entities, `{code, message, data}` errors);
 * the site's own routes (menu_home, courseList, custom/v1, custom/v2, the gateway's shop API, cart service)
 * are defined here. Everything is parsed defensively: a field may be missing or of the wrong type.
 * A shape the pages check (schemas.ts) is declared there once, and its type here is what it reads
 * an answer as; the others are built by code (a menu, the banner's slides) or only sent.
 */

/** WordPress REST error body, e.g. `rest_no_route` 404. */
export interface WpError {
  code: string;
  message: string;
  data?: { status?: number } | null;
}

/** An image as the site's own routes return it. */
export type WpImage = v.InferOutput<typeof wpImage>;

/** GET wp/v2/menu_home: a list of top-level items, children nested in `items`. */
export interface MenuItem {
  ID: number;
  /** HTML, sanitized by the gateway that served the menu. */
  title: string;
  url: string;
  target?: string;
  items?: MenuItem[];
}

/** GET wp/v2/home_banner?t={timestamp} */
export interface HomeBanner {
  id: number;
  title: string;
  /** HTML */
  subtitle: string;
  image: WpImage;
  cta: { title: string; url: string };
}

/** GET wp/v2/courseList */
export type Course = v.InferOutput<typeof course>;

/** GET wp/v2/events */
export type EventItem = v.InferOutput<typeof eventItem>;

/** GET wp/v2/our_partner */
export type Partner = v.InferOutput<typeof partner>;

/** GET wp/v2/pages/{HOME_PAGE_ID}: a WordPress page plus the ACF and Rank Math fields. */
export type HomePage = v.InferOutput<typeof homePage>;

/** A subscription package the home page offers (a WooCommerce variable product per tier). */
export interface SubscriptionPackage {
  tier: string;
  product_id: number;
  slug: string;
  title: string;
  features: string[];
}

/** POST jwt-auth/v1/token */
export interface JwtLoginResponse {
  token: string;
  user_id: number;
  user_email: string;
  user_nicename: string;
  user_display_name: string;
}

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
