import type { AuthApi } from '../api/auth';
import type { CartServiceApi } from '../api/cartService';
import { notify, eventBus } from '../bus/eventBus';
import { MESSAGES, SESSION_LIFETIME_MS } from '../constants';
import {
  cartCleared,
  cartRestored,
  type CartItem,
  type CartItemInput,
} from '../features/cart/cartSlice';
import { userLoggedIn, userLoggedOut } from '../features/login/loginSlice';
import { subscriptionsCleared } from '../features/subscription/subscriptionSlice';
import type { AppStore } from '../store/makeStore';
import { postLogoutToApp } from './mobileApp';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

/** Everything the session touches, injectable for tests. */
export interface SessionDeps {
  store: AppStore;
  storage: KeyValueStorage;
  auth: AuthApi;
  cartService: CartServiceApi;
  /** Client-side navigation; `full` asks for a full page load. */
  navigate: (path: string, options?: { full?: boolean }) => void;
  now: () => number;
  isMobileApp: () => boolean;
  win: Window;
}

/** Keys that survive a logout or an expiry besides isAllowed. */
const KEPT_KEYS: readonly string[] = [STORAGE_KEYS.isAllowed];

function clearStorage(storage: KeyValueStorage): void {
  for (const key of storage.keys()) {
    if (!KEPT_KEYS.includes(key)) storage.removeItem(key);
  }
}

/** Parses a server cart's JSON text; anything unusable is an error the caller reports. */
export function parseServerCart(data: string | null): CartItemInput[] {
  if (data === null || data === '') return [];
  const parsed: unknown = JSON.parse(data);
  if (!Array.isArray(parsed)) throw new Error('The saved cart is not a list.');
  return parsed.filter(
    (line): line is CartItemInput =>
      typeof line === 'object' &&
      line !== null &&
      (typeof (line as CartItemInput).id === 'number' ||
        typeof (line as CartItemInput).id === 'string'),
  );
}

/** Local and server carts together: the same id and month keeps the larger quantity. */
export function mergeCarts(local: readonly CartItem[], server: readonly CartItemInput[]) {
  const merged: CartItemInput[] = local.map((line) => ({ ...line }));
  for (const line of server) {
    const same = merged.find((m) => m.id === line.id && (m.month ?? '') === (line.month ?? ''));
    if (!same) merged.push(line);
    else if (Number(line.quantity) > Number(same.quantity)) same.quantity = line.quantity;
  }
  return merged;
}

export function createSession(deps: SessionDeps) {
  const { store, storage } = deps;
  const credentials = () => ({
    token: storage.getItem(STORAGE_KEYS.token),
    userId: storage.getItem(STORAGE_KEYS.userId),
  });

  /** Signs in, keeps the token, then merges the learner's server cart into the local one. */
  async function login(username: string, password: string): Promise<void> {
    const answer = await deps.auth.login(username, password);
    const userId = String(answer.user_id);
    storage.setItem(STORAGE_KEYS.token, answer.token);
    storage.setItem(STORAGE_KEYS.userId, userId);
    storage.setItem(STORAGE_KEYS.loginTimestamp, String(deps.now()));
    store.dispatch(userLoggedIn());
    eventBus.emit({ type: 'session:logged-in', userId });
    try {
      const server = await deps.cartService.load(userId, answer.token);
      const merged = mergeCarts(store.getState().cartData.cartData, parseServerCart(server.data));
      store.dispatch(cartRestored(merged));
    } catch (error) {
      console.error('The saved cart could not be read:', error);
      notify('error', 'Your saved cart could not be loaded; this device’s cart is kept.');
    }
  }

  /**
   * Saves the cart when it has items (else deletes it), revokes the token, clears the session,
   * goes to /login.
   */
  async function logout(): Promise<void> {
    const { token, userId } = credentials();
    const items = store.getState().cartData.cartData;
    if (token && userId) {
      try {
        if (items.length > 0) await deps.cartService.save(userId, items, token);
        else await deps.cartService.remove(userId, token);
      } catch (error) {
        // Logging out must not depend on the cart service being up.
        console.error('The cart could not be saved at logout:', error);
      }
    }
    if (token) await revoke(token);
    endSession();
    notify('success', MESSAGES.logoutSuccess);
    eventBus.emit({ type: 'session:logged-out' });
    deps.navigate('/login');
  }

  /** Revokes the token at the gateway; a failure is only logged, the logout goes on. */
  async function revoke(token: string): Promise<void> {
    try {
      await deps.auth.logout(token);
    } catch (error) {
      console.warn('The token could not be revoked at logout:', error);
    }
  }

  function endSession(): void {
    clearStorage(storage);
    store.dispatch(userLoggedOut());
    store.dispatch(cartCleared());
    store.dispatch(subscriptionsCleared());
  }

  /** Ends a session of 24 h or more; answers whether it expired. */
  function checkExpiry(): boolean {
    const { token } = credentials();
    const since = Number(storage.getItem(STORAGE_KEYS.loginTimestamp));
    if (!token || !Number.isFinite(since) || since <= 0) return false;
    if (deps.now() - since < SESSION_LIFETIME_MS) return false;
    postLogoutToApp(deps.win);
    clearStorage(storage);
    store.dispatch(userLoggedOut());
    notify('error', MESSAGES.sessionExpired);
    eventBus.emit({ type: 'session:expired' });
    deps.navigate('/login', { full: deps.isMobileApp() });
    return true;
  }

  return { login, logout, checkExpiry, credentials };
}

export type Session = ReturnType<typeof createSession>;
