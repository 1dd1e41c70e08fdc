import { eventBus, type BusEvent } from '../bus/eventBus';
import { makeStore } from '../store/makeStore';
import { PERSIST_VERSION } from '../store/persist';
import { userLoggedIn } from './loginSlice';
import { joinSession } from './participants';
import { STORAGE_KEYS } from './storage';
import {
  LOGGED_OUT_ELSEWHERE_MESSAGE,
  NEWER_TAB_MESSAGE,
  OLDER_TAB_MESSAGE,
  startTabSync,
} from './tabSync';

const STATE_KEY = 'persist:root';

/** Everything a test started, stopped after it. */
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  window.localStorage.clear();
});

/** What another tab's redux-persist writes under persist:root, at `version` (null: none). */
function stored(version: number | null = PERSIST_VERSION): string {
  return JSON.stringify({
    loginData: JSON.stringify({ loginData: true }),
    ...(version === null ? {} : { _persist: JSON.stringify({ version, rehydrated: true }) }),
  });
}

/** localStorage's event in the other tabs when one tab writes (or removes) a key. */
function storageEvent(
  key: string | null,
  newValue: string | null,
  storageArea: Storage = window.localStorage,
) {
  return new StorageEvent('storage', { key, newValue, oldValue: null, storageArea });
}

/**
 * This tab: a store (logged in unless told) with a team taking part in the session, the tab sync
 * listening on the real jsdom window, the notifications shown, and how many actions ran.
 */
function thisTab(options: { loggedIn?: boolean } = {}) {
  const { loggedIn = true } = options;
  const store = makeStore();
  const ended: boolean[] = [];
  joinSession(store, {
    sessionEnded: ({ keepOnDevice }) => {
      ended.push(keepOnDevice);
    },
  });
  if (loggedIn) store.dispatch(userLoggedIn());
  const notices: BusEvent[] = [];
  const subscription = eventBus.all().subscribe((event) => {
    if (event.type === 'notify') notices.push(event);
  });
  const stop = startTabSync(store, window);
  let dispatches = 0;
  const unsubscribe = store.subscribe(() => {
    dispatches += 1;
  });
  cleanups.push(stop, unsubscribe, () => {
    subscription.unsubscribe();
  });
  return {
    store,
    notices,
    ended,
    stop,
    dispatches: () => dispatches,
    loggedIn: () => store.getState().loginData.loginData,
  };
}

const deliver = (event: StorageEvent) => window.dispatchEvent(event);

describe('the session token', () => {
  it('removed in another tab logs this tab out, says so, and tells the participants, what the learner has kept on this device', () => {
    const t = thisTab();
    deliver(storageEvent(STORAGE_KEYS.token, null));
    expect(t.loggedIn()).toBe(false);
    expect(t.ended).toEqual([true]);
    expect(t.notices).toEqual([
      { type: 'notify', level: 'info', message: LOGGED_OUT_ELSEWHERE_MESSAGE },
    ]);
  });

  it('removed while this tab is logged out changes nothing and says nothing', () => {
    const t = thisTab({ loggedIn: false });
    deliver(storageEvent(STORAGE_KEYS.token, null));
    expect(t.dispatches()).toBe(0);
    expect(t.ended).toEqual([]);
    expect(t.notices).toEqual([]);
  });

  it('set in another tab logs this tab in', () => {
    const t = thisTab({ loggedIn: false });
    deliver(storageEvent(STORAGE_KEYS.token, 'jwt-from-the-other-tab'));
    expect(t.loggedIn()).toBe(true);
    expect(t.notices).toEqual([]);
  });

  it('set while this tab is logged in changes nothing', () => {
    const t = thisTab();
    deliver(storageEvent(STORAGE_KEYS.token, 'a-new-token'));
    expect(t.dispatches()).toBe(0);
    expect(t.loggedIn()).toBe(true);
  });

  it('localStorage cleared in another tab (key null) logs this tab out', () => {
    const t = thisTab();
    deliver(storageEvent(null, null));
    expect(t.loggedIn()).toBe(false);
    expect(t.ended).toEqual([true]);
    expect(t.notices).toEqual([
      { type: 'notify', level: 'info', message: LOGGED_OUT_ELSEWHERE_MESSAGE },
    ]);
  });
});

describe('another build in another tab', () => {
  it.each([
    ['an older', 2, OLDER_TAB_MESSAGE],
    ['an older (no version at all)', null, OLDER_TAB_MESSAGE],
    ['a newer', PERSIST_VERSION + 1, NEWER_TAB_MESSAGE],
  ])('%s build is pointed out once, and nothing of this tab changes', (_name, version, message) => {
    const t = thisTab({ loggedIn: false });
    deliver(storageEvent(STATE_KEY, stored(version)));
    deliver(storageEvent(STATE_KEY, stored(version)));
    expect(t.notices).toEqual([{ type: 'notify', level: 'info', message }]);
    expect(t.dispatches()).toBe(0);
  });

  it('the same build, a state removed or one that cannot be read say nothing', () => {
    const t = thisTab();
    for (const value of [stored(), null, '{not json', '[]']) {
      deliver(storageEvent(STATE_KEY, value));
    }
    expect(t.notices).toEqual([]);
    expect(t.dispatches()).toBe(0);
  });
});

describe('what is not this tab’s business', () => {
  it('events of sessionStorage, of other keys, or on a page without storage are ignored', () => {
    const t = thisTab();
    deliver(storageEvent(STATE_KEY, stored(1), window.sessionStorage));
    deliver(storageEvent(STORAGE_KEYS.token, null, window.sessionStorage));
    deliver(storageEvent(STORAGE_KEYS.userId, null));
    deliver(storageEvent('persist:other', stored(1)));
    expect(t.dispatches()).toBe(0);
    expect(t.notices).toEqual([]);

    const page = new EventTarget();
    Object.defineProperty(page, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    cleanups.push(startTabSync(t.store, page as unknown as Window));
    page.dispatchEvent(storageEvent(STORAGE_KEYS.token, null));
    expect(t.dispatches()).toBe(0);
    expect(t.loggedIn()).toBe(true);
  });

  it('the returned function stops listening', () => {
    const t = thisTab();
    t.stop();
    deliver(storageEvent(STORAGE_KEYS.token, null));
    deliver(storageEvent(STATE_KEY, stored(1)));
    expect(t.dispatches()).toBe(0);
    expect(t.loggedIn()).toBe(true);
    expect(t.notices).toEqual([]);
  });
});
