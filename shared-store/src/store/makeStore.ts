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
import { createServerCartSync } from '../features/cart/serverCartSync';
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

const rootReducer = combineSlices(
  cartSlice,
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

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Keep the specification's slices in localStorage (the page's store). */
  persist?: boolean;
  /** Save the logged-in learner's cart to the cart service on every change. */
  serverCart?: boolean;
}

/** Builds the page's store; tests build their own with a preloaded state and no side effects. */
export function makeStore(options: StoreOptions = {}) {
  const { preloadedState, persist = false, serverCart = false } = options;
  const reducer = persist ? persistReducer(persistConfig<RootState>(), rootReducer) : rootReducer;
  return configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      const defaults = getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      });
      return serverCart ? defaults.prepend(createServerCartSync()) : defaults;
    },
  });
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
