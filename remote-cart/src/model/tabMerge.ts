import { onStoredStateChanged, type AppStore, type StoredState } from 'shared-store';
import { cartCopyMerged, cartReset, cartStoredAgain, restoreCart, selectCart } from './cartSlice';
import type { CartSync } from './cartSync';
import {
  restoreSubscriptions,
  selectSubscriptionList,
  subscriptionsCleared,
  subscriptionsReplaced,
  type SubscriptionEntry,
} from './subscriptionSlice';

/** Logged once when another tab stored a cart this one cannot read. */
export const UNREADABLE_COPY_WARNING =
  'Another tab stored a cart that cannot be read; this tab keeps its own.';

/**
 * Both tabs' subscription lists as one: every entry of either, except a package the cart has
 * removed and not put back. Every tab computes the same set, so the lists settle. Undefined when
 * this tab's list stays as it is.
 */
function mergedSubscriptions(store: AppStore, incoming: unknown): SubscriptionEntry[] | undefined {
  const stored = restoreSubscriptions(incoming);
  if (!stored) return undefined;
  const state = store.getState();
  const cart = selectCart(state);
  const current = selectSubscriptionList(state);
  const live = new Set(cart.cartData.map((line) => line.id));
  const removed = new Set(cart.removedLines.map((line) => line.id));
  const merged = [...current];
  for (const entry of stored.subscriptionData) {
    if (!merged.some((known) => known.slug === entry.slug && known.id === entry.id)) {
      merged.push(entry);
    }
  }
  const kept = merged.filter((entry) => live.has(entry.id) || !removed.has(entry.id));
  const same = kept.length === current.length && kept.every((entry, i) => entry === current[i]);
  return same ? undefined : kept;
}

/**
 * Makes the page's tabs one cart, through the `storage` events localStorage sends to the other
 * tabs of the origin:
 *
 * - another tab's stored cart is merged line by line into this one (only the cart and the
 *   subscription list are read; a copy that brings nothing new changes nothing, so the tabs do
 *   not answer each other forever);
 * - the stored state removed (a session ended in another tab) empties this tab's cart and stops
 *   its sync;
 * - a cart that cannot be read is logged once and this tab's cart stored over it.
 *
 * Answers a function that stops listening.
 */
export function startTabMerge(store: AppStore, sync: CartSync, page: Window = window): () => void {
  let warned = false;

  function storedStateChanged(stored: StoredState | null | undefined): void {
    if (stored === null) {
      // A session ended in another tab: nothing of its cart stays, not even a sync under way.
      sync.stop();
      store.dispatch(cartReset());
      store.dispatch(subscriptionsCleared());
      return;
    }
    const cart = stored ? restoreCart(stored.slices.cartData) : undefined;
    if (!stored || !cart) {
      if (!warned) {
        warned = true;
        console.warn(UNREADABLE_COPY_WARNING);
      }
      // Stored again over it, so that a reload finds this tab's cart.
      store.dispatch(cartStoredAgain());
      return;
    }
    store.dispatch(cartCopyMerged(cart));
    const subscriptions = mergedSubscriptions(store, stored.slices.subscriptionData);
    if (subscriptions) store.dispatch(subscriptionsReplaced(subscriptions));
  }

  return onStoredStateChanged(storedStateChanged, page);
}
