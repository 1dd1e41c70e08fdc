import { roundMoney } from 'shared-store';
import { toDiscount } from './quantity';

/** The largest percentage a coupon takes off: the whole of the lines. */
const MAX_PERCENT = 100;

/**
 * A percentage coupon's percentage as the cart keeps it: a whole number (discounts are parsed as
 * integers, "20.00" is 20), at most 100; 0 for anything else, which the cart reads as a coupon of
 * a fixed amount.
 */
export function toPercent(value: unknown): number {
  return Math.min(toDiscount(value), MAX_PERCENT);
}

/**
 * What `percent` per cent of the lines takes off: the subtotal's pence times the percentage,
 * rounded to the penny (2 decimals), as the shop prices the order (20 % of £69.98 is £14.00, of
 * £19.99 is £4.00).
 */
export function percentOff(percent: number, subtotal: number): number {
  const pence = Math.round(roundMoney(subtotal) * 100);
  return Math.round((pence * percent) / 100) / 100;
}
