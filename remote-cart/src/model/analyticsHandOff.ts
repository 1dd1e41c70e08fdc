import { selectIsLoggedIn, type RootState, type UnknownAction } from 'shared-store';
import {
  cartCleared,
  couponApplied,
  courseDeleted,
  itemAdded,
  itemUpdated,
  orderPaid,
  packageChosen,
  packageReplaced,
  selectCart,
  type CartState,
} from './cartSlice';
import { type Middleware } from '@reduxjs/toolkit';

/** A change of the cart analytics may be told of: the action, and the cart before and after it. */
export interface CartChange {
  action: UnknownAction;
  before: CartState;
  after: CartState;
  /** Whether a learner was logged in when it happened. */
  loggedIn: boolean;
}

/** The cart's changes a learner makes (not another tab's, the account's, or a payment's). */
export const LEARNER_CHANGES = [
  itemAdded,
  itemUpdated,
  courseDeleted,
  cartCleared,
  packageChosen,
  packageReplaced,
];

/** The changes analytics is told of: the learner's own, a coupon, the pending order paid. */
const TOLD = [...LEARNER_CHANGES, couponApplied, orderPaid];

/** The changes handed over so far, told one after another in the order they happened. */
let telling: Promise<void> = Promise.resolve();

/**
 * Hands the cart's changes to what tells analytics of them (./cartAnalytics). Its code is not
 * part of the cart model every page loads: it comes with the first change a visitor makes, and
 * the changes are told in their order once it is there. A load that fails (the network down at
 * that moment) loses that change's events, never the cart's; the next change loads it again.
 */
export const analyticsHandOff: Middleware<object, RootState> = (api) => (next) => (action) => {
  const before = selectCart(api.getState());
  const result = next(action);
  if (TOLD.some((change) => change.match(action))) {
    const state = api.getState();
    const change: CartChange = {
      action: action as UnknownAction,
      before,
      after: selectCart(state),
      loggedIn: selectIsLoggedIn(state),
    };
    telling = telling
      .then(() => import('./cartAnalytics'))
      .then(
        (analytics) => {
          analytics.tellOf(change);
        },
        (error: unknown) => {
          console.warn('What analytics is told of the cart could not be loaded:', error);
        },
      );
  }
  return result;
};
