import {
  ApiError,
  STORAGE_KEYS,
  safeStorage,
  selectIsLoggedIn,
  type KeyValueStorage,
  type RootState,
  createListenerMiddleware,
} from 'shared-store';
import { cartServiceApi, type CartServiceApi } from './cartService';
import {
  cartText,
  loginMerge,
  mergeLines,
  parseSavedCart,
  savedCartText,
  type CartLines,
  type SavedCart,
} from './cartLines';
import { cartCopyMerged, cartReset, cartSynced, selectCart, selectCartLines } from './cartSlice';
import { selectCartSyncStatus, syncStatusChanged, type CartSyncStatus } from './cartSyncSlice';
import { type Dispatch, type TypedStartListening } from '@reduxjs/toolkit';

/** Changes made within this window are saved together. */
export const CART_SAVE_DEBOUNCE_MS = 800;
/** Pauses between tries after the cart service failed; the last one repeats. */
export const RETRY_DELAYS_MS = [2000, 4000, 8000, 16_000, 30_000, 60_000] as const;
/** At logout: the pauses of the short retry before the learner is asked what to do. */
const LOGOUT_RETRY_DELAYS_MS = [400, 1200] as const;

interface SyncStore {
  getState: () => RootState;
  dispatch: Dispatch;
}

export interface CartSyncDeps {
  cartService: CartServiceApi;
  storage: KeyValueStorage;
  /** Whether the browser believes it is online. */
  isOnline: () => boolean;
  /** Runs `run` after `ms` (a background retry); answers a function that cancels it. */
  later: (run: () => void, ms: number) => () => void;
  /** Waits `ms` (the short retry of a logout, which the learner waits for). */
  pause: (ms: number) => Promise<void>;
}

/** How a logout's last save ended. */
export type LogoutFlush = 'saved' | 'nothing' | 'failed';

const EMPTY: CartLines = { lines: [], removed: [] };

/** The cart actions that come from another copy (or end a session): they are not saved again. */
const NOT_LOCAL = new Set<string>([cartSynced.type, cartCopyMerged.type, cartReset.type]);

/** A failure worth trying again: no answer, a timeout, the service down or busy. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function browserDeps(): CartSyncDeps {
  return {
    cartService: cartServiceApi,
    storage: safeStorage,
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
    later: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => {
        clearTimeout(timer);
      };
    },
    pause: (ms) =>
      new Promise((resolve) => {
        setTimeout(resolve, ms);
      }),
  };
}

/**
 * Keeps a logged-in learner's cart and the cart service in step, without ever losing a line.
 *
 * A sync reads the account's cart, merges it with this one line by line (cartLines.ts) and writes
 * the result back only when the account's copy differs. Nothing is written without a read first,
 * so a cart the device could not read is never overwritten. A failed sync is tried again with
 * growing pauses, and at once when the browser comes back online; the cart stays on the device
 * meanwhile. Local changes are saved 800 ms after the last one.
 */
export function createCartSync(deps: CartSyncDeps = browserDeps()) {
  let store: SyncStore | undefined;
  let running: Promise<void> | undefined;
  /** A sync was asked for while one ran. */
  const queued = { again: false };
  let failures = 0;
  let cancelRetry: (() => void) | undefined;
  /** The first successful read after a login merges with the login rule. */
  let loginMergeDue = false;
  /** Moves on when a session ends: what a sync of the ended session read is dropped. */
  let generation = 0;
  /**
   * A logout's save has begun: the session's token is about to be revoked, so no background sync
   * (a change's debounce, a retry) may use it, until the logout fails and the learner stays.
   */
  let loggingOut = false;
  let malformedReported = false;

  const listener = createListenerMiddleware();
  const startListening = listener.startListening as TypedStartListening<RootState>;
  startListening({
    predicate: (action, current, previous) => {
      if (!selectIsLoggedIn(current) || NOT_LOCAL.has(action.type)) return false;
      const now = selectCart(current);
      const before = selectCart(previous);
      return now.cartData !== before.cartData || now.removedLines !== before.removedLines;
    },
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      await api.delay(CART_SAVE_DEBOUNCE_MS);
      await sync();
    },
  });

  function attached(): SyncStore {
    if (!store) throw new Error('The cart sync is not attached to a store.');
    return store;
  }

  function credentials(): { token: string; userId: string } | null {
    const token = deps.storage.getItem(STORAGE_KEYS.token);
    const userId = deps.storage.getItem(STORAGE_KEYS.userId);
    return token && userId ? { token, userId } : null;
  }

  function setStatus(status: CartSyncStatus): void {
    const { dispatch, getState } = attached();
    if (selectCartSyncStatus(getState()) !== status) dispatch(syncStatusChanged(status));
  }

  async function readAccount({ token, userId }: { token: string; userId: string }) {
    const answer = await deps.cartService.load(userId, token);
    const saved = parseSavedCart(isRecord(answer) ? answer.data : undefined);
    if (saved.kind === 'malformed' && !malformedReported) {
      malformedReported = true;
      console.error(`The cart saved in your account could not be read: ${saved.reason}`);
    }
    return saved;
  }

  /** This cart merged with the account's, as the next copy of both. */
  function mergedWith(saved: SavedCart): CartLines {
    const { getState, dispatch } = attached();
    const local = selectCartLines(getState());
    const server = saved.kind === 'cart' ? saved.cart : EMPTY;
    const merged = loginMergeDue
      ? loginMerge(local, server, selectCart(getState()).revision)
      : mergeLines(local, server);
    loginMergeDue = false;
    dispatch(cartSynced(merged));
    return merged;
  }

  /** One read, merge and (when the account's copy differs) write. Throws when the service fails. */
  async function round(who: { token: string; userId: string }): Promise<CartSyncStatus> {
    const mine = generation;
    const saved = await readAccount(who);
    if (mine !== generation) return 'idle';
    if (saved.kind === 'newer') return 'newer';
    const merged = mergedWith(saved);
    if (saved.kind !== 'cart' || cartText(merged) !== cartText(saved.cart)) {
      await deps.cartService.save(who.userId, savedCartText(merged), who.token);
    }
    return 'saved';
  }

  async function attempt(): Promise<void> {
    if (loggingOut) return;
    const who = credentials();
    if (!who || !selectIsLoggedIn(attached().getState())) {
      setStatus('idle');
      return;
    }
    if (!deps.isOnline()) {
      setStatus('offline');
      return;
    }
    cancelRetry?.();
    // A retry keeps saying "retrying" (or "offline") until it succeeds, so the cart page does not
    // announce its notice again at every try.
    const now = selectCartSyncStatus(attached().getState());
    if (now !== 'retrying' && now !== 'offline') setStatus('saving');
    const mine = generation;
    try {
      const status = await round(who);
      failures = 0;
      setStatus(mine === generation ? status : 'idle');
    } catch (error) {
      if (mine !== generation) {
        setStatus('idle');
        return;
      }
      if (!isTransient(error)) {
        console.error('The cart could not be synced with your account:', error);
        setStatus('idle');
        return;
      }
      const pause = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 0;
      failures += 1;
      console.warn(
        `The cart could not be synced with your account; trying again in ${String(pause / 1000)} s:`,
        error,
      );
      setStatus(deps.isOnline() ? 'retrying' : 'offline');
      cancelRetry = deps.later(() => {
        void sync();
      }, pause);
    }
  }

  /** Syncs now; a sync asked for while one runs follows it. Never throws. */
  function sync(): Promise<void> {
    if (running) {
      queued.again = true;
      return running;
    }
    running = (async () => {
      for (let more = true; more; more = queued.again) {
        queued.again = false;
        await attempt();
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** Runs `task`, and again after each pause while it fails for a transient reason. */
  async function withShortRetry<T>(task: () => Promise<T>): Promise<T> {
    for (const pause of LOGOUT_RETRY_DELAYS_MS) {
      try {
        return await task();
      } catch (error) {
        if (!isTransient(error)) throw error;
        await deps.pause(pause);
      }
    }
    return task();
  }

  /** The logout's read, merge and save (or delete), each with the short retry. */
  async function flush(): Promise<LogoutFlush> {
    const who = credentials();
    if (!who) return 'nothing';
    const hasLines = () => selectCart(attached().getState()).cartData.length > 0;
    let saved: SavedCart;
    try {
      saved = await withShortRetry(() => readAccount(who));
    } catch (error) {
      console.warn('The saved cart could not be read at logout:', error);
      return hasLines() ? 'failed' : 'nothing';
    }
    if (saved.kind === 'newer') return hasLines() ? 'failed' : 'nothing';
    const merged = mergedWith(saved);
    try {
      if (merged.lines.length > 0) {
        await withShortRetry(() =>
          deps.cartService.save(who.userId, savedCartText(merged), who.token),
        );
      } else {
        await withShortRetry(() => deps.cartService.remove(who.userId, who.token));
      }
      setStatus('saved');
      return 'saved';
    } catch (error) {
      console.warn('The cart could not be saved at logout:', error);
      return merged.lines.length > 0 ? 'failed' : 'nothing';
    }
  }

  return {
    middleware: listener.middleware,

    attach(target: SyncStore): void {
      store = target;
    },

    /** Syncs when the browser comes back online, and once now for a learner already logged in. */
    start(page: Window): void {
      page.addEventListener('online', () => {
        failures = 0;
        void sync();
      });
      if (selectIsLoggedIn(attached().getState())) void sync();
    },

    sync,

    /** After a login: the account's cart joins this one by the login rule (now or on a retry). */
    afterLogin(): Promise<void> {
      loginMergeDue = true;
      failures = 0;
      return sync();
    },

    /**
     * A logout's save: read the account's cart (a short retry), merge, then save the result, or
     * delete the account's cart when nothing is left. `failed` when the cart has lines that could
     * not be saved; `nothing` when there was nothing to lose (the account's cart is then untouched
     * unless the device knew what it held).
     */
    async flushForLogout(): Promise<LogoutFlush> {
      cancelRetry?.();
      await running;
      loggingOut = true;
      const flushed = await flush();
      // The learner stays logged in: the cart syncs as before.
      if (flushed === 'failed') loggingOut = false;
      return flushed;
    },

    /** The session ended: no more syncs until the next login; one under way is dropped. */
    stop(): void {
      generation += 1;
      cancelRetry?.();
      loginMergeDue = false;
      loggingOut = false;
      failures = 0;
      if (store) setStatus('idle');
    },
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
