import { notify } from '../bus/eventBus';
import { cartCopyMerged, cartReset, cartStoredAgain } from '../features/cart/cartSlice';
import type { CartSync } from '../features/cart/cartSync';
import { userLoggedIn, userLoggedOut } from '../features/login/loginSlice';
import {
  subscriptionsCleared,
  subscriptionsReplaced,
  type SubscriptionEntry,
} from '../features/subscription/subscriptionSlice';
import type { AppStore } from '../store/makeStore';
import { PERSIST_VERSION, STORED_STATE_KEY, restoreCart } from '../store/persist';
import { STORAGE_KEYS } from './storage';

/** Shown once when another tab runs an older build (it writes carts this one must merge). */
export const OLDER_TAB_MESSAGE =
  'The shop is open in another tab with an older version. Reload that tab so both show the same cart.';
/** Shown once when another tab runs a newer build. */
export const NEWER_TAB_MESSAGE =
  'The shop was updated in another tab. Reload this page to keep your cart in step.';
/** Shown when another tab ended the session. */
export const LOGGED_OUT_ELSEWHERE_MESSAGE = 'You were logged out in another tab.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is SubscriptionEntry {
  return (
    isRecord(value) &&
    typeof value.slug === 'string' &&
    (typeof value.id === 'number' || typeof value.id === 'string')
  );
}

/**
 * Both tabs' subscription lists as one: every entry of either, except a package the cart has
 * removed and not put back. Every tab computes the same set, so the lists settle.
 */
function mergedSubscriptions(store: AppStore, incoming: unknown): SubscriptionEntry[] | undefined {
  if (!isRecord(incoming) || !Array.isArray(incoming.subscriptionData)) return undefined;
  const { cartData, subscriptionData } = store.getState();
  const live = new Set(cartData.cartData.map((line) => line.id));
  const removed = new Set(cartData.removedLines.map((line) => line.id));
  const merged = [...subscriptionData.subscriptionData];
  for (const entry of incoming.subscriptionData.filter(isEntry)) {
    if (!merged.some((known) => known.slug === entry.slug && known.id === entry.id)) {
      merged.push({ slug: entry.slug, id: entry.id });
    }
  }
  const kept = merged.filter((entry) => live.has(entry.id) || !removed.has(entry.id));
  const same =
    kept.length === subscriptionData.subscriptionData.length &&
    kept.every((entry, i) => entry === subscriptionData.subscriptionData[i]);
  return same ? undefined : kept;
}

/**
 * Makes the page's tabs one cart and one session, through the `storage` events localStorage
 * sends to the other tabs of the origin:
 *
 * - another tab's stored cart is merged line by line into this one (only the cart and the
 *   subscription list are read; a copy that brings nothing new changes nothing, so the tabs do
 *   not answer each other forever);
 * - the stored state removed (a logout elsewhere) empties this tab's cart; the token removed logs
 *   this tab out, the token set logs it in;
 * - garbage is logged once and this tab's state stored over it; a tab of an older or newer build
 *   is pointed out once.
 */
export function startTabSync(
  store: AppStore,
  cartSync: CartSync,
  page: Window = window,
): () => void {
  const told = new Set<string>();
  const once = (message: string, level: 'error' | 'info') => {
    if (told.has(message)) return;
    told.add(message);
    notify(level, message);
  };

  function storedStateChanged(value: string | null): void {
    if (value === null) {
      // A session ended in another tab: nothing of its cart stays, not even a sync under way.
      cartSync.stop();
      store.dispatch(cartReset());
      store.dispatch(subscriptionsCleared());
      return;
    }
    const stored = parse(value);
    const cartText = isRecord(stored) ? stored.cartData : undefined;
    const cart = typeof cartText === 'string' ? restoreCart(parse(cartText)) : undefined;
    if (!isRecord(stored) || !cart) {
      if (!told.has('garbage')) {
        told.add('garbage');
        console.warn('Another tab stored a cart that cannot be read; this tab keeps its own.');
      }
      // Stored again over it, so that a reload finds this tab's cart.
      store.dispatch(cartStoredAgain());
      return;
    }
    const meta = typeof stored._persist === 'string' ? parse(stored._persist) : undefined;
    const version = isRecord(meta) && typeof meta.version === 'number' ? meta.version : 0;
    if (version < PERSIST_VERSION) once(OLDER_TAB_MESSAGE, 'info');
    if (version > PERSIST_VERSION) once(NEWER_TAB_MESSAGE, 'info');
    store.dispatch(cartCopyMerged(cart));
    const subscriptions =
      typeof stored.subscriptionData === 'string'
        ? mergedSubscriptions(store, parse(stored.subscriptionData))
        : undefined;
    if (subscriptions) store.dispatch(subscriptionsReplaced(subscriptions));
  }

  function tokenChanged(value: string | null): void {
    const loggedIn = store.getState().loginData.loginData;
    if (value === null && loggedIn) {
      cartSync.stop();
      store.dispatch(userLoggedOut());
      notify('info', LOGGED_OUT_ELSEWHERE_MESSAGE);
    } else if (value !== null && !loggedIn) {
      store.dispatch(userLoggedIn());
    }
  }

  const onStorage = (event: StorageEvent) => {
    try {
      if (event.storageArea !== page.localStorage) return;
    } catch {
      return;
    }
    if (event.key === null) {
      // localStorage.clear() in another tab.
      storedStateChanged(null);
      tokenChanged(null);
    } else if (event.key === STORED_STATE_KEY) {
      storedStateChanged(event.newValue);
    } else if (event.key === STORAGE_KEYS.token) {
      tokenChanged(event.newValue);
    }
  };
  page.addEventListener('storage', onStorage);
  return () => {
    page.removeEventListener('storage', onStorage);
  };
}
