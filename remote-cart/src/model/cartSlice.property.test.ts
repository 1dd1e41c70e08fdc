import fc from 'fast-check';
import type { UnknownAction } from '@reduxjs/toolkit';
import { SUBSCRIPTION_TIERS, sumLines } from 'shared-store';
import { makeStore } from 'shared-store/testing';
import {
  cartCleared,
  cartLightCleared,
  couponApplied,
  couponRemoved,
  courseDeleted,
  durationSet,
  itemAdded,
  itemUpdated,
  packageReplaced,
  priceReduced,
  rewardApplied,
  rewardRemoved,
  selectCart,
  totalSet,
  type CartState,
} from './cartSlice';
import { MAX_QUANTITY } from './quantity';

const RUNS = 1000;

/** Numbers and strings a hostile backend or a broken form could send. */
const hostileNumber = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(NaN, Infinity, -Infinity, 1e308, -0, 19.99, 0.1, 0.2),
  fc.constantFrom('12', '19.99', ' 3 ', 'abc', '', '1e400', '-5', 'NaN'),
  fc.constant(undefined),
);

const line = fc.record(
  {
    id: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom('a', 'b')),
    slug: fc.constantFrom('plab', 'ukmla', 'subscription'),
    month: fc.constantFrom('1 Month', '3 Months', ''),
    quantity: hostileNumber,
    price: hostileNumber,
    from: fc.constantFrom(undefined, 'event', 'course'),
    type: fc.constantFrom(undefined, 'decrease', 'increase'),
  },
  { requiredKeys: ['id'] },
);

/** Actions that recompute the totals from the lines. */
const recomputing = fc.oneof(
  line.map((l) => itemAdded(l)),
  line.map((l) => itemUpdated(l)),
  line.map((l) => packageReplaced(l)),
  line.map((l) => courseDeleted({ id: l.id })),
  hostileNumber.map((amount) => couponApplied({ amount, couponName: 'C' })),
  hostileNumber.map((amount) => rewardApplied({ amount })),
  fc.constant(couponRemoved()),
  fc.constant(rewardRemoved()),
  fc.constant(cartCleared()),
);

/** Actions that set the total or other fields directly. */
const direct = fc.oneof(
  hostileNumber.map((value) => priceReduced(value)),
  hostileNumber.map((value) => totalSet(value)),
  fc.constant(cartLightCleared()),
  fc.constantFrom(...SUBSCRIPTION_TIERS).map((tier) => durationSet({ tier, duration: '6 Months' })),
);

function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersIn);
  return [];
}

function expectSound(cart: CartState) {
  for (const n of numbersIn(cart)) expect(Number.isFinite(n)).toBe(true);
  for (const l of cart.cartData) {
    expect(l.quantity).toBeGreaterThan(0);
    expect(l.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
    expect(l.price).toBeGreaterThanOrEqual(0);
  }
  expect(cart.totalAmount).toBeGreaterThanOrEqual(0);
  expect(cart.totalQuantity).toBeGreaterThanOrEqual(0);
}

describe('cart properties over random action sequences with hostile inputs', () => {
  it('no quantity below 0 and no NaN or Infinity anywhere in the cart state', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(recomputing, direct), { maxLength: 30 }), (actions) => {
        const store = makeStore();
        for (const action of actions) {
          store.dispatch(action as UnknownAction);
          expectSound(selectCart(store.getState()));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('after every recomputing transition the totals equal the sum over the lines, less discounts', () => {
    fc.assert(
      fc.property(fc.array(recomputing, { maxLength: 30 }), (actions) => {
        const store = makeStore();
        for (const action of actions) {
          store.dispatch(action as UnknownAction);
          const cart = selectCart(store.getState());
          const quantity = cart.cartData.reduce((sum, l) => sum + l.quantity, 0);
          expect(cart.totalQuantity).toBe(quantity);
          const pence =
            Math.round(sumLines(cart.cartData) * 100) -
            Math.round(cart.discountedCouponAmount * 100) -
            Math.round(cart.discountedRewardAmount * 100);
          expect(Math.round(cart.totalAmount * 100)).toBe(Math.max(0, pence));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('money never drifts: totals are whole pence', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(recomputing, direct), { maxLength: 20 }), (actions) => {
        const store = makeStore();
        for (const action of actions) store.dispatch(action as UnknownAction);
        const { totalAmount } = selectCart(store.getState());
        expect(Math.round(totalAmount * 100) / 100).toBe(totalAmount);
      }),
      { numRuns: RUNS },
    );
  });
});
