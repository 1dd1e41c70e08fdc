import {
  ApiError,
  MESSAGES,
  eventBus,
  joinSession,
  selectLogoutStatus,
  type BusEventOf,
} from 'shared-store';
import {
  SESSION_LIFETIME_MS,
  createSafeStorage,
  createSession,
  sessionDepsFor,
  makeStore,
  type SessionDeps,
} from 'shared-store/testing';
import { parseSavedCart } from './cartLines';
import {
  CART_FROM_NEWER_VERSION_MESSAGE,
  CART_NOT_LOADED_MESSAGE,
  cartParticipant,
} from './cartSession';
import { itemAdded, itemUpdated, packageChosen, selectCart } from './cartSlice';
import { createCartSync } from './cartSync';
import { selectCartSyncStatus } from './cartSyncSlice';
import { fakeCartService, fakeSyncDeps, manualTimers } from './fakeCartService';
import { selectSubscriptionList } from './subscriptionSlice';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const lineA = { id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 10 };
const lineB = { id: 2, slug: 'b', month: '3 Months', quantity: 1, price: 25 };

/** What the account holds: its lines as [id, quantity]. */
function accountLines(data: string | null) {
  const saved = parseSavedCart(data);
  return saved.kind === 'cart' ? saved.cart.lines.map((l) => [l.id, l.quantity]) : saved.kind;
}

function setup(overrides: Partial<SessionDeps> = {}, accountData: string | null = null) {
  const store = makeStore();
  const storage = createSafeStorage(() => undefined);
  const account = fakeCartService(accountData);
  const timers = manualTimers();
  const cartSync = createCartSync(fakeSyncDeps(storage, account.service, timers));
  cartSync.attach(store);
  joinSession(store, cartParticipant(store, cartSync));
  const events: BusEventOf<'notify'>[] = [];
  const subscription = eventBus.on('notify').subscribe((event) => events.push(event));
  const { deps, postMessage } = sessionDepsFor(store, storage, NOW, overrides);
  return {
    ...deps,
    cartSync,
    account,
    timers,
    session: createSession(deps),
    events,
    postMessage,
    lines: () => selectCart(store.getState()).cartData.map((l) => [l.id, l.quantity]),
    logoutStatus: () => selectLogoutStatus(store.getState()),
    done: () => {
      subscription.unsubscribe();
    },
  };
}

describe('login', () => {
  it('merges the server cart: same id and month keeps the larger quantity, and saves the merge', async () => {
    const t = setup({}, JSON.stringify([{ ...lineA, quantity: 3 }, lineB]));
    t.store.dispatch(itemAdded(lineA));
    await t.session.login('learner@example.com', 'right');
    expect(t.lines()).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(selectCart(t.store.getState()).totalAmount).toBe(55);
    expect(accountLines(t.account.account.data)).toEqual(t.lines());
    t.done();
  });

  it('a server cart that could not be read is merged when a background retry reads it', async () => {
    const t = setup({}, JSON.stringify([lineB]));
    t.account.failNext.load = 1;
    t.store.dispatch(itemAdded(lineA));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.session.login('learner@example.com', 'right');
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be synced with your account; trying again in 2 s:',
      expect.any(ApiError),
    );
    warn.mockRestore();
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'error',
      message: CART_NOT_LOADED_MESSAGE,
    });
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.account.calls).toEqual(['load']);
    expect(selectCartSyncStatus(t.store.getState())).toBe('retrying');
    t.timers.runDue();
    await t.cartSync.sync();
    // Listed in the order they were added: the saved line first.
    expect(t.lines()).toEqual([
      [2, 1],
      [1, 1],
    ]);
    expect(accountLines(t.account.account.data)).toEqual(t.lines());
    t.done();
  });

  it('a corrupted server cart keeps the local cart, is logged once and is replaced by it', async () => {
    const t = setup({}, '{not json');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t.store.dispatch(itemAdded({ ...lineA, quantity: 2 }));
    await t.session.login('learner@example.com', 'right');
    expect(error).toHaveBeenCalledWith(
      'The cart saved in your account could not be read: The saved cart is not JSON.',
    );
    error.mockRestore();
    expect(selectCart(t.store.getState()).totalQuantity).toBe(2);
    expect(accountLines(t.account.account.data)).toEqual([[1, 2]]);
    t.done();
  });

  it('a cart saved by a newer version of the shop is left as it is and the learner is told', async () => {
    const newer = JSON.stringify({ format: 2, lines: [] });
    const t = setup({}, newer);
    t.store.dispatch(itemAdded(lineA));
    await t.session.login('learner@example.com', 'right');
    expect(t.account.account.data).toBe(newer);
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'error',
      message: CART_FROM_NEWER_VERSION_MESSAGE,
    });
    t.done();
  });
});

describe('logout', () => {
  async function loggedIn(accountData: string | null = null) {
    const t = setup({}, accountData);
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('isAllowed', 'true');
    t.storage.setItem('popupClosed', 'true');
    return t;
  }

  it('saves a cart with items to the server', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    await expect(t.session.logout()).resolves.toBe(true);
    expect(accountLines(t.account.account.data)).toEqual([[1, 1]]);
    expect(t.account.calls).not.toContain('remove');
    t.done();
  });

  it('deletes the server cart when the cart is empty', async () => {
    const t = await loggedIn(JSON.stringify([lineA]));
    t.store.dispatch(itemUpdated({ ...lineA, type: 'decrease' }));
    await t.session.logout();
    expect(t.account.calls.at(-1)).toBe('remove');
    expect(t.account.account.data).toBeNull();
    t.done();
  });

  it('an empty cart never deletes a saved cart the device had not read: it is read first', async () => {
    const t = setup({}, JSON.stringify([lineB]));
    t.account.failNext.load = 1;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.session.login('learner@example.com', 'right');
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be synced with your account; trying again in 2 s:',
      expect.any(ApiError),
    );
    warn.mockRestore();
    await t.session.logout();
    expect(t.account.calls).not.toContain('remove');
    expect(accountLines(t.account.account.data)).toEqual([[2, 1]]);
    t.done();
  });

  it('an empty cart and an unreadable saved cart: logged out, the saved cart untouched', async () => {
    const t = setup({}, JSON.stringify([lineB]));
    t.account.failNext.load = 4;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.session.login('learner@example.com', 'right');
    await expect(t.session.logout()).resolves.toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'The saved cart could not be read at logout:',
      expect.any(ApiError),
    );
    warn.mockRestore();
    expect(t.account.calls).toEqual(['load', 'load', 'load', 'load']);
    expect(accountLines(t.account.account.data)).toEqual([[2, 1]]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    t.done();
  });

  it('resets the cart and the subscription list once saved: nothing of them stays on this device', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    t.store.dispatch(
      packageChosen({
        product_id: 20,
        slug: 'silver-membership',
        title: 'Silver',
        tier: 'silver',
        month: '3 Months',
        price: 99,
        variation_id: 2003,
      }),
    );
    await t.session.logout();
    expect(accountLines(t.account.account.data)).toEqual([
      [1, 1],
      [20, 1],
    ]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(selectCart(t.store.getState()).cartData).toEqual([]);
    expect(selectCart(t.store.getState()).removedLines).toEqual([]);
    expect(selectSubscriptionList(t.store.getState())).toEqual([]);
    t.done();
  });

  it('revokes the token at the gateway after saving the cart and once this page has forgotten it', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    const order: string[] = [];
    (t.auth.logout as jest.Mock).mockImplementationOnce((token: string) => {
      order.push(`saved: ${String(t.account.account.data !== null)}`);
      order.push(`revoked ${token}, token still stored: ${String(t.storage.getItem('token'))}`);
      return Promise.resolve(undefined);
    });
    await t.session.logout();
    expect(order).toEqual(['saved: true', 'revoked jwt-token, token still stored: null']);
    expect(t.storage.keys()).toEqual(['isAllowed']);
    t.done();
  });

  it('a save that fails after the short retry keeps the learner logged in with the cart, and asks', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    t.account.failNext.save = 3;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(t.session.logout()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'The cart could not be saved at logout:',
      expect.any(ApiError),
    );
    warn.mockRestore();
    expect(t.account.calls.filter((c) => c === 'save')).toHaveLength(3);
    expect(t.logoutStatus()).toBe('failed');
    expect(t.store.getState().loginData.loginData).toBe(true);
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.events).not.toContainEqual(
      expect.objectContaining({ message: MESSAGES.logoutSuccess }),
    );
    // Try again, with the service back.
    await expect(t.session.logout()).resolves.toBe(true);
    expect(accountLines(t.account.account.data)).toEqual([[1, 1]]);
    expect(t.logoutStatus()).toBe('idle');
    t.done();
  });

  it('log out anyway keeps the cart on this device, and the next login merges it back', async () => {
    const t = await loggedIn(JSON.stringify([{ ...lineA, quantity: 2 }]));
    t.store.dispatch(itemAdded(lineB));
    t.storage.setItem('persist:root', '{}');
    t.account.failNext.save = 3;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.session.logout();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    t.account.account.data = JSON.stringify([{ ...lineA, quantity: 5 }]);
    await expect(t.session.logout({ keepCartOnDevice: true })).resolves.toBe(true);
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.lines()).toEqual([
      [1, 2],
      [2, 1],
    ]);
    await t.session.login('learner@example.com', 'right');
    expect(t.lines()).toEqual([
      [1, 5],
      [2, 1],
    ]);
    expect(accountLines(t.account.account.data)).toEqual(t.lines());
    t.done();
  });

  it('staying logged in after a failed save clears the question', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    t.account.failNext.load = 3;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.session.logout();
    expect(warn).toHaveBeenCalledWith(
      'The saved cart could not be read at logout:',
      expect.any(ApiError),
    );
    warn.mockRestore();
    expect(t.logoutStatus()).toBe('failed');
    t.session.cancelLogout();
    expect(t.logoutStatus()).toBe('idle');
    expect(t.store.getState().loginData.loginData).toBe(true);
    t.done();
  });
});

describe('log out of all devices', () => {
  async function loggedIn(accountData: string | null = null) {
    const t = setup({}, accountData);
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('isAllowed', 'true');
    return t;
  }

  it('saves the cart, ends every session at the gateway, then logs out here, saying so', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    const order: string[] = [];
    (t.auth.logoutEverywhere as jest.Mock).mockImplementationOnce((token: string) => {
      order.push(`saved: ${String(t.account.account.data !== null)}`);
      order.push(`ended every session of ${token}`);
      return Promise.resolve(undefined);
    });
    await expect(t.session.logoutEverywhere()).resolves.toBe(true);
    expect(order).toEqual(['saved: true', 'ended every session of jwt-token']);
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    // Saved in the account: this device forgets it.
    expect(selectCart(t.store.getState()).cartData).toEqual([]);
    t.done();
  });

  it('a cart that cannot be saved stays on this device: ending the sessions comes first', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    t.storage.setItem('persist:root', '{}');
    t.account.failNext.save = 3;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(t.session.logoutEverywhere()).resolves.toBe(true);
    warn.mockRestore();
    expect(t.auth.logoutEverywhere).toHaveBeenCalledWith('jwt-token');
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.logoutStatus()).toBe('idle');
    t.done();
  });
});

describe('session expiry', () => {
  it('at 24 h the cart is saved to the account, then forgotten on this device (its stored state too), and no sync runs on', async () => {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('loginTimestamp', String(NOW - SESSION_LIFETIME_MS));
    t.storage.setItem('persist:root', '{}');
    t.store.dispatch(itemAdded(lineA));
    t.account.failNext.load = 1;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await t.cartSync.sync();
    warn.mockRestore();
    expect(t.timers.pending).toHaveLength(1);
    await expect(t.session.checkExpiry()).resolves.toBe(true);
    expect(accountLines(t.account.account.data)).toEqual([[1, 1]]);
    expect(t.storage.keys()).toEqual([]);
    expect(t.lines()).toEqual([]);
    expect(t.timers.pending).toEqual([]);
    expect(selectCartSyncStatus(t.store.getState())).toBe('idle');
    t.done();
  });

  it('at 24 h a cart the account cannot take stays on this device, for the next login to merge', async () => {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('loginTimestamp', String(NOW - SESSION_LIFETIME_MS));
    t.storage.setItem('persist:root', '{}');
    t.store.dispatch(itemAdded(lineA));
    t.account.failNext.save = 3;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(t.session.checkExpiry()).resolves.toBe(true);
    warn.mockRestore();
    expect(t.storage.keys()).toEqual(['persist:root']);
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    t.done();
  });
});
