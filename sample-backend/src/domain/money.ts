/**
 * Money is handled in whole pence so totals never drift (3 x 19.99 is 59.97, not
 * 59.970000000000006) and written back as WooCommerce's 2-decimal strings.
 */

/** "119.99" -> 11999. The input is a validated amount (digits, up to two decimals). */
export function toPence(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 11999 -> "119.99"; negative amounts are clamped to "0.00" because no price goes below zero. */
export function formatPounds(pence: number): string {
  const safe = Math.max(0, Math.round(pence));
  return `${String(Math.floor(safe / 100))}.${String(safe % 100).padStart(2, '0')}`;
}

/**
 * Reads an amount a client sent, as a number (59.97) or a string ("59.97"), in pence; undefined
 * when it is not a non-negative amount with at most two decimals.
 */
export function parseAmountInput(value: unknown): number | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(text.trim())) return undefined;
  return toPence(text.trim());
}

/** Like {@link parseAmountInput}, but a leading minus is allowed (a discount fee: "-15.00"). */
export function parseSignedAmountInput(value: unknown): number | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const pence = parseAmountInput(negative ? trimmed.slice(1) : trimmed);
  return pence === undefined ? undefined : negative ? -pence : pence;
}

/** -1500 -> "-15.00": fee lines keep their sign, as WooCommerce writes them. */
export function formatSignedPounds(pence: number): string {
  return pence < 0 ? `-${formatPounds(-pence)}` : formatPounds(pence);
}
