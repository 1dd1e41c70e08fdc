import { combineSlices, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
} from 'redux-persist';
import { cartSlice } from '../features/cart/cartSlice';
import { createCartSync, registerCartSync } from '../features/cart/cartSync';
import { cartSyncSlice } from '../features/cart/cartSyncSlice';
import {
  headerLogoSlice,
  headerMenuSlice,
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from '../features/home/homeSlices';
import { loginSlice } from '../features/login/loginSlice';
import { subscriptionSlice } from '../features/subscription/subscriptionSlice';
import { persistConfig } from './persist';

const slices = combineSlices(
  cartSlice,
  cartSyncSlice,
  loginSlice,
  subscriptionSlice,
  homePageSlice,
  homeBannerSlice,
  homePartnerSlice,
  homeEventSlice,
  homeCourseSlice,
  headerMenuSlice,
  headerLogoSlice,
);

export type RootState = ReturnType<typeof slices>;

/**
 * The slices, and one rule across two of them: a package that leaves the cart (replaced, removed,
 * paid for, or removed in another tab) leaves the subscription list too.
 */
function rootReducer(state: Parameters<typeof slices>[0], action: Parameters<typeof slices>[1]) {
  const next = slices(state, action);
  const before = state?.cartData?.cartData;
  if (!before || before === next.cartData.cartData) return next;
  const live = new Set(next.cartData.cartData.map((line) => line.id));
  const gone = new Set(before.filter((line) => !live.has(line.id)).map((line) => line.id));
  const entries = next.subscriptionData.subscriptionData;
  const kept = entries.filter((entry) => !gone.has(entry.id));
  if (kept.length === entries.length) return next;
  return { ...next, subscriptionData: { ...next.subscriptionData, subscriptionData: kept } };
}

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Keep the specification's slices in localStorage (the page's store). */
  persist?: boolean;
  /** Keep the logged-in learner's cart in step with the cart service (cartSync.ts). */
  serverCart?: boolean;
}

/** Builds the page's store; tests build their own with a preloaded state and no side effects. */
export function makeStore(options: StoreOptions = {}) {
  const { preloadedState, persist = false, serverCart = false } = options;
  const reducer = persist ? persistReducer(persistConfig<RootState>(), rootReducer) : rootReducer;
  const cartSync = serverCart ? createCartSync() : undefined;
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      const defaults = getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      });
      return cartSync ? defaults.prepend(cartSync.middleware) : defaults;
    },
  });
  if (cartSync) registerCartSync(store, cartSync);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Starts persistence and resolves once the stored state is back (or the 5 s timeout passed).
 * State is written a slice at a time in the background; when the page goes away (a reload, a
 * link out, the tab closed) what is still pending is written at once, so an item added to the
 * cart a moment before is not lost.
 */
export function startPersistence(store: AppStore, page: Window = window): Promise<Persistor> {
  return new Promise((resolve) => {
    const persistor = persistStore(store, null, () => {
      resolve(persistor);
    });
    page.addEventListener('pagehide', () => {
      void persistor.flush();
    });
  });
}
