import { STORAGE_KEYS, addMiddleware, eventBus, type AppStore } from 'shared-store';
import {
  createSafeStorage,
  makeStore,
  startPersistence,
  userLoggedIn,
  type BusEvent,
} from 'shared-store/testing';
import {
  couponApplied,
  courseDeleted,
  itemAdded,
  itemUpdated,
  packageChosen,
  selectCart,
  type CartState,
} from './cartSlice';
import { createCartSync } from './cartSync';
import { selectCartSyncStatus } from './cartSyncSlice';
import { fakeCartService, fakeSyncDeps, manualTimers } from './fakeCartService';
import {
  packagesFollowLines,
  selectSubscriptionList,
  type SubscriptionEntry,
} from './subscriptionSlice';
import { UNREADABLE_COPY_WARNING, startTabMerge } from './tabMerge';

const STATE_KEY = 'persist:root';
const lineA = { id: 1, slug: 'plab-1', month: '1 Month', quantity: 1, price: 49.99 };
const lineB = { id: 2, slug: 'msra', month: '6 Months', quantity: 1, price: 199 };
/** The silver and gold packages as their cards choose them. */
const silver = {
  product_id: 20,
  slug: 'silver-membership',
  title: 'Silver',
  tier: 'silver' as const,
  month: '3 Months',
  price: 99,
  variation_id: 2003,
};
const gold = { ...silver, product_id: 30, slug: 'gold-membership', tier: 'gold' as const };

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
  options: { subscriptions?: SubscriptionEntry[]; loginData?: boolean } = {},
): string {
  const { subscriptions = [], loginData = false } = options;
  return JSON.stringify({
    cartData: JSON.stringify(cart),
    subscriptionData: JSON.stringify({ subscriptionData: subscriptions }),
    loginData: JSON.stringify({ loginData }),
    _persist: JSON.stringify({ version: 3, rehydrated: true }),
  });
}

/** A store with the cart's rules, as the shell connects them (its sync over a fake service). */
function cartStore(store: AppStore = makeStore()) {
  const storage = createSafeStorage(() => undefined);
  storage.setItem(STORAGE_KEYS.token, 'jwt');
  storage.setItem(STORAGE_KEYS.userId, '3');
  const service = fakeCartService();
  const timers = manualTimers();
  const sync = createCartSync(fakeSyncDeps(storage, service.service, timers));
  sync.attach(store);
  addMiddleware(store, packagesFollowLines, sync.middleware);
  return { store, sync, service, timers };
}

/** Another tab: a store of its own. */
function otherTab(...lines: (typeof lineA)[]) {
  const { store } = cartStore();
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
 * This tab: a store with the cart connected (logged in unless told), the cart's storage listener
 * on the real jsdom window, the notifications shown, and how many times the state changed.
 */
function thisTab(options: { loggedIn?: boolean; store?: AppStore } = {}) {
  const { loggedIn = true } = options;
  const { store, sync, service, timers } = cartStore(options.store);
  if (loggedIn) store.dispatch(userLoggedIn());
  const notices: BusEvent[] = [];
  const subscription = eventBus.all().subscribe((event) => {
    if (event.type === 'notify') notices.push(event);
  });
  const stop = startTabMerge(store, sync, window);
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
    sync,
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
    lines: () => selectCart(store.getState()).cartData.map((l) => [l.id, l.quantity]),
    subscriptions: () => selectSubscriptionList(store.getState()).map((e) => e.id),
    loggedIn: () => store.getState().loginData.loginData,
  };
}

const deliver = (event: StorageEvent) => window.dispatchEvent(event);

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
    deliver(storageEvent(STATE_KEY, stored(selectCart(other.getState()))));
    const cart = selectCart(t.store.getState());
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
    const login = t.store.getState().loginData;
    deliver(
      storageEvent(STATE_KEY, stored(selectCart(otherTab(lineA).getState()), { loginData: true })),
    );
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.store.getState().loginData).toBe(login);
  });

  it('a line removed there is removed here; a line removed here does not come back from there', () => {
    const t = thisTab();
    const other = otherTab(lineA, lineB);
    deliver(storageEvent(STATE_KEY, stored(selectCart(other.getState()))));
    const olderCopy = stored(selectCart(other.getState()));
    other.dispatch(courseDeleted({ id: 2 }));
    deliver(storageEvent(STATE_KEY, stored(selectCart(other.getState()))));
    expect(t.lines()).toEqual([[1, 1]]);

    t.store.dispatch(courseDeleted({ id: 1 }));
    deliver(storageEvent(STATE_KEY, olderCopy));
    expect(t.lines()).toEqual([]);
  });

  it('a copy that brings nothing new changes nothing, so the tabs do not answer each other', () => {
    const t = thisTab();
    const copy = stored(selectCart(otherTab(lineA).getState()), {
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
    t.store.dispatch(packageChosen(silver));
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

  it('removed (a session ended elsewhere) empties this cart, its removals and the subscription list, and stops the sync', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = thisTab();
    t.service.failNext.load = 1;
    await t.sync.sync();
    expect(warned(warn, 'The cart could not be synced')).toHaveLength(1);
    expect(t.timers.pending).toHaveLength(1);
    t.store.dispatch(packageChosen(silver));
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(courseDeleted({ id: 1 }));
    deliver(storageEvent(STATE_KEY, null));
    const cart = selectCart(t.store.getState());
    expect(cart.cartData).toEqual([]);
    expect(cart.removedLines).toEqual([]);
    expect(cart.revision).toBe(0);
    expect(t.subscriptions()).toEqual([]);
    expect(t.timers.pending).toEqual([]);
    expect(selectCartSyncStatus(t.store.getState())).toBe('idle');
    // The token's own event logs the tab out (the session's tab sync); this one does not.
    expect(t.loggedIn()).toBe(true);
  });

  it('localStorage cleared in another tab (key null) empties the cart and the subscription list', () => {
    const t = thisTab();
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(packageChosen(silver));
    deliver(storageEvent(null, null));
    expect(t.lines()).toEqual([]);
    expect(t.subscriptions()).toEqual([]);
  });
});

describe('after a session ended elsewhere', () => {
  it("a late copy of the ended session's cart does not bring it back", () => {
    const t = thisTab();
    // A tab that has not heard of the logout yet.
    const late = otherTab(lineA, lineB);
    deliver(storageEvent(STATE_KEY, stored(selectCart(late.getState()))));
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    deliver(storageEvent(STATE_KEY, null));
    deliver(storageEvent(STATE_KEY, stored(selectCart(late.getState()))));
    expect(t.lines()).toEqual([]);
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
    const cart = () => ({ ...selectCart(t.store.getState()), revision: 0 });
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
    expect(warned(warn, UNREADABLE_COPY_WARNING)).toEqual([[UNREADABLE_COPY_WARNING]]);
    expect(cart()).toEqual(before);
    expect(t.notices).toEqual([]);
    persistor.pause();
  });

  it('hostile lines in a copy are bounded by the cart’s rules', () => {
    const t = thisTab();
    const hostile = {
      ...selectCart(otherTab().getState()),
      cartData: [
        { ...lineA, price: 1e12, quantity: 1e9, rev: 3, at: 3 },
        { ...lineB, id: { toString: 'x' }, rev: 3 },
      ],
    } as unknown as CartState;
    deliver(storageEvent(STATE_KEY, stored(hostile)));
    expect(selectCart(t.store.getState()).cartData).toEqual([
      expect.objectContaining({ id: 1, price: 1_000_000, quantity: 999 }),
    ]);
  });

  it('events of sessionStorage, of other keys, or on a page without storage are ignored', () => {
    const t = thisTab();
    const copy = stored(selectCart(otherTab(lineA).getState()));
    deliver(storageEvent(STATE_KEY, copy, window.sessionStorage));
    deliver(storageEvent(STORAGE_KEYS.token, null));
    deliver(storageEvent('persist:other', copy));
    expect(t.dispatches()).toBe(0);

    const page = new EventTarget();
    Object.defineProperty(page, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    cleanups.push(startTabMerge(t.store, t.sync, page as unknown as Window));
    page.dispatchEvent(storageEvent(STATE_KEY, copy));
    expect(t.dispatches()).toBe(0);
  });
});

describe('the subscription lists', () => {
  it('become every entry of either tab', () => {
    const t = thisTab();
    t.store.dispatch(packageChosen(silver));
    const other = otherTab();
    other.dispatch(packageChosen(gold));
    deliver(
      storageEvent(
        STATE_KEY,
        stored(selectCart(other.getState()), {
          subscriptions: [
            { slug: gold.slug, id: gold.product_id },
            { slug: silver.slug, id: silver.product_id },
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
    expect(selectSubscriptionList(t.store.getState())).toEqual([
      { slug: 'silver-membership', id: 20 },
      { slug: 'gold-membership', id: 30 },
    ]);
  });

  it('a package this tab removed does not come back through the other tab’s list', () => {
    const t = thisTab();
    const other = otherTab();
    other.dispatch(packageChosen(silver));
    const subscriptions = selectSubscriptionList(other.getState());
    deliver(storageEvent(STATE_KEY, stored(selectCart(other.getState()), { subscriptions })));
    expect(t.subscriptions()).toEqual([20]);

    t.store.dispatch(itemUpdated({ id: 20, month: '3 Months', quantity: 1, type: 'decrease' }));
    expect(t.subscriptions()).toEqual([]);
    // The other tab had not seen the removal yet.
    deliver(storageEvent(STATE_KEY, stored(selectCart(other.getState()), { subscriptions })));
    expect(t.lines()).toEqual([]);
    expect(t.subscriptions()).toEqual([]);
  });

  it('a list that is not a list changes nothing', () => {
    const t = thisTab();
    t.store.dispatch(packageChosen(silver));
    const text = JSON.stringify({
      cartData: JSON.stringify(selectCart(otherTab().getState())),
      subscriptionData: JSON.stringify({ subscriptionData: 'gold' }),
      _persist: JSON.stringify({ version: 3 }),
    });
    deliver(storageEvent(STATE_KEY, text));
    expect(t.subscriptions()).toEqual([20]);
  });
});

describe('stopping', () => {
  it('the returned function stops listening', () => {
    const t = thisTab();
    t.stop();
    deliver(storageEvent(STATE_KEY, stored(selectCart(otherTab(lineA).getState()))));
    deliver(storageEvent(STATE_KEY, null));
    expect(t.dispatches()).toBe(0);
  });
});
