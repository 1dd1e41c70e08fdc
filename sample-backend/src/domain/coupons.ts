import type { Coupon } from '../data/files';
import { WpError } from '../errors';
import { escapeHtml } from './text';
import { toPence } from './money';

/**
 * Coupon rules shared by `wc/v3/apply-coupon` and order creation, so the discount a shopper is
 * shown is the discount the order gets.
 */

/**
 * The usable coupon for `code` (case-insensitive, surrounding spaces ignored); throws the
 * WooCommerce-style 400 for an unknown or expired code.
 */
export function usableCoupon(coupons: readonly Coupon[], code: string, now: Date): Coupon {
  const wanted = code.trim().toUpperCase();
  const coupon = coupons.find((c) => c.code.toUpperCase() === wanted);
  if (!coupon) {
    throw new WpError(400, 'invalid_coupon', `Coupon "${escapeHtml(code.trim())}" does not exist!`);
  }
  // A coupon is valid through the whole of its expiry date (UTC).
  if (coupon.expires !== null && now.toISOString().slice(0, 10) > coupon.expires) {
    throw new WpError(400, 'coupon_expired', 'This coupon has expired.');
  }
  return coupon;
}

/**
 * The coupon's discount on a cart worth `totalPence`: a fixed amount, or a percentage of the
 * total rounded to the penny. Fixed amounts are not capped here: an order caps its total discount
 * at its subtotal.
 */
export function couponDiscountPence(coupon: Coupon, totalPence: number): number {
  if (coupon.discount_type === 'fixed_cart') return toPence(coupon.amount);
  return Math.round((totalPence * Number(coupon.amount)) / 100);
}
