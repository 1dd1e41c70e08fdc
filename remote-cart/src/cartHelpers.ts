import { ApiError, MAX_PRICE, decodeEntities, formatPrice, roundMoney } from 'shared-store';
import { type CartItem } from './model/cartSlice';
import { lineName } from './lineNames';
import { type RewardBalance } from './data/orders';

/**
 * The name buttons and fields use for a line ("PLAB 1"); when two lines share a name, the month is
 * added ("PLAB 1, 3 Months") so every control names one line only.
 */
export function lineLabel(line: CartItem, lines: readonly CartItem[]): string {
  const name = lineName(line);
  const shared = lines.some((other) => other !== line && lineName(other) === name);
  return shared && line.month ? `${name}, ${line.month}` : name;
}

/**
 * Stable React keys: courses by id and month; packages by id alone, so choosing another duration
 * keeps the same row (and its focus). Duplicates get a suffix.
 */
export function lineKeys(lines: readonly CartItem[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = line.tier ? `package-${String(line.id)}` : `${String(line.id)}-${line.month}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${String(count)}`;
  });
}

/**
 * What a line at or over its limit says, '' for one below it: how many the shop sells and, when
 * the cart holds more (the shop refused the order), what to do.
 */
export function lineLimitText(line: CartItem): string {
  const max = line.max_quantity;
  if (max === undefined || line.quantity < max) return '';
  if (max === 0) return 'Sold out. Please remove it from your cart to place your order.';
  const over = line.quantity > max;
  const lower = over ? ` Please lower the quantity to ${String(max)}.` : '';
  if (line.from === 'event') {
    return `Only ${String(max)} ${max === 1 ? 'place' : 'places'} left.${lower}`;
  }
  if (max === 1) return `One per order.${lower}`;
  return `No more than ${String(max)} per order.${lower}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An order id as a URL writes it: a whole number without leading zeros, or undefined. */
export function orderIdOf(value: string | null | undefined): number | undefined {
  return typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** Whole pounds typed by the learner ("5", "£5"), 1 or more; null for anything else. */
export function parseWholePounds(text: string): number | null {
  const cleaned = text.trim().replace(/^£\s*/, '');
  if (!/^\d{1,7}$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return amount >= 1 && amount <= MAX_PRICE ? amount : null;
}

/**
 * The discounts as they actually reduce the subtotal: the coupon first, then the reward, neither
 * taking the total below zero.
 */
export function appliedDiscounts(
  subtotal: number,
  coupon: number,
  reward: number,
): { coupon: number; reward: number } {
  const couponApplied = Math.max(0, Math.min(coupon, subtotal));
  const left = roundMoney(subtotal - couponApplied);
  return { coupon: couponApplied, reward: Math.max(0, Math.min(reward, left)) };
}

/**
 * What to tell the learner when a call failed: the server's own message when it rejected the
 * request (an unknown or expired coupon), else that the service is slow or unavailable.
 */
export function apiErrorMessage(error: unknown, service: string): string {
  if (error instanceof ApiError) {
    const rejected =
      error.status >= 400 &&
      error.status < 500 &&
      error.code !== 'http_error' &&
      error.code !== 'invalid_json';
    const text = rejected ? decodeEntities(error.message).trim() : '';
    if (text) return text;
    if (error.code === 'timeout') {
      return `The ${service} took too long to answer. Please try again in a moment.`;
    }
  }
  return `The ${service} is not available right now. Please try again in a moment.`;
}

/**
 * The coupon the server confirmed: its code (else what was typed), its amount and, for a coupon
 * taking a percentage of the lines, that percentage (unparsed: the cart parses them).
 */
export function confirmedCoupon(
  result: unknown,
  typed: string,
): { couponName: string; amount: unknown; percent?: unknown } {
  const body = isRecord(result) ? result : {};
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  const percent = body.discount_type === 'percent' ? { percent: body.percent } : {};
  return { couponName: code || typed, amount: body.amount, ...percent };
}

/** "You have 1,500 points, worth £15.00."; a balance of 0 has no points yet. */
export function rewardBalanceText({ points, value }: RewardBalance, held = 0): string {
  const count = (whole: number) => String(Math.trunc(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const heldText =
    held > 0
      ? `${count(held)} ${held === 1 ? 'point is' : 'points are'} held by an order waiting for payment: pay for it or cancel it to use them.`
      : '';
  if (points <= 0) return heldText ? `Your ${heldText}` : 'You have no reward points yet.';
  const balance = `You have ${count(points)} ${points === 1 ? 'point' : 'points'}, worth ${formatPrice(value)}.`;
  return heldText ? `${balance} Another ${heldText}` : balance;
}

/** The error for a reward above the balance. */
export function rewardLimitText(value: number): string {
  return `You can use up to ${formatPrice(value)} of reward points.`;
}
