/**
 * The cart model (exposed as `cart/model`): the cart's and the subscription list's slices, in the
 * page's store as soon as this module has run, and what the other teams use of the cart (the
 * CartModel contract of shared-store): the badge's count, the add-to-cart actions, and how the
 * shell connects and starts the cart.
 */
import { addMiddleware, joinSession, type AppStore, type CartModel } from 'shared-store';
import {
  cartLightCleared,
  itemAdded,
  itemUpdated,
  packageChosen,
  priceReduced,
  selectTotalQuantity,
  totalSet,
} from './cartSlice';
import { addOutcome } from './addOutcome';
import { analyticsHandOff } from './analyticsHandOff';
import { cartParticipant } from './cartSession';
import { createCartSync, type CartSync } from './cartSync';
import { keepLineCountCookie } from './lineCount';
import { checkPendingOrder } from './orderSettlement';
import { shopAdd, tellShopAdds } from './shopAdds';
import { packagesFollowLines } from './subscriptionSlice';
import { startTabMerge } from './tabMerge';

/**
 * The cart transitions no screen uses yet, the cart model's tested API for the screens to
 * come: add (a line matching the item takes its quantity), the lighter clear (lines,
 * quantity and discounts emptied; the total and the subscription fields kept), the price update
 * (a value off the total, to the penny, never below 0) and the total set directly.
 */
export const cartTransitions = { itemAdded, cartLightCleared, priceReduced, totalSet };

/** Each connected store's sync with the learner's account. */
const syncs = new WeakMap<AppStore, CartSync>();

/**
 * Connects the cart to a store made by makeStore, once: its rules that span its slices, its sync
 * with the learner's account, what analytics is told of it and its part in the session. Answers
 * the store's sync.
 */
export function connectCart(store: AppStore): CartSync {
  let sync = syncs.get(store);
  if (!sync) {
    sync = createCartSync();
    sync.attach(store);
    syncs.set(store, sync);
    addMiddleware(store, packagesFollowLines, sync.middleware, analyticsHandOff, tellShopAdds);
    joinSession(store, cartParticipant(store, sync));
  }
  return sync;
}

export const cartModel: CartModel = {
  connect(store) {
    connectCart(store);
  },
  start(store) {
    const sync = connectCart(store);
    sync.start(window);
    startTabMerge(store, sync);
    checkPendingOrder(store);
    keepLineCountCookie(store);
  },
  selectTotalQuantity,
  // A shop page's adds: the bus is told of each the cart takes (shopAdds), for the mini-cart.
  lineAdded: (line) => shopAdd(itemUpdated({ ...line, quantity: 1 })),
  packageChosen: (choice) => shopAdd(packageChosen(choice)),
  addOutcome,
};

export default cartModel;
