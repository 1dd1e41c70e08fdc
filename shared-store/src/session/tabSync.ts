import { notify } from '../bus/eventBus';
import type { AppStore } from '../store/makeStore';
import { PERSIST_VERSION } from '../store/persist';
import { onStoredStateChanged } from '../store/storedState';
import { userLoggedIn, userLoggedOut } from './loginSlice';
import { participantsOf } from './participants';
import { STORAGE_KEYS } from './storage';

/** Shown once when another tab runs an older build (it writes state this one must merge). */
export const OLDER_TAB_MESSAGE =
  'The shop is open in another tab with an older version. Reload that tab so both show the same cart.';
/** Shown once when another tab runs a newer build. */
export const NEWER_TAB_MESSAGE =
  'The shop was updated in another tab. Reload this page to keep your cart in step.';
/** Shown when another tab ended the session. */
export const LOGGED_OUT_ELSEWHERE_MESSAGE = 'You were logged out in another tab.';

/**
 * Makes the page's tabs one session, through the `storage` events localStorage sends to the other
 * tabs of the origin: the token removed logs this tab out (what the learner has stays on this
 * device), the token set logs it in; a tab of an older or newer build is pointed out once. What a
 * team keeps in step between tabs (the cart) it listens for itself.
 */
export function startTabSync(store: AppStore, page: Window = window): () => void {
  const told = new Set<string>();
  const once = (message: string) => {
    if (told.has(message)) return;
    told.add(message);
    notify('info', message);
  };

  function tokenChanged(value: string | null): void {
    const loggedIn = store.getState().loginData.loginData;
    if (value === null && loggedIn) {
      for (const participant of participantsOf(store)) {
        participant.sessionEnded?.({ keepOnDevice: true });
      }
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
      tokenChanged(null);
    } else if (event.key === STORAGE_KEYS.token) {
      tokenChanged(event.newValue);
    }
  };
  page.addEventListener('storage', onStorage);
  const stopVersions = onStoredStateChanged((stored) => {
    if (stored && stored.version < PERSIST_VERSION) once(OLDER_TAB_MESSAGE);
    if (stored && stored.version > PERSIST_VERSION) once(NEWER_TAB_MESSAGE);
  }, page);
  return () => {
    page.removeEventListener('storage', onStorage);
    stopVersions();
  };
}
