import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { cartSyncOf } from '../features/cart/cartSync';
import { storageLost } from '../features/cart/cartSyncSlice';
import { onStorageLost } from '../session/storage';
import { startTabSync } from '../session/tabSync';
import { makeStore, startPersistence, type AppStore } from '../store/makeStore';

/** The providers every page of the storefront sits in: the one store and the one router. */
export function StorefrontProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <BrowserRouter>{children}</BrowserRouter>
    </Provider>
  );
}

/**
 * Creates the page's store, waits for the stored state (bounded by the persist timeout), starts
 * keeping the cart in step with the learner's account and the page's other tabs, and renders the
 * element into the root. Used by the shell and by each remote opened alone.
 *
 * The first render is a transition: React renders it in slices that yield to the browser every
 * few milliseconds instead of one long task, and what the root already shows (the page's own
 * markup) stays on screen until the render commits.
 */
export async function mountApp(
  container: HTMLElement,
  render: (store: AppStore) => ReactNode,
): Promise<AppStore> {
  const store = makeStore({ persist: true, serverCart: true });
  onStorageLost(() => store.dispatch(storageLost()));
  await startPersistence(store);
  const cartSync = cartSyncOf(store);
  startTabSync(store, cartSync);
  cartSync.start(window);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <StorefrontProviders store={store}>{render(store)}</StorefrontProviders>
      </StrictMode>,
    );
  });
  return store;
}
