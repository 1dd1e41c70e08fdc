import { ApiError } from '../api/client';
import type { AuthApi } from '../api/auth';

/** The demo learner's address and password in the fake login. */
export const FAKE_LEARNER = { username: 'learner@example.com', password: 'right' } as const;

/**
 * The session's login API in a test: the fake learner's credentials log in (token `jwt-token`,
 * user 3), anything else is WordPress's 403; logout and logout everywhere succeed.
 */
export function fakeAuth(): AuthApi {
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
