import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { storageLost } from '../session/sessionStatusSlice';
import { onStorageLost } from '../session/storage';
import { startTabSync } from '../session/tabSync';
import { makeStore, startPersistence, type AppStore } from '../store/makeStore';
import { PageRouter } from './PageRouter';

/** The providers every page of the storefront sits in: the one store and the one router. */
export function StorefrontProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <PageRouter>{children}</PageRouter>
    </Provider>
  );
}

export interface MountOptions {
  /**
   * Runs once the store exists, while the stored state is read back; the first render waits for
   * it. The shell injects the teams' models here (the cart's), each remote opened alone its own.
   */
  prepare?: (store: AppStore) => Promise<void> | void;
  /** Runs once the stored state is back and before the first render (a team's sync starts). */
  start?: (store: AppStore) => void;
}

/**
 * Creates the page's store, waits for the stored state (bounded by the persist timeout) and for
 * `prepare`, keeps the session in step with the page's other tabs, and renders the element into
 * the root. Used by the shell and by each remote opened alone.
 *
 * The first render is a transition: React renders it in slices that yield to the browser every
 * few milliseconds instead of one long task, and what the root already shows (the page's own
 * markup) stays on screen until the render commits.
 */
export async function mountApp(
  container: HTMLElement,
  render: (store: AppStore) => ReactNode,
  options: MountOptions = {},
): Promise<AppStore> {
  const store = makeStore({ persist: true });
  onStorageLost(() => store.dispatch(storageLost()));
  await Promise.all([startPersistence(store), options.prepare?.(store)]);
  startTabSync(store);
  options.start?.(store);
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
