import { configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
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
import { PERSIST_VERSION, persistConfig } from './persist';
import { keepingUnclaimed, rootReducer, watchInjections } from './slices';

/** The page's state: the platform's slices, and every team's once injected (optional until then). */
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState> & Record<string, unknown>;
  /** Keep the persisted slices in localStorage under the key 'root' (the page's store). */
  persist?: boolean;
}

/** Each store's own dynamic middleware, through which a team adds its middleware (addMiddleware). */
const dynamicMiddlewares = new WeakMap<object, ReturnType<typeof createDynamicMiddleware>>();

/** Builds the page's store; tests build their own with a preloaded state and no side effects. */
export function makeStore(options: StoreOptions = {}) {
  const { preloadedState, persist = false } = options;
  const keeping = keepingUnclaimed(rootReducer);
  // A stored state a newer build of the shop wrote is read as far as this build can, and never
  // written over (writes pause before it is back): the newer build finds it as it left it.
  const onRead = (version: number) => {
    if (version > PERSIST_VERSION) store.dispatch({ type: PAUSE });
  };
  const reducer = persist
    ? persistReducer(persistConfig<Record<string, unknown>>(onRead), keeping)
    : keeping;
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: reducer as unknown as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamic.middleware),
  });
  dynamicMiddlewares.set(store, dynamic);
  watchInjections(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Adds a team's middleware to a store made by makeStore (the cart's sync with the learner's
 * account, say): it sees every action dispatched from then on.
 */
export function addMiddleware(store: AppStore, ...middleware: Middleware[]): void {
  const dynamic = dynamicMiddlewares.get(store);
  if (!dynamic) throw new Error('addMiddleware: the store was not made by makeStore');
  dynamic.addMiddleware(...middleware);
}

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
