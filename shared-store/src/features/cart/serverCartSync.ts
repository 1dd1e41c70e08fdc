import { createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import { cartServiceApi, type CartServiceApi } from '../../api/cartService';
import { STORAGE_KEYS, safeStorage, type KeyValueStorage } from '../../session/storage';
import type { CartState } from './cartSlice';

/** Changes made within this window are saved together. */
export const CART_SAVE_DEBOUNCE_MS = 800;

interface SyncState {
  cartData: CartState;
  loginData: { loginData: boolean };
}

export interface ServerCartSyncDeps {
  cartService: CartServiceApi;
  storage: KeyValueStorage;
}

/**
 * While a learner is logged in, every cart change is saved to the cart service, debounced: a
 * newer change cancels the pending save, so the last write wins.
 */
export function createServerCartSync(
  deps: ServerCartSyncDeps = { cartService: cartServiceApi, storage: safeStorage },
) {
  const middleware = createListenerMiddleware();
  const startListening = middleware.startListening as TypedStartListening<SyncState>;
  startListening({
    predicate: (_action, current, previous) =>
      current.loginData.loginData && current.cartData.cartData !== previous.cartData.cartData,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      await api.delay(CART_SAVE_DEBOUNCE_MS);
      const token = deps.storage.getItem(STORAGE_KEYS.token);
      const userId = deps.storage.getItem(STORAGE_KEYS.userId);
      if (!token || !userId || !api.getState().loginData.loginData) return;
      try {
        await deps.cartService.save(userId, api.getState().cartData.cartData, token);
      } catch (error) {
        // The next change retries; the local cart is never lost.
        console.error('The cart could not be saved to your account:', error);
      }
    },
  });
  return middleware.middleware;
}
