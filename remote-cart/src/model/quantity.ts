import { MAX_PRICE, toNumber } from 'shared-store';

/**
 * The lowest quantity the cart's − leaves a line at. At 0, lowering a line of one removes it
 * (after the learner confirms); at 1, a line stays until it is removed.
 */
export const QUANTITY_FLOOR = 0;

/** Largest quantity of one line. */
export const MAX_QUANTITY = 999;

/** A whole quantity between 0 and MAX_QUANTITY; a non-numeric quantity is 0. */
export function toQuantity(value: unknown): number {
  return Math.min(Math.max(Math.trunc(toNumber(value)), 0), MAX_QUANTITY);
}

/** A quantity lowered by `delta`, never below the floor. */
export function lowered(quantity: number, delta: number): number {
  return Math.max(Math.min(QUANTITY_FLOOR, quantity), quantity - delta);
}

/** An applied discount in whole pounds (discounts are parsed as integers), at least 0. */
export function toDiscount(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : Math.trunc(toNumber(value));
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), MAX_PRICE) : 0;
}
