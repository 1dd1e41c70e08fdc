import type { UnknownAction } from '@reduxjs/toolkit';
import type { SubscriptionTier } from '../constants';
import type { AppStore, RootState } from '../store/makeStore';
import { useAppSelector } from '../store/hooks';
import { useModel } from '../store/models';

/** One of a course's month options, or one place at an event, as the shop's pages add it. */
export interface ShopLine {
  id: number | string;
  slug: string;
  /** The month option of a course ("3 Months"); '' for an event or a course with one price. */
  month: string;
  /** Unit price in pounds. */
  price: number;
  title: string;
  /** An event's place: matched in the cart by id alone. */
  from?: 'event';
  /**
   * The course's or event's image, its URL as the page read it from WordPress: the cart only
   * shows it (checked again where it is shown, having been kept in the browser's storage).
   */
  image?: string;
  /** The WooCommerce product and variation an order is made of. */
  product_id?: number;
  variation_id?: number;
  /**
   * The most one order may have of it, as the page knows it (an event's places left, 1 for a
   * course sold individually); absent for no limit. The cart keeps the line within it.
   */
  max_quantity?: number;
}

/** A subscription package (silver, gold, ultimate) with the duration chosen on its card. */
export interface PackageChoice {
  /** The package's WooCommerce product. */
  product_id: number;
  /** The package's own slug, as the subscription list keeps it. */
  slug: string;
  title: string;
  tier: SubscriptionTier;
  /** The duration chosen ("3 Months"), its price in pounds and its WooCommerce variation. */
  month: string;
  price: number;
  variation_id: number;
  /** The most one order may have of it (1 for a package sold individually); absent: no limit. */
  max_quantity?: number;
}

/** What an add would do to the cart, as the shopper is told it. */
export interface AddOutcome {
  /** Whether the cart changes: false when the line is at its limit (nothing is added then). */
  adds: boolean;
  /**
   * What to tell the shopper in place of "… added to your cart": why nothing was added, or a
   * package taking another's place ("Gold Membership replaces Silver Membership in your cart.").
   */
  message?: string;
}

/**
 * What the cart team's model (remote-cart's exposed `cart/model`) offers the other teams. Its
 * slices are in the page's store once its module has run; the shell then connects it to the
 * store before the first render, provides it (`provideModel('cart', …)`) and starts it once the
 * stored state is back.
 */
export interface CartModel {
  /**
   * Joins the page's store: the cart's rules that span its slices, its part in the session
   * (the account's cart merged at login, saved before a logout, forgotten when a session ends).
   */
  connect: (store: AppStore) => void;
  /**
   * Starts keeping the cart in step with the learner's account and the page's other tabs (and
   * the count of its lines in a cookie, which /cart's first screen is drawn by), and settles an
   * order the cart waits on; once the stored state is back.
   */
  start: (store: AppStore) => void;
  /** The number on the cart badge. */
  selectTotalQuantity: (state: RootState) => number;
  /** The action adding one of a course's month option, or one place at an event. */
  lineAdded: (line: ShopLine) => UnknownAction;
  /** The action choosing a package: it replaces any package in the cart. */
  packageChosen: (choice: PackageChoice) => UnknownAction;
  /**
   * What dispatching `action` (one of lineAdded's or packageChosen's) would do to the cart in
   * `state`: asked before the add, so the shopper is told what happened.
   */
  addOutcome: (state: RootState, action: UnknownAction) => AddOutcome;
}

/** The cart button's accessible name: "Cart, 2 items". */
export function cartLabel(count: number): string {
  return `Cart, ${String(count)} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The item count of the cart the page's storage kept (under the stored key `cartData`, whose
 * `totalQuantity` the stored state carries), while the cart's model has not loaded: its code is
 * not here to read it, and the stored value is not touched. Anything but a whole count is 0.
 */
function storedCartCount(state: RootState): number {
  const stored: unknown = (state as Record<string, unknown>).cartData;
  if (typeof stored !== 'object' || stored === null) return 0;
  const count: unknown = (stored as Record<string, unknown>).totalQuantity;
  return typeof count === 'number' && Number.isSafeInteger(count) && count > 0 ? count : 0;
}

/**
 * The count on the cart badge: the cart model's, or the stored cart's while the model has not
 * loaded (the cart's remote is down, say).
 */
export function useCartCount(): number {
  const cart = useModel('cart');
  return useAppSelector(cart ? cart.selectTotalQuantity : storedCartCount);
}
