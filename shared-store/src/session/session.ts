import type { AuthApi } from '../api/auth';
import { notify } from '../bus/eventBus';
import { MESSAGES, SESSION_LIFETIME_MS } from '../constants';
import type { AppStore } from '../store/makeStore';
import { STORED_STATE_KEY } from '../store/persist';
import { userLoggedIn, userLoggedOut } from './loginSlice';
import { postLogoutToApp } from './mobileApp';
import { participantsOf } from './participants';
import { logoutStatusChanged } from './sessionStatusSlice';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

/** Everything the session touches, injectable for tests. */
export interface SessionDeps {
  store: AppStore;
  storage: KeyValueStorage;
  auth: AuthApi;
  /** Client-side navigation; `full` asks for a full page load. */
  navigate: (path: string, options?: { full?: boolean }) => void;
  now: () => number;
  isMobileApp: () => boolean;
  win: Window;
}

/**
 * Clears the storage but isAllowed (and the stored state with the cart, when it is to be kept).
 */
function clearStorage(storage: KeyValueStorage, keepCart = false): void {
  for (const key of storage.keys()) {
    if (key === STORAGE_KEYS.isAllowed || (keepCart && key === STORED_STATE_KEY)) continue;
    storage.removeItem(key);
  }
}

/**
 * The login page's query after a session expired in the company's app: the page is a full page
 * load, which no message outlives, so the login page says it itself.
 */
export const SESSION_EXPIRED_QUERY = 'session=expired';

/** Shown once "Log out of all devices" has ended every session of the learner. */
export const LOGGED_OUT_EVERYWHERE_MESSAGE = 'You are logged out on all your devices.';
/** Shown when the sessions on the other devices could not be ended: the learner stays in. */
export const LOGOUT_EVERYWHERE_FAILED_MESSAGE =
  'We could not log you out of your other devices. Please try again.';

export interface LogoutOptions {
  /**
   * Log out although what the learner has on this device (the cart) could not be saved to the
   * account: it stays on this device and joins the account at the next login.
   */
  keepCartOnDevice?: boolean;
}

export function createSession(deps: SessionDeps) {
  const { store, storage } = deps;
  const participants = participantsOf(store);
  const credentials = () => ({
    token: storage.getItem(STORAGE_KEYS.token),
    userId: storage.getItem(STORAGE_KEYS.userId),
  });

  /**
   * Signs in, keeps the token, then lets every participant take the learner in (the cart merges
   * the learner's saved cart into this one).
   */
  async function login(username: string, password: string): Promise<void> {
    const answer = await deps.auth.login(username, password);
    const userId = String(answer.user_id);
    storage.setItem(STORAGE_KEYS.token, answer.token);
    storage.setItem(STORAGE_KEYS.userId, userId);
    storage.setItem(STORAGE_KEYS.loginTimestamp, String(deps.now()));
    store.dispatch(userLoggedIn());
    await Promise.all(
      participants.flatMap((participant) => (participant.loggedIn ? [participant.loggedIn()] : [])),
    );
  }

  /** Whether every participant saved what it must before the session ends. */
  async function saveBeforeLogout(): Promise<boolean> {
    const saved = await Promise.all(
      participants.flatMap((participant) =>
        participant.beforeLogout ? [participant.beforeLogout()] : [],
      ),
    );
    return saved.every((outcome) => outcome === 'saved');
  }

  /**
   * Saves what the participants keep in the account (the cart), revokes the token, clears the
   * session, goes to /login. When something cannot be saved, the learner stays logged in and is
   * asked (logout status `failed`): try again, or log out keeping the cart on this device.
   * Answers whether the learner is logged out.
   */
  async function logout(options: LogoutOptions = {}): Promise<boolean> {
    if (store.getState().sessionStatus.logout === 'saving') return false;
    const { token, userId } = credentials();
    if (token && userId && !options.keepCartOnDevice) {
      store.dispatch(logoutStatusChanged('saving'));
      if (!(await saveBeforeLogout())) {
        store.dispatch(logoutStatusChanged('failed'));
        return false;
      }
    }
    // The session ends here before the token is revoked: no request of this page carries a token
    // that is on its way out (the gateway's revocation takes up to a second to be sure).
    loggedOut(options.keepCartOnDevice === true, MESSAGES.logoutSuccess);
    if (token) await revoke(token);
    return true;
  }

  /**
   * "Log out of all devices": ends every session of the learner at the gateway (this one too),
   * then logs out here as a logout does. The cart is saved first, while the token still works;
   * one that cannot be saved stays on this device and joins the account's cart at the next
   * login, for ending the other sessions comes first. When they could not be ended, the learner
   * stays logged in and is told. Answers whether the learner is logged out.
   */
  async function logoutEverywhere(): Promise<boolean> {
    const { token, userId } = credentials();
    if (!token) return logout();
    if (store.getState().sessionStatus.logout === 'saving') return false;
    let keepCart = false;
    if (userId) {
      store.dispatch(logoutStatusChanged('saving'));
      keepCart = !(await saveBeforeLogout());
    }
    try {
      await deps.auth.logoutEverywhere(token);
    } catch (error) {
      console.warn('The sessions on the other devices could not be ended:', error);
      store.dispatch(logoutStatusChanged('idle'));
      notify('error', LOGOUT_EVERYWHERE_FAILED_MESSAGE);
      return false;
    }
    loggedOut(keepCart, LOGGED_OUT_EVERYWHERE_MESSAGE);
    return true;
  }

  /** The end of a logout: the session cleared, the learner told, on the login page. */
  function loggedOut(keepCart: boolean, message: string): void {
    endSession(keepCart);
    store.dispatch(logoutStatusChanged('idle'));
    notify('success', message);
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

  function endSession(keepCart: boolean): void {
    for (const participant of participants) participant.sessionEnded?.({ keepOnDevice: keepCart });
    clearStorage(storage, keepCart);
    store.dispatch(userLoggedOut());
  }

  let expiring: Promise<boolean> | undefined;

  /**
   * Ends a session of 24 h or more as a logout does: what the participants keep in the account
   * (the cart) saved while the token still works, the token revoked, the storage cleared but
   * isAllowed, the learner told and sent to /login. What could not be saved stays on this device
   * (it joins the account at the next login). Answers, once that is done, whether it expired; a
   * check while it is under way answers the same, and does it once.
   */
  function checkExpiry(): Promise<boolean> {
    if (expiring) return expiring;
    const { token, userId } = credentials();
    const since = Number(storage.getItem(STORAGE_KEYS.loginTimestamp));
    if (!token || !Number.isFinite(since) || since <= 0) return Promise.resolve(false);
    if (deps.now() - since < SESSION_LIFETIME_MS) return Promise.resolve(false);
    expiring = expire(token, userId).finally(() => {
      expiring = undefined;
    });
    return expiring;
  }

  async function expire(token: string, userId: string | null): Promise<boolean> {
    postLogoutToApp(deps.win);
    const saved = userId ? await saveBeforeLogout() : true;
    endSession(!saved);
    await revoke(token);
    const inApp = deps.isMobileApp();
    if (!inApp) notify('error', MESSAGES.sessionExpired);
    deps.navigate(inApp ? `/login?${SESSION_EXPIRED_QUERY}` : '/login', { full: inApp });
    return true;
  }

  /** Stays logged in after a logout whose cart could not be saved. */
  function cancelLogout(): void {
    store.dispatch(logoutStatusChanged('idle'));
  }

  return { login, logout, logoutEverywhere, cancelLogout, checkExpiry, credentials };
}

export type Session = ReturnType<typeof createSession>;
