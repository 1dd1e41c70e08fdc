/**
 * Money is held as pounds in state (as the stored cart keeps it) but every sum is done in whole
 * pence, so 3 x 19.99 is 59.97 and never 59.970000000000006.
 */

/** Largest amount the cart accepts for one price; anything above is hostile input. */
export const MAX_PRICE = 1_000_000;

/** A finite number from a number or numeric string; anything else is 0. */
export function toNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** A price in pounds, at least 0, at most MAX_PRICE, rounded to the penny. */
export function toPrice(value: unknown): number {
  return roundMoney(Math.min(Math.max(toNumber(value), 0), MAX_PRICE));
}

/** Rounds pounds to 2 decimals without binary drift. */
export function roundMoney(pounds: number): number {
  return Math.round(toPence(pounds)) / 100;
}

function toPence(pounds: number): number {
  return Math.round(pounds * 100 + (pounds >= 0 ? 1e-7 : -1e-7));
}

/** Sum of quantity x price over the lines, computed in pence. */
export function sumLines(lines: readonly { quantity: number; price: number }[]): number {
  const pence = lines.reduce((sum, line) => sum + line.quantity * toPence(line.price), 0);
  return pence / 100;
}

/** a - b in pounds without drift. */
export function subtractMoney(a: number, b: number): number {
  return (toPence(a) - toPence(b)) / 100;
}

/** a + b in pounds without drift. */
export function addMoney(a: number, b: number): number {
  return (toPence(a) + toPence(b)) / 100;
}

/**
 * "£59.97", "£1,234.50", "-£5.00": the en-GB pound format, in whole pence. Written out rather than
 * through Intl.NumberFormat: a phone spends tens of milliseconds loading locale data for the first
 * one, in the middle of rendering the first prices (money.test.ts checks it against Intl).
 */
export function formatPrice(pounds: number): string {
  const pence = Math.abs(toPence(Number.isFinite(pounds) ? pounds : 0));
  const whole = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = pounds < 0 && pence > 0 ? '-' : '';
  return `${sign}£${whole}.${String(pence % 100).padStart(2, '0')}`;
}
