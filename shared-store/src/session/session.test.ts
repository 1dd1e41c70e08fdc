import { ApiError } from '../api/client';
import { eventBus, type BusEvent } from '../bus/eventBus';
import { MESSAGES, SESSION_LIFETIME_MS } from '../constants';
import { parseSavedCart } from '../features/cart/cartLines';
import { itemAdded, itemUpdated } from '../features/cart/cartSlice';
import { createCartSync } from '../features/cart/cartSync';
import { makeStore } from '../store/makeStore';
import { fakeCartService, fakeSyncDeps, manualTimers } from '../testing/fakeCartService';
import {
  CART_FROM_NEWER_VERSION_MESSAGE,
  CART_NOT_LOADED_MESSAGE,
  createSession,
  LOGGED_OUT_EVERYWHERE_MESSAGE,
  LOGOUT_EVERYWHERE_FAILED_MESSAGE,
  type SessionDeps,
} from './session';
import { createSafeStorage } from './storage';

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
  const events: BusEvent[] = [];
  const subscription = eventBus.all().subscribe((event) => events.push(event));
  const postMessage = jest.fn();
  const deps: SessionDeps = {
    store,
    storage,
    auth: {
      login: jest.fn((username: string, password: string) =>
        username === 'learner@example.com' && password === 'right'
          ? Promise.resolve({
              token: 'jwt-token',
              user_id: 3,
              user_email: username,
              user_nicename: 'learner',
              user_display_name: 'Dr Test Learner',
            })
          : Promise.reject(new ApiError('The password you entered is incorrect.', 403, 'bad')),
      ),
      logout: jest.fn(() => Promise.resolve(undefined)),
      logoutEverywhere: jest.fn(() => Promise.resolve(undefined)),
    },
    cartSync,
    navigate: jest.fn(),
    now: () => NOW,
    isMobileApp: () => false,
    win: { ReactNativeWebView: { postMessage } } as unknown as Window,
    ...overrides,
  };
  return {
    ...deps,
    account,
    timers,
    session: createSession(deps),
    events,
    postMessage,
    lines: () => store.getState().cartData.cartData.map((l) => [l.id, l.quantity]),
    done: () => {
      subscription.unsubscribe();
    },
  };
}

describe('login', () => {
  it('stores token, user_id and loginTimestamp and sets loginData', async () => {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.storage.getItem('user_id')).toBe('3');
    expect(t.storage.getItem('loginTimestamp')).toBe(String(NOW));
    expect(t.store.getState().loginData.loginData).toBe(true);
    t.done();
  });

  it('wrong credentials throw the server message and store nothing', async () => {
    const t = setup();
    await expect(t.session.login('learner@example.com', 'wrong')).rejects.toThrow('incorrect');
    expect(t.storage.keys()).toEqual([]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    t.done();
  });

  it('merges the server cart: same id and month keeps the larger quantity, and saves the merge', async () => {
    const t = setup({}, JSON.stringify([{ ...lineA, quantity: 3 }, lineB]));
    t.store.dispatch(itemAdded(lineA));
    await t.session.login('learner@example.com', 'right');
    expect(t.lines()).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(t.store.getState().cartData.totalAmount).toBe(55);
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
    expect(t.store.getState().cartSync.status).toBe('retrying');
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
    expect(t.store.getState().cartData.totalQuantity).toBe(2);
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

  it('clears every storage key except isAllowed, resets state, says Logout Successfully, goes to /login', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    await t.session.logout();
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.store.getState().cartData.cartData).toEqual([]);
    expect(t.store.getState().cartData.removedLines).toEqual([]);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: MESSAGES.logoutSuccess,
    });
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('a logout, or a logout of all devices, asked for while a logout is saving starts nothing: the token is revoked once', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    const first = t.session.logout();
    await expect(t.session.logout()).resolves.toBe(false);
    await expect(t.session.logoutEverywhere()).resolves.toBe(false);
    await expect(first).resolves.toBe(true);
    expect(t.auth.logout).toHaveBeenCalledTimes(1);
    expect(t.auth.logoutEverywhere).not.toHaveBeenCalled();
    t.done();
  });

  it('revokes the token at the gateway after saving the cart and before clearing storage', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded(lineA));
    const order: string[] = [];
    (t.auth.logout as jest.Mock).mockImplementationOnce((token: string) => {
      order.push(`saved: ${String(t.account.account.data !== null)}`);
      order.push(`revoked ${token}, token still stored: ${String(t.storage.getItem('token'))}`);
      return Promise.resolve(undefined);
    });
    await t.session.logout();
    expect(order).toEqual(['saved: true', 'revoked jwt-token, token still stored: jwt-token']);
    expect(t.storage.keys()).toEqual(['isAllowed']);
    t.done();
  });

  it('a failing revoke is logged and the logout goes on', async () => {
    const t = await loggedIn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const down = new ApiError('The server could not be reached.', 0, 'network_error');
    (t.auth.logout as jest.Mock).mockRejectedValueOnce(down);
    await t.session.logout();
    expect(warn).toHaveBeenCalledWith('The token could not be revoked at logout:', down);
    warn.mockRestore();
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('without a token there is nothing to revoke', async () => {
    const t = setup();
    await t.session.logout();
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.navigate).toHaveBeenCalledWith('/login');
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
    expect(t.store.getState().cartSync.logout).toBe('failed');
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
    expect(t.store.getState().cartSync.logout).toBe('idle');
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
    expect(t.store.getState().cartSync.logout).toBe('failed');
    t.session.cancelLogout();
    expect(t.store.getState().cartSync.logout).toBe('idle');
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
    expect(t.store.getState().cartData.cartData).toEqual([]);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: LOGGED_OUT_EVERYWHERE_MESSAGE,
    });
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('when the other sessions could not be ended, the learner stays logged in and is told', async () => {
    const t = await loggedIn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const down = new ApiError('The server could not be reached.', 0, 'network_error');
    (t.auth.logoutEverywhere as jest.Mock).mockRejectedValueOnce(down);
    await expect(t.session.logoutEverywhere()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'The sessions on the other devices could not be ended:',
      down,
    );
    warn.mockRestore();
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.store.getState().loginData.loginData).toBe(true);
    expect(t.store.getState().cartSync.logout).toBe('idle');
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'error',
      message: LOGOUT_EVERYWHERE_FAILED_MESSAGE,
    });
    expect(t.navigate).not.toHaveBeenCalled();
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
    expect(t.store.getState().cartSync.logout).toBe('idle');
    t.done();
  });
});

describe('session expiry', () => {
  function withLogin(ageMs: number, mobileApp = false) {
    const t = setup({ isMobileApp: () => mobileApp });
    t.storage.setItem('token', 'jwt-token');
    t.storage.setItem('loginTimestamp', String(NOW - ageMs));
    t.storage.setItem('isAllowed', 'true');
    return t;
  }

  it('a session younger than 24 h stays', () => {
    const t = withLogin(SESSION_LIFETIME_MS - 1);
    expect(t.session.checkExpiry()).toBe(false);
    expect(t.storage.getItem('token')).toBe('jwt-token');
    t.done();
  });

  it('at 24 h: tells the app, clears storage but the cart, says Session Expired, clears login, goes to /login', () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    t.storage.setItem('persist:root', '{}');
    t.store.dispatch(itemAdded(lineA));
    expect(t.session.checkExpiry()).toBe(true);
    expect(t.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'logout' }));
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.lines()).toEqual([[1, 1]]);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'error',
      message: MESSAGES.sessionExpired,
    });
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.navigate).toHaveBeenCalledWith('/login', { full: false });
    t.done();
  });

  it('in the app the redirect is a full page load', () => {
    const t = withLogin(SESSION_LIFETIME_MS + 1, true);
    t.session.checkExpiry();
    expect(t.navigate).toHaveBeenCalledWith('/login', { full: true });
    t.done();
  });

  it('without a token or timestamp nothing happens', () => {
    const t = setup();
    t.storage.setItem('loginTimestamp', '1');
    expect(t.session.checkExpiry()).toBe(false);
    t.done();
  });
});
