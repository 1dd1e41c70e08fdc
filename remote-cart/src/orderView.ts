import { decodeEntities, subtractMoney, toNumber, toPrice, validateEmail } from 'shared-store';
import { paymentTarget } from './order';

/**
 * An order as its confirmation shows it, read from the shop's answer (`GET /api/shop/orders/:id`):
 * plain text and numbers, each part that is missing or malformed left out rather than guessed.
 */

interface OrderLineView {
  key: string;
  name: string;
  quantity: number;
  /** Pounds before the line's share of the discounts. */
  subtotal: number;
  /** Pounds the line costs. */
  total: number;
  /** Pounds the coupons took off the line (0 for none). */
  discount: number;
}

export interface OrderView {
  status: string;
  /** Pounds. */
  total: number;
  /** Pounds of the lines before discounts; null when the shop did not say. */
  subtotal: number | null;
  lines: OrderLineView[];
  coupons: { code: string; discount: number }[];
  /** The reward points the order used and the pounds they took off; null for none. */
  reward: { points: number; amount: number } | null;
  /** Where the receipt goes, '' when unknown. */
  email: string;
  /** The day it was paid (YYYY-MM-DD), '' when not paid or unknown. */
  paidOn: string;
  /** Its payment page while it can still be paid (an http(s) address), else null. */
  paymentUrl: string | null;
}

/** The order as the shop answers it (an id and a status checked by the read). */
export interface OrderAnswer {
  id: number;
  status: string;
  total: string;
  [field: string]: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

const plain = (value: unknown): string =>
  typeof value === 'string' ? decodeEntities(value).trim() : '';

function lineOf(raw: Record<string, unknown>, index: number): OrderLineView[] {
  const name = plain(raw.name);
  if (name === '') return [];
  const total = toNumber(raw.total);
  const subtotal = typeof raw.subtotal === 'string' ? toNumber(raw.subtotal) : total;
  const quantity = typeof raw.quantity === 'number' ? raw.quantity : 0;
  return [
    {
      key: `${String(index)}-${name}`,
      name,
      quantity,
      subtotal,
      total,
      discount: Math.max(0, subtractMoney(subtotal, total)),
    },
  ];
}

function rewardOf(value: unknown): OrderView['reward'] {
  if (!isRecord(value)) return null;
  const amount = toPrice(value.amount);
  const points = typeof value.points === 'number' && value.points > 0 ? value.points : 0;
  return amount > 0 ? { points: Math.trunc(points), amount } : null;
}

/**
 * The order as the page shows it; an answer about another order, or without a status, is
 * unreadable (null).
 */
export function toOrderView(answer: OrderAnswer | null, id: number): OrderView | null {
  if (answer?.id !== id || answer.status === '') return null;
  const email = typeof answer.email === 'string' ? answer.email.trim() : '';
  const paid = typeof answer.date_paid === 'string' ? answer.date_paid.slice(0, 10) : '';
  return {
    status: answer.status,
    total: toNumber(answer.total),
    subtotal: typeof answer.subtotal === 'string' ? toNumber(answer.subtotal) : null,
    lines: records(answer.line_items).flatMap(lineOf),
    coupons: records(answer.coupons).flatMap((coupon) => {
      const code = plain(coupon.code);
      return code ? [{ code, discount: toPrice(coupon.discount) }] : [];
    }),
    reward: rewardOf(answer.reward),
    email: validateEmail(email) === null ? email : '',
    paidOn: /^\d{4}-\d{2}-\d{2}$/.test(paid) ? paid : '',
    paymentUrl: paymentTarget(answer.payment_url, window.location.href),
  };
}

/** A day (YYYY-MM-DD) as a British reader writes it: "23 November 2026". */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The history state checkout opens an order's confirmation with. */
export const FROM_CHECKOUT = { fromCheckout: true } as const;

/** Whether the confirmation was opened by checkout (FROM_CHECKOUT), not loaded or linked to. */
export function isFromCheckout(state: unknown): boolean {
  return isRecord(state) && state.fromCheckout === true;
}
