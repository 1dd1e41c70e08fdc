/**
 * Sample lines and a preloaded state for the tests (not a test file itself: it imports only the
 * public 'shared-store').
 */
import { type AppDispatch } from 'shared-store';
import { PLAB_1_LINE, itemAdded, makeStore, type CartItemInput } from 'shared-store/testing';

export const plab1: CartItemInput = PLAB_1_LINE;

export const mockExam: CartItemInput = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  quantity: 1,
  price: 150,
  title: 'PLAB 2 Mock Day',
  from: 'event',
  product_id: 4101,
};

export const goldPackage: CartItemInput = {
  id: 3202,
  slug: 'membership',
  month: '3 Months',
  quantity: 1,
  price: 99.99,
  title: 'Gold Membership',
  tier: 'gold',
  product_id: 3202,
  variation_id: 320203,
};

/** A store state holding the lines, after any further setup (coupon, login, durations…). */
export function seedState(lines: CartItemInput[], setup?: (dispatch: AppDispatch) => void) {
  const store = makeStore();
  for (const line of lines) store.dispatch(itemAdded(line));
  setup?.(store.dispatch);
  return store.getState();
}

/** The JSON body a request sent, or undefined. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}
