/**
 * Shapes of the backend responses the storefront reads. WordPress core routes follow a real
 * WordPress 6.1 (bare arrays, `title.rendered` with HTML entities, `{code, message, data}` errors);
 * the site's own routes (menu_home, courseList, custom/v1, custom/v2, the gateway's shop API, cart service)
 * are defined here. Everything is parsed defensively: a field may be missing or of the wrong type.
 */

/** WordPress REST error body, e.g. `rest_no_route` 404. */
export interface WpError {
  code: string;
  message: string;
  data?: { status?: number } | null;
}

export interface WpRendered {
  rendered: string;
}

/** An image as the site's own routes return it. */
export interface WpImage {
  url: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** GET wp/v2/menu_home: a list of top-level items, children nested in `items`. */
export interface MenuItem {
  ID: number;
  /** HTML: sanitized before it reaches the DOM. */
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
export interface Course {
  id: number;
  title: string;
  slug: string;
  /** HTML */
  excerpt: string;
  image: WpImage;
  /** WooCommerce variable product whose variations are the month options. */
  product_id: number;
  /** "From" price as WordPress returns it: a decimal string. */
  price: string;
  exam: string;
}

/** GET wp/v2/events */
export interface EventItem {
  id: number;
  title: string;
  slug: string;
  /** ISO date, e.g. 2026-12-05 */
  date: string;
  location: string;
  price: string;
  product_id: number;
  image: WpImage;
}

/** GET wp/v2/our_partner */
export interface Partner {
  id: number;
  name: string;
  logo: WpImage;
  url: string;
}

/** GET wp/v2/pages/96030: a WordPress page plus the ACF and Rank Math fields. */
export interface HomePage {
  id: number;
  slug: string;
  title: WpRendered;
  content: WpRendered;
  acf_groups?: {
    HeaderContent?: { headerlogo?: WpImage };
    FooterContent?: {
      footerlogo?: WpImage;
      /** HTML */
      footerabtcontent?: string;
      copyrighttext?: string;
    };
    SubscriptionPackages?: unknown[];
  };
  rank_math_meta?: { meta_title?: string; meta_description?: string };
}

/** A subscription package the home page offers (a WooCommerce variable product per tier). */
export interface SubscriptionPackage {
  tier: string;
  product_id: number;
  slug: string;
  title: string;
  features: string[];
}

/** GET custom/v2/getPromotionalBanner */
export interface PromotionalBanner {
  promotional_text: string;
  promotional_link: { title: string; url: string; target?: string };
  /** Seconds for one pass of the scrolling text. */
  promotional_speed: number | string;
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

/** GET /api/shop/orders/{id}: one's own order. */
export interface OrderDetails {
  id: number;
  status: string;
  total: string;
  currency: string;
  date_created: string;
  line_items: { name: string; quantity: number; total: string }[];
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
export interface RewardBalance {
  points: number;
  value: number;
  points_per_pound: number;
}

/** POST /api/shop/coupons */
export interface CouponResult {
  code: string;
  amount: string;
  discount_type: string;
  message?: string;
}

/** Order-tracking payload: the order's id and total, the email, campaign ids and ordered lines. */
export interface OrderTracking {
  orderId: number;
  total: string;
  email: string;
  mc_cid: string;
  mc_eid: string;
  items: {
    id: number | string;
    product_id: number;
    product_variant_id: number;
    product_title: string;
    price: number;
    quantity: number;
  }[];
}
