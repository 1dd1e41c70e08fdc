import { ApiError, STORAGE_KEYS, addMiddleware } from 'shared-store';
import { createSafeStorage, makeStore, userLoggedIn } from 'shared-store/testing';
import { parseSavedCart, savedCartText } from './cartLines';
import { connectCart } from './cartModel';
import { cartServiceApi } from './cartService';
import {
  cartCopyMerged,
  cartReset,
  cartSynced,
  itemAdded,
  itemUpdated,
  selectCart,
  selectCartLines,
  type CartItemInput,
} from './cartSlice';
import { CART_SAVE_DEBOUNCE_MS, RETRY_DELAYS_MS, createCartSync, type CartSync } from './cartSync';
import { selectCartSyncStatus } from './cartSyncSlice';
import { fakeCartService, fakeSyncDeps, manualTimers } from './fakeCartService';

const lineA = { id: 1, slug: 'plab-1', month: '1 Month', quantity: 1, price: 49.99 };
const lineB = { id: 2, slug: 'msra', month: '6 Months', quantity: 1, price: 199 };

/** What a failed sync warns, followed by when it tries again. */
const SYNC_FAILED = 'The cart could not be synced with your account;';

/**
 * The warnings of failed syncs. Only these are counted: on a busy machine the store's own
 * development checks may warn that they were slow.
 */
const syncWarnings = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.filter(
    ([message]) => typeof message === 'string' && message.startsWith(SYNC_FAILED),
  );

const networkDown = () => new ApiError('The server could not be reached.', 0, 'network_error');

/** The account's lines as [id, quantity], or what else it holds. */
function accountLines(data: string | null) {
  const saved = parseSavedCart(data);
  return saved.kind === 'cart' ? saved.cart.lines.map((l) => [l.id, l.quantity]) : saved.kind;
}

interface Setup {
  /** What the account holds at the start. */
  account?: string | null;
  online?: boolean;
  loggedIn?: boolean;
  /** Whether the session's storage holds a token and a user id. */
  credentials?: boolean;
  /** Lines in the cart before the learner logs in (so no save is scheduled for them). */
  lines?: CartItemInput[];
}

/**
 * A store with the cart sync's middleware (the debounce) over a fake cart service, background
 * retries held by manual timers, and a network that is up unless told.
 */
function setup(options: Setup = {}) {
  const {
    account = null,
    online = true,
    loggedIn = true,
    credentials = true,
    lines = [],
  } = options;
  const storage = createSafeStorage(() => undefined);
  if (credentials) {
    storage.setItem(STORAGE_KEYS.token, 'jwt');
    storage.setItem(STORAGE_KEYS.userId, '3');
  }
  const service = fakeCartService(account);
  const timers = manualTimers();
  const network = { value: online };
  const cartSync = createCartSync(fakeSyncDeps(storage, service.service, timers, network));
  const store = makeStore();
  addMiddleware(store, cartSync.middleware);
  cartSync.attach(store);
  for (const line of lines) store.dispatch(itemAdded(line));
  if (loggedIn) store.dispatch(userLoggedIn());
  return {
    store,
    cartSync,
    service,
    timers,
    network,
    status: () => selectCartSyncStatus(store.getState()),
    lines: () => selectCart(store.getState()).cartData.map((l) => [l.id, l.quantity]),
    account: () => accountLines(service.account.data),
    /** The pauses of the background retries waiting to run. */
    pauses: () => timers.pending.map((entry) => entry.ms),
  };
}

/** Lets everything the fake service answered run to its end (no time passes). */
const settle = () => jest.advanceTimersByTimeAsync(0);

/** Runs the background retries that are due and lets them end. */
async function runRetries(t: { timers: ReturnType<typeof manualTimers> }) {
  t.timers.runDue();
  await settle();
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('saving local changes', () => {
  it(`changes made within ${String(CART_SAVE_DEBOUNCE_MS)} ms of each other are saved once, after the last`, async () => {
    const t = setup();
    t.store.dispatch(itemAdded(lineA));
    await jest.advanceTimersByTimeAsync(500);
    t.store.dispatch(itemAdded(lineB));
    await jest.advanceTimersByTimeAsync(500);
    t.store.dispatch(itemUpdated({ ...lineB, quantity: 2 }));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS - 1);
    expect(t.service.calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(t.service.calls).toEqual(['load', 'save']);
    expect(t.account()).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(t.status()).toBe('saved');
  });

  it('lines merged in from another copy (another tab, the account) are not saved again', async () => {
    const t = setup();
    const otherTab = makeStore();
    otherTab.dispatch(itemAdded(lineB));
    t.store.dispatch(cartCopyMerged(selectCart(otherTab.getState())));
    const merged = selectCartLines(t.store.getState());
    t.store.dispatch(
      cartSynced({ lines: [...merged.lines, { ...lineA, rev: 9, at: 9 }], removed: [] }),
    );
    expect(t.lines()).toEqual([
      [2, 1],
      [1, 1],
    ]);
    await jest.advanceTimersByTimeAsync(10 * CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual([]);
  });

  it('the end of a session (the cart reset) is not saved: the account keeps its cart', async () => {
    const t = setup({ account: JSON.stringify([lineA]), lines: [lineA] });
    t.store.dispatch(cartReset());
    await jest.advanceTimersByTimeAsync(10 * CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual([]);
    expect(t.account()).toEqual([[1, 1]]);
  });

  it("a visitor's changes are not sent anywhere", async () => {
    const t = setup({ loggedIn: false });
    t.store.dispatch(itemAdded(lineA));
    await jest.advanceTimersByTimeAsync(10 * CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual([]);
    await t.cartSync.sync();
    expect(t.service.calls).toEqual([]);
    expect(t.status()).toBe('idle');
  });

  it('without a token and user id nothing is sent', async () => {
    const t = setup({ credentials: false, lines: [lineA] });
    await t.cartSync.sync();
    expect(t.service.calls).toEqual([]);
    expect(t.status()).toBe('idle');
  });

  it('nothing is written when the account already holds the merged cart', async () => {
    const t = setup({ lines: [lineA, lineB] });
    await t.cartSync.sync();
    expect(t.service.calls).toEqual(['load', 'save']);
    await t.cartSync.sync();
    expect(t.service.calls).toEqual(['load', 'save', 'load']);
    expect(t.status()).toBe('saved');

    const same = setup({ lines: [lineA] });
    same.service.account.data = savedCartText(selectCartLines(same.store.getState()));
    await same.cartSync.sync();
    expect(same.service.calls).toEqual(['load']);
  });

  it("the account's lines join this cart, and the merge is written back", async () => {
    const t = setup({ account: JSON.stringify([{ ...lineB, rev: 1, at: 1 }]), lines: [lineA] });
    await t.cartSync.sync();
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(t.account()).toEqual(t.lines());
  });

  it('a sync asked for while one runs follows it, once', async () => {
    const t = setup({ lines: [lineA] });
    const first = t.cartSync.sync();
    const second = t.cartSync.sync();
    const third = t.cartSync.sync();
    expect(second).toBe(first);
    expect(third).toBe(first);
    await first;
    expect(t.service.calls).toEqual(['load', 'save', 'load']);
  });
});

describe('failures and retries', () => {
  it('a failed sync is retried after 2 s, then 4 s; a success starts the pauses over', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.save = 2;
    await t.cartSync.sync();
    expect(t.status()).toBe('retrying');
    expect(t.pauses()).toEqual([2000]);
    expect(syncWarnings(warn).at(-1)).toEqual([
      'The cart could not be synced with your account; trying again in 2 s:',
      expect.any(ApiError),
    ]);
    await runRetries(t);
    expect(t.status()).toBe('retrying');
    expect(t.pauses()).toEqual([4000]);
    expect(syncWarnings(warn).at(-1)).toEqual([
      'The cart could not be synced with your account; trying again in 4 s:',
      expect.any(ApiError),
    ]);
    await runRetries(t);
    expect(t.status()).toBe('saved');
    expect(t.pauses()).toEqual([]);
    expect(t.account()).toEqual([[1, 1]]);

    t.service.failNext.load = 1;
    await t.cartSync.sync();
    expect(t.pauses()).toEqual([2000]);
    expect(syncWarnings(warn)).toHaveLength(3);
  });

  it('the pauses grow up to a minute, which then repeats', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.load = RETRY_DELAYS_MS.length + 1;
    const seen: number[] = [];
    await t.cartSync.sync();
    for (let i = 0; i <= RETRY_DELAYS_MS.length; i += 1) {
      seen.push(...t.pauses());
      await runRetries(t);
    }
    expect(seen).toEqual([...RETRY_DELAYS_MS, 60_000]);
    expect(t.status()).toBe('saved');
    expect(syncWarnings(warn)).toHaveLength(RETRY_DELAYS_MS.length + 1);
  });

  it.each([
    ['no answer', networkDown()],
    ['a timeout', new ApiError('Timed out', 408, 'timeout')],
    ['too many requests', new ApiError('Slow down', 429, 'rate_limited')],
    ['the service down', new ApiError('Bad gateway', 502, 'upstream')],
    ['a failure that is not an API error', new TypeError('Failed to fetch')],
  ])('%s is tried again', async (_name, failure) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    jest.spyOn(t.service.service, 'load').mockRejectedValueOnce(failure);
    await t.cartSync.sync();
    expect(t.status()).toBe('retrying');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('trying again in 2 s'), failure);
    await runRetries(t);
    expect(t.status()).toBe('saved');
  });

  it.each([401, 403, 400])(
    'a %i is not tried again: logged, and the status is idle',
    async (code) => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const warn = jest.spyOn(console, 'warn');
      const t = setup({ lines: [lineA] });
      const refused = new ApiError('Expired token', code, 'jwt_auth_invalid_token');
      jest.spyOn(t.service.service, 'load').mockRejectedValue(refused);
      await t.cartSync.sync();
      expect(t.status()).toBe('idle');
      expect(t.pauses()).toEqual([]);
      expect(error).toHaveBeenCalledWith(
        'The cart could not be synced with your account:',
        refused,
      );
      expect(syncWarnings(warn)).toEqual([]);
      expect(t.service.account.data).toBeNull();
    },
  );

  it('stop() cancels a pending retry', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.load = 1;
    await t.cartSync.sync();
    expect(syncWarnings(warn)).toHaveLength(1);
    expect(t.pauses()).toEqual([2000]);
    t.cartSync.stop();
    expect(t.pauses()).toEqual([]);
    expect(t.status()).toBe('idle');
    await runRetries(t);
    expect(t.service.calls).toEqual(['load']);
  });
});

describe('the end of a session (stop)', () => {
  it('a sync under way is dropped: nothing it read is merged, nothing is written', async () => {
    const t = setup({ account: JSON.stringify([lineB]), lines: [lineA] });
    const running = t.cartSync.sync();
    t.cartSync.stop();
    await running;
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.service.calls).toEqual(['load']);
    expect(t.account()).toEqual([[2, 1]]);
    expect(t.status()).toBe('idle');
  });

  it('a sync under way that fails is not retried', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.load = 1;
    const running = t.cartSync.sync();
    t.cartSync.stop();
    await running;
    expect(t.pauses()).toEqual([]);
    expect(syncWarnings(warn)).toEqual([]);
    expect(t.status()).toBe('idle');
  });

  it('a save that ends after the session did does not say saved', async () => {
    const t = setup({ lines: [lineA] });
    jest.spyOn(t.service.service, 'save').mockImplementationOnce(() => {
      t.cartSync.stop();
      return Promise.resolve({});
    });
    await t.cartSync.sync();
    expect(t.status()).toBe('idle');
  });
});

describe('offline', () => {
  it('offline: nothing is sent and the cart stays here; back online, it syncs at once', async () => {
    const t = setup({ online: false, lines: [lineA] });
    const page = new EventTarget();
    t.cartSync.start(page as unknown as Window);
    await settle();
    expect(t.status()).toBe('offline');
    t.store.dispatch(itemAdded(lineB));
    await jest.advanceTimersByTimeAsync(10 * CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual([]);
    expect(t.status()).toBe('offline');
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);

    t.network.value = true;
    page.dispatchEvent(new Event('online'));
    // At once: no pause, no debounce.
    expect(t.service.calls).toEqual(['load']);
    await settle();
    expect(t.status()).toBe('saved');
    expect(t.account()).toEqual(t.lines());
  });

  it('coming back online starts the pauses over', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    const page = new EventTarget();
    t.service.failNext.load = 3;
    t.cartSync.start(page as unknown as Window);
    await settle();
    await runRetries(t);
    expect(t.pauses()).toEqual([4000]);
    page.dispatchEvent(new Event('online'));
    await settle();
    expect(t.pauses()).toEqual([2000]);
    expect(syncWarnings(warn)).toHaveLength(3);
  });

  it('a sync that fails while the browser went offline says offline', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    jest.spyOn(t.service.service, 'load').mockImplementationOnce(() => {
      t.network.value = false;
      return Promise.reject(networkDown());
    });
    await t.cartSync.sync();
    expect(t.status()).toBe('offline');
    expect(syncWarnings(warn)).toHaveLength(1);
  });

  it('start() does not sync for a visitor', async () => {
    const t = setup({ loggedIn: false, lines: [lineA] });
    t.cartSync.start(new EventTarget() as unknown as Window);
    await settle();
    expect(t.service.calls).toEqual([]);
  });
});

describe("the account's cart", () => {
  it('a cart saved by a newer build is never written, even after local changes', async () => {
    const newer = JSON.stringify({ format: 2, lines: [] });
    const t = setup({ account: newer, lines: [lineA] });
    await t.cartSync.sync();
    expect(t.status()).toBe('newer');
    t.store.dispatch(itemAdded(lineB));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual(['load', 'load']);
    expect(t.service.account.data).toBe(newer);
    expect(t.status()).toBe('newer');
    expect(t.lines()).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('a cart that cannot be read is logged once and replaced by this one', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = setup({ account: '{not json', lines: [lineA] });
    await t.cartSync.sync();
    expect(error).toHaveBeenCalledWith(
      'The cart saved in your account could not be read: The saved cart is not JSON.',
    );
    expect(t.account()).toEqual([[1, 1]]);
    expect(t.status()).toBe('saved');

    t.service.account.data = '{"lines":"broken again"}';
    await t.cartSync.sync();
    expect(error).toHaveBeenCalledTimes(1);
    expect(t.account()).toEqual([[1, 1]]);
  });

  it("after a login the account's cart joins by the login rule: the larger quantity wins", async () => {
    // The account's line is newer (stamp 5), but smaller: an ordinary merge would take it.
    const account = JSON.stringify([{ ...lineA, quantity: 1, rev: 5, at: 1 }]);
    const t = setup({ account, lines: [{ ...lineA, quantity: 3 }] });
    await t.cartSync.afterLogin();
    expect(t.lines()).toEqual([[1, 3]]);
    expect(t.account()).toEqual([[1, 3]]);
    expect(t.status()).toBe('saved');
  });

  it('a login merge that could not read the account is made by the retry that can', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const account = JSON.stringify([{ ...lineA, quantity: 1, rev: 5, at: 1 }]);
    const t = setup({ account, lines: [{ ...lineA, quantity: 3 }] });
    t.service.failNext.load = 1;
    await t.cartSync.afterLogin();
    expect(syncWarnings(warn)).toHaveLength(1);
    expect(t.status()).toBe('retrying');
    await runRetries(t);
    expect(t.lines()).toEqual([[1, 3]]);
    expect(t.account()).toEqual([[1, 3]]);
  });

  it('an ordinary sync takes the later change, not the larger quantity', async () => {
    const t = setup({ lines: [{ ...lineA, quantity: 3 }] });
    await t.cartSync.sync();
    const saved = parseSavedCart(t.service.account.data);
    if (saved.kind !== 'cart') throw new Error(`saved as ${saved.kind}`);
    const newer = saved.cart.lines.map((l) => ({ ...l, quantity: 1, rev: (l.rev ?? 0) + 5 }));
    t.service.account.data = JSON.stringify(newer);
    await t.cartSync.sync();
    expect(t.lines()).toEqual([[1, 1]]);
  });
});

describe('flushForLogout', () => {
  it("'saved': the cart is read, merged and saved", async () => {
    const t = setup({ account: JSON.stringify([lineB]), lines: [lineA] });
    await expect(t.cartSync.flushForLogout()).resolves.toBe('saved');
    expect(t.service.calls).toEqual(['load', 'save']);
    // The account's line was there first.
    expect(t.account()).toEqual([
      [2, 1],
      [1, 1],
    ]);
    expect(t.status()).toBe('saved');
  });

  it("'saved': with nothing left, the account's cart is deleted", async () => {
    const t = setup({ account: JSON.stringify([{ ...lineA, rev: 1, at: 1 }]), lines: [lineA] });
    await t.cartSync.sync();
    t.store.dispatch(itemUpdated({ ...lineA, type: 'decrease' }));
    await expect(t.cartSync.flushForLogout()).resolves.toBe('saved');
    expect(t.service.calls.at(-1)).toBe('remove');
    expect(t.service.account.data).toBeNull();
  });

  it("'saved' after the short retry, when the service answers in time", async () => {
    const t = setup({ lines: [lineA] });
    t.service.failNext.load = 2;
    t.service.failNext.save = 2;
    await expect(t.cartSync.flushForLogout()).resolves.toBe('saved');
    expect(t.service.calls).toEqual(['load', 'load', 'load', 'save', 'save', 'save']);
    expect(t.account()).toEqual([[1, 1]]);
  });

  it("'nothing' without a token: nothing is sent", async () => {
    const t = setup({ credentials: false, lines: [lineA] });
    await expect(t.cartSync.flushForLogout()).resolves.toBe('nothing');
    expect(t.service.calls).toEqual([]);
  });

  it.each([
    ['lines', [lineA], 'failed'],
    ['no lines', [], 'nothing'],
  ] as const)(
    "the account's cart cannot be read: with %s, %p; the account untouched",
    async (_name, lines, outcome) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const t = setup({ account: JSON.stringify([lineB]), lines: [...lines] });
      t.service.failNext.load = 3;
      await expect(t.cartSync.flushForLogout()).resolves.toBe(outcome);
      expect(t.service.calls).toEqual(['load', 'load', 'load']);
      expect(warn).toHaveBeenCalledWith(
        'The saved cart could not be read at logout:',
        expect.any(ApiError),
      );
      expect(t.account()).toEqual([[2, 1]]);
    },
  );

  it("a refused read (401) is not tried again: 'failed' with lines", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    const refused = new ApiError('Expired token', 401, 'jwt_auth_invalid_token');
    const load = jest.spyOn(t.service.service, 'load').mockRejectedValue(refused);
    await expect(t.cartSync.flushForLogout()).resolves.toBe('failed');
    expect(load).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('The saved cart could not be read at logout:', refused);
  });

  it.each([
    ['lines', [lineA], 'failed'],
    ['no lines', [], 'nothing'],
  ] as const)(
    'a cart saved by a newer build: with %s, %p; never written',
    async (_name, lines, outcome) => {
      const newer = JSON.stringify({ format: 3 });
      const t = setup({ account: newer, lines: [...lines] });
      await expect(t.cartSync.flushForLogout()).resolves.toBe(outcome);
      expect(t.service.calls).toEqual(['load']);
      expect(t.service.account.data).toBe(newer);
    },
  );

  it("'failed' when the lines cannot be saved", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.save = 3;
    await expect(t.cartSync.flushForLogout()).resolves.toBe('failed');
    expect(t.service.calls).toEqual(['load', 'save', 'save', 'save']);
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be saved at logout:',
      expect.any(ApiError),
    );
    expect(t.service.account.data).toBeNull();
  });

  it("'nothing' when an empty cart's delete fails: nothing was lost", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup();
    t.service.failNext.remove = 3;
    await expect(t.cartSync.flushForLogout()).resolves.toBe('nothing');
    expect(t.service.calls).toEqual(['load', 'remove', 'remove', 'remove']);
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be saved at logout:',
      expect.any(ApiError),
    );
  });

  it('cancels a pending background retry', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.load = 1;
    await t.cartSync.sync();
    expect(syncWarnings(warn)).toHaveLength(1);
    expect(t.pauses()).toEqual([2000]);
    const flushed = t.cartSync.flushForLogout();
    expect(t.pauses()).toEqual([]);
    await expect(flushed).resolves.toBe('saved');
    expect(t.service.calls).toEqual(['load', 'load', 'save']);
  });

  it("a change just before the logout is saved by the logout, never again with the ending session's token", async () => {
    const t = setup();
    t.store.dispatch(itemAdded(lineA));
    await expect(t.cartSync.flushForLogout()).resolves.toBe('saved');
    expect(t.service.calls).toEqual(['load', 'save']);
    // The token is being revoked: the change's debounce runs out and sends nothing.
    await jest.advanceTimersByTimeAsync(10 * CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls).toEqual(['load', 'save']);
  });

  it("after a 'failed' logout the learner stays, and the cart syncs again", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup({ lines: [lineA] });
    t.service.failNext.save = 3;
    await expect(t.cartSync.flushForLogout()).resolves.toBe('failed');
    t.store.dispatch(itemAdded(lineB));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(t.service.calls.slice(-2)).toEqual(['load', 'save']);
    expect(t.account()).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('waits for a running sync to end before it reads', async () => {
    const t = setup({ lines: [lineA] });
    const running = t.cartSync.sync();
    const flushed = t.cartSync.flushForLogout();
    await running;
    await expect(flushed).resolves.toBe('saved');
    expect(t.service.calls).toEqual(['load', 'save', 'load', 'save']);
  });
});

describe("the page's store, with the cart connected", () => {
  let sync: CartSync;
  let store: ReturnType<typeof makeStore>;

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    window.localStorage.setItem(STORAGE_KEYS.userId, '3');
    store = makeStore();
    sync = connectCart(store);
  });

  afterEach(() => {
    sync.stop();
    window.localStorage.clear();
  });

  it(`saves a local change through the cart service ${String(CART_SAVE_DEBOUNCE_MS)} ms after it`, async () => {
    const load = jest.spyOn(cartServiceApi, 'load').mockResolvedValue({ userId: 3, data: null });
    const save = jest.spyOn(cartServiceApi, 'save').mockResolvedValue({});
    store.dispatch(userLoggedIn());
    store.dispatch(itemAdded(lineA));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledWith('3', 'jwt');
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toBe('3');
    expect(accountLines(save.mock.calls[0]?.[1] ?? null)).toEqual([[1, 1]]);
    expect(selectCartSyncStatus(store.getState())).toBe('saved');
  });

  it('retries on the page clock after 2 s; stop() cancels the retry', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest
      .spyOn(cartServiceApi, 'load')
      .mockRejectedValue(new ApiError('Unavailable', 503, 'upstream'));
    store.dispatch(userLoggedIn());
    await sync.sync();
    expect(syncWarnings(warn)).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    sync.stop();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(syncWarnings(warn)).toHaveLength(2);
  });

  it('a logout waits through the short retry (0.4 s, then 1.2 s) before giving up', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest
      .spyOn(cartServiceApi, 'load')
      .mockRejectedValue(new ApiError('Unavailable', 503, 'upstream'));
    // Added before the login: no save of its own is on its way.
    store.dispatch(itemAdded(lineA));
    store.dispatch(userLoggedIn());
    const flushed = sync.flushForLogout();
    await jest.advanceTimersByTimeAsync(399);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1200);
    await expect(flushed).resolves.toBe('failed');
    expect(load).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(
      'The saved cart could not be read at logout:',
      expect.any(ApiError),
    );
  });

  it('a store is connected once: one cart sync, the same each time it is asked', () => {
    expect(connectCart(store)).toBe(sync);
    const other = makeStore();
    expect(connectCart(other)).toBe(connectCart(other));
    expect(connectCart(other)).not.toBe(sync);
  });
});
