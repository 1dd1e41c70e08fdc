import { ApiError } from '../api/client';
import { eventBus, type BusEvent } from '../bus/eventBus';
import {
  couponApplied,
  courseDeleted,
  itemAdded,
  itemUpdated,
  type CartState,
} from '../features/cart/cartSlice';
import { createCartSync } from '../features/cart/cartSync';
import { userLoggedIn } from '../features/login/loginSlice';
import {
  subscriptionAdded,
  type SubscriptionEntry,
} from '../features/subscription/subscriptionSlice';
import { makeStore, startPersistence, type AppStore } from '../store/makeStore';
import { PERSIST_VERSION } from '../store/persist';
import { fakeCartService, fakeSyncDeps, manualTimers } from '../testing/fakeCartService';
import { createSafeStorage, STORAGE_KEYS } from './storage';
import {
  LOGGED_OUT_ELSEWHERE_MESSAGE,
  NEWER_TAB_MESSAGE,
  OLDER_TAB_MESSAGE,
  startTabSync,
} from './tabSync';

const STATE_KEY = 'persist:root';
const lineA = { id: 1, slug: 'plab-1', month: '1 Month', quantity: 1, price: 49.99 };
const lineB = { id: 2, slug: 'msra', month: '6 Months', quantity: 1, price: 199 };
const silver = { id: 20, slug: 'subscription', month: '3 Months', quantity: 1, price: 99 };
const gold = { id: 30, slug: 'subscription', month: '6 Months', quantity: 1, price: 199 };

/** Everything a test started, stopped after it. */
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  jest.restoreAllMocks();
  window.localStorage.clear();
});

/** What another tab's redux-persist writes under persist:root: each slice as JSON text. */
function stored(
  cart: CartState,
  options: {
    subscriptions?: SubscriptionEntry[];
    /** `_persist.version`; null leaves `_persist` out. */
    version?: number | null;
    loginData?: boolean;
  } = {},
): string {
  const { subscriptions = [], version = PERSIST_VERSION, loginData = false } = options;
  return JSON.stringify({
    cartData: JSON.stringify(cart),
    subscriptionData: JSON.stringify({ subscriptionData: subscriptions }),
    loginData: JSON.stringify({ loginData }),
    homePageData: JSON.stringify({ items: [{ id: 'from-the-other-tab' }] }),
    ...(version === null ? {} : { _persist: JSON.stringify({ version, rehydrated: true }) }),
  });
}

/** Another tab: a store of its own. */
function otherTab(...lines: (typeof lineA)[]) {
  const store = makeStore();
  for (const line of lines) store.dispatch(itemAdded(line));
  return store;
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
 * This tab: a store (logged in unless told), its cart sync over a fake service, the tab sync
 * listening on the real jsdom window, the notifications shown, and how many times the state
 * changed.
 */
function thisTab(options: { loggedIn?: boolean; store?: AppStore } = {}) {
  const { loggedIn = true, store = makeStore() } = options;
  const storage = createSafeStorage(() => undefined);
  storage.setItem(STORAGE_KEYS.token, 'jwt');
  storage.setItem(STORAGE_KEYS.userId, '3');
  const service = fakeCartService();
  const timers = manualTimers();
  const cartSync = createCartSync(fakeSyncDeps(storage, service.service, timers));
  cartSync.attach(store);
  if (loggedIn) store.dispatch(userLoggedIn());
  const notices: BusEvent[] = [];
  const subscription = eventBus.all().subscribe((event) => {
    if (event.type === 'notify') notices.push(event);
  });
  const stop = startTabSync(store, cartSync, window);
  let changes = 0;
  let dispatches = 0;
  let last = store.getState();
  const unsubscribe = store.subscribe(() => {
    dispatches += 1;
    if (store.getState() !== last) changes += 1;
    last = store.getState();
  });
  cleanups.push(stop, unsubscribe, () => {
    subscription.unsubscribe();
  });
  return {
    store,
    cartSync,
    service,
    timers,
    notices,
    stop,
    /** How many times the state changed since the tab was set up (or since `reset`). */
    changes: () => changes,
    dispatches: () => dispatches,
    reset: () => {
      changes = 0;
      dispatches = 0;
    },
    lines: () => store.getState().cartData.cartData.map((l) => [l.id, l.quantity]),
    subscriptions: () => store.getState().subscriptionData.subscriptionData.map((e) => e.id),
    loggedIn: () => store.getState().loginData.loginData,
  };
}

const deliver = (event: StorageEvent) => window.dispatchEvent(event);

const GARBAGE = 'Another tab stored a cart that cannot be read; this tab keeps its own.';

/**
 * The calls of a console spy whose message starts with `start`. Only these are counted: on a busy
 * machine the store's own development checks may warn that they were slow.
 */
const warned = (spy: { mock: { calls: unknown[][] } }, start: string) =>
  spy.mock.calls.filter(([message]) => typeof message === 'string' && message.startsWith(start));

describe("another tab's stored cart", () => {
  it('is merged line by line into this one', () => {
    const t = thisTab();
    t.store.dispatch(itemAdded(lineA));
    const other = otherTab(lineB, { ...lineA, quantity: 2 });
    other.dispatch(couponApplied({ amount: 10, couponName: 'WELCOME10' }));
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData)));
    const cart = t.store.getState().cartData;
    // The other tab changed line 1 later (stamp 2): its quantity wins, and its place.
    expect(t.lines()).toEqual([
      [2, 1],
      [1, 2],
    ]);
    // The coupon was the later change to the other fields.
    expect(cart.couponName).toBe('WELCOME10');
    expect(cart.totalQuantity).toBe(3);
    expect(cart.totalAmount).toBe(288.98);
  });

  it('only the cart and the subscription list are read from it', () => {
    const t = thisTab({ loggedIn: false });
    const home = t.store.getState().homePageData;
    deliver(
      storageEvent(STATE_KEY, stored(otherTab(lineA).getState().cartData, { loginData: true })),
    );
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.loggedIn()).toBe(false);
    expect(t.store.getState().homePageData).toBe(home);
  });

  it('a line removed there is removed here; a line removed here does not come back from there', () => {
    const t = thisTab();
    const other = otherTab(lineA, lineB);
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData)));
    const olderCopy = stored(other.getState().cartData);
    other.dispatch(courseDeleted({ id: 2 }));
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData)));
    expect(t.lines()).toEqual([[1, 1]]);

    t.store.dispatch(courseDeleted({ id: 1 }));
    deliver(storageEvent(STATE_KEY, olderCopy));
    expect(t.lines()).toEqual([]);
  });

  it('a copy that brings nothing new changes nothing, so the tabs do not answer each other', () => {
    const t = thisTab();
    const copy = stored(otherTab(lineA).getState().cartData, {
      subscriptions: [{ slug: 'plab-1', id: 1 }],
    });
    deliver(storageEvent(STATE_KEY, copy));
    expect(t.changes()).toBeGreaterThan(0);
    const state = t.store.getState();
    t.reset();
    deliver(storageEvent(STATE_KEY, copy));
    deliver(storageEvent(STATE_KEY, copy));
    expect(t.changes()).toBe(0);
    expect(t.store.getState()).toBe(state);
    expect(t.notices).toEqual([]);
  });

  it('a tab seeing its own state echoed does not change', async () => {
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    const t = thisTab({ store });
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(itemAdded(silver));
    t.store.dispatch(subscriptionAdded({ slug: silver.slug, id: silver.id }));
    t.store.dispatch(courseDeleted({ id: 1 }));
    t.store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    await persistor.flush();
    const own = window.localStorage.getItem(STATE_KEY);
    expect(own).toContain('WELCOME5');
    const state = t.store.getState();
    t.reset();
    deliver(storageEvent(STATE_KEY, own));
    expect(t.changes()).toBe(0);
    expect(t.store.getState()).toBe(state);
    persistor.pause();
  });

  it('removed (a logout elsewhere) empties this cart, its removals and the subscription list, and stops the sync', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = thisTab();
    t.service.failNext.load = 1;
    await t.cartSync.sync();
    expect(warned(warn, 'The cart could not be synced')).toHaveLength(1);
    expect(t.timers.pending).toHaveLength(1);
    t.store.dispatch(itemAdded(silver));
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(courseDeleted({ id: 1 }));
    t.store.dispatch(subscriptionAdded({ slug: silver.slug, id: silver.id }));
    deliver(storageEvent(STATE_KEY, null));
    const cart = t.store.getState().cartData;
    expect(cart.cartData).toEqual([]);
    expect(cart.removedLines).toEqual([]);
    expect(cart.revision).toBe(0);
    expect(t.subscriptions()).toEqual([]);
    expect(t.timers.pending).toEqual([]);
    expect(t.store.getState().cartSync.status).toBe('idle');
    // The token's own event logs the tab out; this one does not.
    expect(t.loggedIn()).toBe(true);
  });
});

describe('after a logout elsewhere', () => {
  it("a late copy of the ended session's cart does not bring it back", () => {
    const t = thisTab();
    // A tab that has not heard of the logout yet.
    const late = otherTab(lineA, lineB);
    deliver(storageEvent(STATE_KEY, stored(late.getState().cartData)));
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    deliver(storageEvent(STATE_KEY, null));
    deliver(storageEvent(STATE_KEY, stored(late.getState().cartData)));
    expect(t.lines()).toEqual([]);
  });
});

describe('the session token', () => {
  it('removed in another tab logs this tab out, says so, and stops its cart sync', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = thisTab();
    t.store.dispatch(itemAdded(lineA));
    t.service.failNext.load = 1;
    await t.cartSync.sync();
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be synced with your account; trying again in 2 s:',
      expect.any(ApiError),
    );
    expect(t.timers.pending).toHaveLength(1);

    deliver(storageEvent(STORAGE_KEYS.token, null));
    expect(t.loggedIn()).toBe(false);
    expect(t.notices).toEqual([
      { type: 'notify', level: 'info', message: LOGGED_OUT_ELSEWHERE_MESSAGE },
    ]);
    expect(t.timers.pending).toEqual([]);
    expect(t.store.getState().cartSync.status).toBe('idle');
  });

  it('removed while this tab is logged out changes nothing and says nothing', () => {
    const t = thisTab({ loggedIn: false });
    deliver(storageEvent(STORAGE_KEYS.token, null));
    expect(t.changes()).toBe(0);
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

  it('localStorage cleared in another tab (key null) empties the cart and logs this tab out', () => {
    const t = thisTab();
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(subscriptionAdded({ slug: 'plab-1', id: 1 }));
    deliver(storageEvent(null, null));
    expect(t.lines()).toEqual([]);
    expect(t.subscriptions()).toEqual([]);
    expect(t.loggedIn()).toBe(false);
    expect(t.notices).toEqual([
      { type: 'notify', level: 'info', message: LOGGED_OUT_ELSEWHERE_MESSAGE },
    ]);
  });
});

describe('what cannot be read', () => {
  it('garbage is logged once; this tab keeps its own cart and stores it over the garbage', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    const t = thisTab({ store });
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    await persistor.flush();
    // Everything but the clock, which moves on each time the cart is stored again.
    const cart = () => ({ ...t.store.getState().cartData, revision: 0 });
    const before = cart();
    for (const garbage of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ cartData: '{broken' }),
      JSON.stringify({ cartData: JSON.stringify([lineB]) }),
      JSON.stringify({ cartData: { cartData: [lineB] } }),
      JSON.stringify({ subscriptionData: '{"subscriptionData":[]}' }),
    ]) {
      // What the other tab wrote is what a reload would find…
      window.localStorage.setItem(STATE_KEY, garbage);
      deliver(storageEvent(STATE_KEY, garbage));
      await persistor.flush();
      // …until this tab stores its own cart over it.
      const text = window.localStorage.getItem(STATE_KEY) ?? '{}';
      const again = JSON.parse(text) as { cartData?: string };
      expect(JSON.parse(again.cartData ?? '{}')).toMatchObject({
        cartData: [expect.objectContaining({ id: 1, quantity: 1 })],
        couponName: 'WELCOME5',
      });
    }
    expect(warned(warn, GARBAGE)).toEqual([[GARBAGE]]);
    expect(cart()).toEqual(before);
    expect(t.notices).toEqual([]);
    persistor.pause();
  });

  it('hostile lines in a copy are bounded by the cart’s rules', () => {
    const t = thisTab();
    const hostile = {
      ...otherTab().getState().cartData,
      cartData: [
        { ...lineA, price: 1e12, quantity: 1e9, rev: 3, at: 3 },
        { ...lineB, id: { toString: 'x' }, rev: 3 },
      ],
    } as unknown as CartState;
    deliver(storageEvent(STATE_KEY, stored(hostile)));
    expect(t.store.getState().cartData.cartData).toEqual([
      expect.objectContaining({ id: 1, price: 1_000_000, quantity: 999 }),
    ]);
  });

  it('events of sessionStorage, of other keys, or on a page without storage are ignored', () => {
    const t = thisTab();
    const copy = stored(otherTab(lineA).getState().cartData);
    deliver(storageEvent(STATE_KEY, copy, window.sessionStorage));
    deliver(storageEvent(STORAGE_KEYS.token, null, window.sessionStorage));
    deliver(storageEvent(STORAGE_KEYS.userId, null));
    deliver(storageEvent('persist:other', copy));
    expect(t.dispatches()).toBe(0);

    const page = new EventTarget();
    Object.defineProperty(page, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    cleanups.push(startTabSync(t.store, t.cartSync, page as unknown as Window));
    page.dispatchEvent(storageEvent(STORAGE_KEYS.token, null));
    expect(t.dispatches()).toBe(0);
    expect(t.loggedIn()).toBe(true);
  });
});

describe('another build in another tab', () => {
  it.each([
    ['an older', 1, OLDER_TAB_MESSAGE],
    ['an older (no version at all)', null, OLDER_TAB_MESSAGE],
    ['a newer', PERSIST_VERSION + 1, NEWER_TAB_MESSAGE],
  ])('%s build is pointed out once, and its cart still merged', (_name, version, message) => {
    const t = thisTab();
    const other = otherTab(lineA);
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData, { version })));
    other.dispatch(itemAdded(lineB));
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData, { version })));
    expect(t.notices).toEqual([{ type: 'notify', level: 'info', message }]);
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('the same build says nothing', () => {
    const t = thisTab();
    deliver(storageEvent(STATE_KEY, stored(otherTab(lineA).getState().cartData)));
    expect(t.notices).toEqual([]);
  });
});

describe('the subscription lists', () => {
  it('become every entry of either tab', () => {
    const t = thisTab();
    t.store.dispatch(itemAdded(silver));
    t.store.dispatch(subscriptionAdded({ slug: silver.slug, id: silver.id }));
    const other = otherTab(gold);
    deliver(
      storageEvent(
        STATE_KEY,
        stored(other.getState().cartData, {
          subscriptions: [
            { slug: gold.slug, id: gold.id },
            { slug: silver.slug, id: silver.id },
            // Not entries: ignored.
            { slug: 5, id: 1 } as unknown as SubscriptionEntry,
            'junk' as unknown as SubscriptionEntry,
          ],
        }),
      ),
    );
    expect(t.lines()).toEqual([
      [20, 1],
      [30, 1],
    ]);
    expect(t.store.getState().subscriptionData.subscriptionData).toEqual([
      { slug: 'subscription', id: 20 },
      { slug: 'subscription', id: 30 },
    ]);
  });

  it('a package this tab removed does not come back through the other tab’s list', () => {
    const t = thisTab();
    const other = otherTab(silver);
    other.dispatch(subscriptionAdded({ slug: silver.slug, id: silver.id }));
    const subscriptions = other.getState().subscriptionData.subscriptionData;
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData, { subscriptions })));
    expect(t.subscriptions()).toEqual([20]);

    t.store.dispatch(itemUpdated({ ...silver, type: 'decrease' }));
    expect(t.subscriptions()).toEqual([]);
    // The other tab had not seen the removal yet.
    deliver(storageEvent(STATE_KEY, stored(other.getState().cartData, { subscriptions })));
    expect(t.lines()).toEqual([]);
    expect(t.subscriptions()).toEqual([]);
  });

  it('a list that is not a list changes nothing', () => {
    const t = thisTab();
    t.store.dispatch(subscriptionAdded({ slug: 'gold', id: 2 }));
    const text = JSON.stringify({
      cartData: JSON.stringify(otherTab().getState().cartData),
      subscriptionData: JSON.stringify({ subscriptionData: 'gold' }),
      _persist: JSON.stringify({ version: PERSIST_VERSION }),
    });
    deliver(storageEvent(STATE_KEY, text));
    expect(t.subscriptions()).toEqual([2]);
  });
});

describe('stopping', () => {
  it('the returned function stops listening', () => {
    const t = thisTab();
    t.stop();
    deliver(storageEvent(STORAGE_KEYS.token, null));
    deliver(storageEvent(STATE_KEY, stored(otherTab(lineA).getState().cartData)));
    expect(t.dispatches()).toBe(0);
    expect(t.loggedIn()).toBe(true);
    expect(t.notices).toEqual([]);
  });
});
