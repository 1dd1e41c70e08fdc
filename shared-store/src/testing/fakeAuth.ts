import { ApiError } from '../api/client';
import type { AuthApi } from '../api/auth';
import type { SessionDeps } from '../session/session';
import type { KeyValueStorage } from '../session/storage';
import type { AppStore } from '../store/makeStore';

/** The demo learner's address and password in the fake login. */
const FAKE_LEARNER = { username: 'learner@example.com', password: 'right' } as const;

/**
 * The session's login API in a test: the fake learner's credentials log in (token `jwt-token`,
 * user 3), anything else is WordPress's 403; logout and logout everywhere succeed.
 */
function fakeAuth(): AuthApi {
  return {
    login: jest.fn((username: string, password: string) =>
      username === FAKE_LEARNER.username && password === FAKE_LEARNER.password
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
  };
}

/**
 * What a session is made of in a test: the store and storage given, the fake login, no
 * navigation, the clock at `now`, in a browser (not the company's app) whose app bridge records
 * what it is sent (`postMessage`). `overrides` replace any part.
 */
export function sessionDepsFor(
  store: AppStore,
  storage: KeyValueStorage,
  now: number,
  overrides: Partial<SessionDeps> = {},
): { deps: SessionDeps; postMessage: jest.Mock } {
  const postMessage = jest.fn();
  const deps: SessionDeps = {
    store,
    storage,
    auth: fakeAuth(),
    navigate: jest.fn(),
    now: () => now,
    isMobileApp: () => false,
    win: { ReactNativeWebView: { postMessage } } as unknown as Window,
    ...overrides,
  };
  return { deps, postMessage };
}
