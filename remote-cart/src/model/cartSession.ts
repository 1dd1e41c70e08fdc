import { notify, type AppStore, type SessionParticipant } from 'shared-store';
import { cartReset } from './cartSlice';
import type { CartSync } from './cartSync';
import { selectCartSyncStatus } from './cartSyncSlice';
import { subscriptionsCleared } from './subscriptionSlice';

/** Shown after a login whose saved cart could not be read yet. */
export const CART_NOT_LOADED_MESSAGE =
  'Your saved cart could not be loaded yet; this device’s cart is kept and we will keep trying.';
/** Shown after a login whose saved cart a newer version of the shop wrote. */
export const CART_FROM_NEWER_VERSION_MESSAGE =
  'Your saved cart was saved by a newer version of the shop. Reload the page to see it.';

/**
 * The cart's part in the learner's session:
 *
 * - at login, the account's cart joins this one by the login rule, and the learner is told when
 *   it could not be read yet or a newer version of the shop saved it;
 * - before a logout, the cart is saved to the account (or the account's deleted when nothing is
 *   left); `failed` keeps the learner logged in, to try again or keep the cart on this device;
 * - when the session ends, the sync stops; unless the cart stays on this device, nothing of it
 *   stays, nor of the subscription list.
 */
export function cartParticipant(store: AppStore, sync: CartSync): SessionParticipant {
  return {
    async loggedIn() {
      await sync.afterLogin();
      const status = selectCartSyncStatus(store.getState());
      if (status === 'newer') notify('error', CART_FROM_NEWER_VERSION_MESSAGE);
      else if (status !== 'saved') notify('error', CART_NOT_LOADED_MESSAGE);
    },
    async beforeLogout() {
      return (await sync.flushForLogout()) === 'failed' ? 'failed' : 'saved';
    },
    sessionEnded({ keepOnDevice }) {
      sync.stop();
      if (keepOnDevice) return;
      store.dispatch(cartReset());
      store.dispatch(subscriptionsCleared());
    },
  };
}
