import { ApiError } from '../api/client';
import { eventBus, type BusEvent } from '../bus/eventBus';
import { MESSAGES, SESSION_LIFETIME_MS } from '../constants';
import { makeStore } from '../store/makeStore';
import { sessionDepsFor } from '../testing/fakeAuth';
import { joinSession, type SessionParticipant } from './participants';
import {
  createSession,
  LOGGED_OUT_EVERYWHERE_MESSAGE,
  LOGOUT_EVERYWHERE_FAILED_MESSAGE,
  SESSION_EXPIRED_QUERY,
  type SessionDeps,
} from './session';
import { selectLogoutStatus } from './sessionStatusSlice';
import { createSafeStorage, type KeyValueStorage } from './storage';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/**
 * A team taking part in the session (the cart does, with the learner's cart): what it heard, in
 * order, with whether the token was still stored; its save before a logout ends as `outcome`.
 */
function member(storage: KeyValueStorage) {
  const heard: string[] = [];
  const state = { outcome: 'saved' as 'saved' | 'failed', heard };
  const token = () => storage.getItem('token') ?? 'none';
  const participant: SessionParticipant = {
    loggedIn: () => {
      heard.push(`logged in (token ${token()})`);
      return Promise.resolve();
    },
    beforeLogout: () => {
      heard.push(`save (token ${token()})`);
      return Promise.resolve(state.outcome);
    },
    sessionEnded: ({ keepOnDevice }) => {
      heard.push(`ended, ${keepOnDevice ? 'kept on this device' : 'forgotten'}`);
    },
  };
  return { state, participant };
}

function setup(overrides: Partial<SessionDeps> = {}) {
  const store = makeStore();
  const storage = createSafeStorage(() => undefined);
  const team = member(storage);
  joinSession(store, team.participant);
  const events: BusEvent[] = [];
  const subscription = eventBus.all().subscribe((event) => events.push(event));
  const { deps, postMessage } = sessionDepsFor(store, storage, NOW, overrides);
  return {
    ...deps,
    team: team.state,
    session: createSession(deps),
    events,
    postMessage,
    status: () => selectLogoutStatus(store.getState()),
    done: () => {
      subscription.unsubscribe();
    },
  };
}

describe('login', () => {
  it('stores token, user_id and loginTimestamp, sets loginData, then lets the participants take the learner in', async () => {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.storage.getItem('user_id')).toBe('3');
    expect(t.storage.getItem('loginTimestamp')).toBe(String(NOW));
    expect(t.store.getState().loginData.loginData).toBe(true);
    expect(t.team.heard).toEqual(['logged in (token jwt-token)']);
    t.done();
  });

  it('wrong credentials throw the server message, store nothing and tell no participant', async () => {
    const t = setup();
    await expect(t.session.login('learner@example.com', 'wrong')).rejects.toThrow('incorrect');
    expect(t.storage.keys()).toEqual([]);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.team.heard).toEqual([]);
    t.done();
  });
});

/** The team hears the token's revocation, with whether the token was still stored then. */
function hearsRevocation(t: ReturnType<typeof setup>): void {
  (t.auth.logout as jest.Mock).mockImplementationOnce((token: string) => {
    t.team.heard.push(
      `revoked ${token}, token still stored: ${String(t.storage.getItem('token'))}`,
    );
    return Promise.resolve(undefined);
  });
}

describe('logout', () => {
  async function loggedIn() {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('isAllowed', 'true');
    t.storage.setItem('popupClosed', 'true');
    t.team.heard.length = 0;
    return t;
  }

  it('saves first, while the token works; then clears every key but isAllowed, says Logout Successfully, goes to /login', async () => {
    const t = await loggedIn();
    await expect(t.session.logout()).resolves.toBe(true);
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, forgotten']);
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: MESSAGES.logoutSuccess,
    });
    expect(t.navigate).toHaveBeenCalledWith('/login');
    expect(t.status()).toBe('idle');
    t.done();
  });

  it('a logout, or a logout of all devices, asked for while a logout is saving starts nothing: the token is revoked once', async () => {
    const t = await loggedIn();
    const first = t.session.logout();
    await expect(t.session.logout()).resolves.toBe(false);
    await expect(t.session.logoutEverywhere()).resolves.toBe(false);
    await expect(first).resolves.toBe(true);
    expect(t.auth.logout).toHaveBeenCalledTimes(1);
    expect(t.auth.logoutEverywhere).not.toHaveBeenCalled();
    t.done();
  });

  it('ends the session on this page before it revokes the token: no request goes out with a token being revoked', async () => {
    const t = await loggedIn();
    hearsRevocation(t);
    await t.session.logout();
    expect(t.team.heard).toEqual([
      'save (token jwt-token)',
      'ended, forgotten',
      'revoked jwt-token, token still stored: null',
    ]);
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

  it('without a token there is nothing to save or revoke', async () => {
    const t = setup();
    await t.session.logout();
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.team.heard).toEqual(['ended, forgotten']);
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('a save that fails keeps the learner logged in, and asks; trying again logs out', async () => {
    const t = await loggedIn();
    t.team.outcome = 'failed';
    await expect(t.session.logout()).resolves.toBe(false);
    expect(t.status()).toBe('failed');
    expect(t.store.getState().loginData.loginData).toBe(true);
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.team.heard).toEqual(['save (token jwt-token)']);
    expect(t.events).not.toContainEqual(
      expect.objectContaining({ message: MESSAGES.logoutSuccess }),
    );
    t.team.outcome = 'saved';
    await expect(t.session.logout()).resolves.toBe(true);
    expect(t.status()).toBe('idle');
    expect(t.team.heard.at(-1)).toBe('ended, forgotten');
    t.done();
  });

  it('log out anyway keeps what the device stores for the learner: no save, the stored state kept', async () => {
    const t = await loggedIn();
    t.storage.setItem('persist:root', '{}');
    t.team.outcome = 'failed';
    await t.session.logout();
    await expect(t.session.logout({ keepCartOnDevice: true })).resolves.toBe(true);
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, kept on this device']);
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    t.done();
  });

  it('staying logged in after a failed save clears the question', async () => {
    const t = await loggedIn();
    t.team.outcome = 'failed';
    await t.session.logout();
    expect(t.status()).toBe('failed');
    t.session.cancelLogout();
    expect(t.status()).toBe('idle');
    expect(t.store.getState().loginData.loginData).toBe(true);
    t.done();
  });
});

describe('log out of all devices', () => {
  async function loggedIn() {
    const t = setup();
    await t.session.login('learner@example.com', 'right');
    t.storage.setItem('isAllowed', 'true');
    t.team.heard.length = 0;
    return t;
  }

  it('saves, ends every session at the gateway, then logs out here, saying so', async () => {
    const t = await loggedIn();
    (t.auth.logoutEverywhere as jest.Mock).mockImplementationOnce((token: string) => {
      t.team.heard.push(`ended every session of ${token}`);
      return Promise.resolve(undefined);
    });
    await expect(t.session.logoutEverywhere()).resolves.toBe(true);
    expect(t.team.heard).toEqual([
      'save (token jwt-token)',
      'ended every session of jwt-token',
      'ended, forgotten',
    ]);
    expect(t.auth.logout).not.toHaveBeenCalled();
    expect(t.storage.keys()).toEqual(['isAllowed']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'success',
      message: LOGGED_OUT_EVERYWHERE_MESSAGE,
    });
    expect(t.navigate).toHaveBeenCalledWith('/login');
    t.done();
  });

  it('without a token it is a logout', async () => {
    const t = setup();
    await expect(t.session.logoutEverywhere()).resolves.toBe(true);
    expect(t.auth.logoutEverywhere).not.toHaveBeenCalled();
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
    expect(t.status()).toBe('idle');
    expect(t.events).toContainEqual({
      type: 'notify',
      level: 'error',
      message: LOGOUT_EVERYWHERE_FAILED_MESSAGE,
    });
    expect(t.navigate).not.toHaveBeenCalled();
    t.done();
  });

  it('what cannot be saved stays on this device: ending the sessions comes first', async () => {
    const t = await loggedIn();
    t.storage.setItem('persist:root', '{}');
    t.team.outcome = 'failed';
    await expect(t.session.logoutEverywhere()).resolves.toBe(true);
    expect(t.auth.logoutEverywhere).toHaveBeenCalledWith('jwt-token');
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, kept on this device']);
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    expect(t.status()).toBe('idle');
    t.done();
  });
});

describe('session expiry', () => {
  function withLogin(ageMs: number, mobileApp = false) {
    const t = setup({ isMobileApp: () => mobileApp });
    t.storage.setItem('token', 'jwt-token');
    t.storage.setItem('user_id', '7');
    t.storage.setItem('loginTimestamp', String(NOW - ageMs));
    t.storage.setItem('isAllowed', 'true');
    t.storage.setItem('persist:root', '{}');
    return t;
  }

  it('a session younger than 24 h stays', async () => {
    const t = withLogin(SESSION_LIFETIME_MS - 1);
    await expect(t.session.checkExpiry()).resolves.toBe(false);
    expect(t.storage.getItem('token')).toBe('jwt-token');
    expect(t.team.heard).toEqual([]);
    t.done();
  });

  it('at 24 h, as a logout: tells the app, saves the cart to the account while the token works, clears all storage but isAllowed, says Session Expired, clears login, goes to /login', async () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    await expect(t.session.checkExpiry()).resolves.toBe(true);
    expect(t.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'logout' }));
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, forgotten']);
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

  it('at 24 h the session ends on this page before the token is revoked', async () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    hearsRevocation(t);
    await expect(t.session.checkExpiry()).resolves.toBe(true);
    expect(t.team.heard).toEqual([
      'save (token jwt-token)',
      'ended, forgotten',
      'revoked jwt-token, token still stored: null',
    ]);
    t.done();
  });

  it('a cart that cannot be saved at expiry stays on this device (its stored state too), for the next login to merge', async () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    t.team.outcome = 'failed';
    await expect(t.session.checkExpiry()).resolves.toBe(true);
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, kept on this device']);
    expect(t.storage.keys().sort()).toEqual(['isAllowed', 'persist:root']);
    expect(t.store.getState().loginData.loginData).toBe(false);
    t.done();
  });

  it('checked again while it expires (the minute’s check, the tab shown again), it expires once', async () => {
    const t = withLogin(SESSION_LIFETIME_MS);
    const first = t.session.checkExpiry();
    const second = t.session.checkExpiry();
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(t.team.heard).toEqual(['save (token jwt-token)', 'ended, forgotten']);
    expect(t.navigate).toHaveBeenCalledTimes(1);
    await expect(t.session.checkExpiry()).resolves.toBe(false);
    t.done();
  });

  it('in the app the redirect is a full page load to the login page that says the session expired', async () => {
    const t = withLogin(SESSION_LIFETIME_MS + 1, true);
    await t.session.checkExpiry();
    expect(t.navigate).toHaveBeenCalledWith(`/login?${SESSION_EXPIRED_QUERY}`, { full: true });
    t.done();
  });

  it('without a token or timestamp nothing happens', async () => {
    const t = setup();
    t.storage.setItem('loginTimestamp', '1');
    await expect(t.session.checkExpiry()).resolves.toBe(false);
    t.done();
  });
});

describe('taking part', () => {
  it('a participant that left is no longer asked', async () => {
    const t = setup();
    const heard: string[] = [];
    const leave = joinSession(t.store, {
      beforeLogout: () => {
        heard.push('save');
        return Promise.resolve('failed');
      },
    });
    leave();
    leave();
    await t.session.login('learner@example.com', 'right');
    await expect(t.session.logout()).resolves.toBe(true);
    expect(heard).toEqual([]);
    t.done();
  });
});
