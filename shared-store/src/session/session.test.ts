import { ApiError } from '../api/client';
import { eventBus, type BusEvent } from '../bus/eventBus';
import { MESSAGES, SESSION_LIFETIME_MS } from '../constants';
import { itemAdded } from '../features/cart/cartSlice';
import { makeStore } from '../store/makeStore';
import { createSession, mergeCarts, parseServerCart, type SessionDeps } from './session';
import { createSafeStorage } from './storage';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function setup(overrides: Partial<SessionDeps> = {}) {
  const store = makeStore();
  const storage = createSafeStorage(() => undefined);
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
    },
    cartService: {
      load: jest.fn(() => Promise.resolve({ userId: 3, data: null })),
      save: jest.fn(() => Promise.resolve({})),
      remove: jest.fn(() => Promise.resolve({})),
    },
    navigate: jest.fn(),
    now: () => NOW,
    isMobileApp: () => false,
    win: { ReactNativeWebView: { postMessage } } as unknown as Window,
    ...overrides,
  };
  return {
    ...deps,
    session: createSession(deps),
    events,
    postMessage,
    done: () => subscription.unsubscribe(),
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

  it('merges the server cart: same id and month keeps the larger quantity', async () => {
    const t = setup();
    t.store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 10 }));
    (t.cartService.load as jest.Mock).mockResolvedValueOnce({
      userId: 3,
      data: JSON.stringify([
        { id: 1, slug: 'a', month: '1 Month', quantity: 3, price: 10 },
        { id: 2, slug: 'b', month: '3 Months', quantity: 1, price: 25 },
      ]),
    });
    await t.session.login('learner@example.com', 'right');
    const state = t.store.getState().cartData;
    expect(state.cartData.map((l) => [l.id, l.quantity])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(state.totalAmount).toBe(55);
    t.done();
  });

  it('a corrupted server cart keeps the local cart and says so', async () => {
    const t = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t.store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 2, price: 10 }));
    (t.cartService.load as jest.Mock).mockResolvedValueOnce({ userId: 3, data: '{not json' });
    await t.session.login('learner@example.com', 'right');
    expect(t.store.getState().cartData.totalQuantity).toBe(2);
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'notify', level: 'error' }));
    t.done();
  });
});

describe('logout', () => {
  async function loggedIn() {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('isAllowed', 'true');
    t.storage.setItem('popupClosed', 'true');
    return t;
  }

  it('saves a cart with items to the server', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 10 }));
    await t.session.logout();
    expect(t.cartService.save).toHaveBeenCalledWith(
      '3',
      [expect.objectContaining({ id: 1, quantity: 1 })],
      'jwt-token',
    );
    expect(t.cartService.remove).not.toHaveBeenCalled();
    t.done();
  });

  it('deletes the server cart when the cart is empty', async () => {
    const t = await loggedIn();
    await t.session.logout();
    expect(t.cartService.remove).toHaveBeenCalledWith('3', 'jwt-token');
    t.done();
  });

  it('clears every storage key except isAllowed, resets state, says Logout Successfully, goes to /login', async () => {
    const t = await loggedIn();
    t.store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 10 }));
    await t.session.logout();
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.store.getState().cartData.cartData).toEqual([]);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: MESSAGES.logoutSuccess,
    });
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('revokes the token at the gateway after saving the cart and before clearing storage', async () => {
    const t = await loggedIn();
    const order: string[] = [];
    (t.cartService.remove as jest.Mock).mockImplementationOnce(() => {
      order.push('cart deleted');
      return Promise.resolve({});
    });
    (t.auth.logout as jest.Mock).mockImplementationOnce((token: string) => {
      order.push(`revoked ${token}, token still stored: ${String(t.storage.getItem('token'))}`);
      return Promise.resolve(undefined);
    });
    await t.session.logout();
    expect(order).toEqual(['cart deleted', 'revoked jwt-token, token still stored: jwt-token']);
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
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: MESSAGES.logoutSuccess,
    });
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

  it('still logs out when the cart service is down', async () => {
    const t = await loggedIn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (t.cartService.remove as jest.Mock).mockRejectedValueOnce(new Error('down'));
    await t.session.logout();
    expect(t.store.getState().loginData.loginData).toBe(false);
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

  it('at 24 h: tells the app, clears storage, says Session Expired, clears login, goes to /login', () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    expect(t.session.checkExpiry()).toBe(true);
    expect(t.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'logout' }));
    expect(t.storage.keys()).toEqual(['isAllowed']);
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

describe('server cart helpers', () => {
  it('parseServerCart rejects JSON that is not a list and skips lines without an id', () => {
    expect(() => parseServerCart('{"a":1}')).toThrow('not a list');
    expect(parseServerCart('[{"id":1},{"nope":2},null]')).toEqual([{ id: 1 }]);
    expect(parseServerCart(null)).toEqual([]);
  });

  it('mergeCarts adds server lines that are not local', () => {
    expect(
      mergeCarts(
        [{ id: 1, slug: 'a', month: 'x', quantity: 2, price: 1 }],
        [{ id: 1, month: 'y', quantity: 1 }],
      ),
    ).toHaveLength(2);
  });
});
