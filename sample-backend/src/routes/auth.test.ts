import type { FastifyInstance } from 'fastify';
import { decode, sign } from 'jsonwebtoken';
import { DEMO_LEARNER } from '../index';
import { json, testBackend } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend({ jwtSecret: 'test-secret' }));
});
afterAll(() => cleanup());

function login(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/wp-json/jwt-auth/v1/token', payload });
}

describe('JWT login', () => {
  it.each([DEMO_LEARNER.email, DEMO_LEARNER.username, 'LEARNER@Example.com'])(
    'logs the demo learner in with %s',
    async (username) => {
      const response = await login({ username, password: DEMO_LEARNER.password });
      expect(response.statusCode).toBe(200);
      const body = json(response) as Record<string, unknown>;
      expect(body).toEqual({
        token: expect.any(String) as string,
        user_id: 3,
        user_email: 'learner@example.com',
        user_nicename: 'learner',
        user_display_name: 'Dr Test Learner',
      });
    },
  );

  it('issues an HS256 token with the plugin payload, valid for 7 days', async () => {
    const { token } = json(
      await login({ username: 'learner', password: DEMO_LEARNER.password }),
    ) as {
      token: string;
    };
    const decoded = decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const payload = decoded?.payload as {
      iat: number;
      exp: number;
      data: { user: { id: string } };
    };
    expect(payload.data.user.id).toBe('3');
    expect(payload.exp - payload.iat).toBe(7 * 24 * 60 * 60);
  });

  it('accepts a form-encoded login as the WordPress plugin does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/jwt-auth/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=learner&password=${encodeURIComponent(DEMO_LEARNER.password)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with the WordPress message', async () => {
    const response = await login({ username: 'learner@example.com', password: 'wrong' });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({
      code: '[jwt_auth] incorrect_password',
      message:
        '<strong>Error:</strong> The password you entered for the email address <strong>learner@example.com</strong> is incorrect. <a href="/forgotpass">Lost your password?</a>',
      data: { status: 403 },
    });
  });

  it('refuses an unknown email and an unknown username', async () => {
    const byEmail = await login({ username: 'nobody@example.com', password: 'x' });
    expect(byEmail.statusCode).toBe(403);
    expect(json(byEmail)).toEqual({
      code: '[jwt_auth] invalid_email',
      message: 'Unknown email address. Check again or try your username.',
      data: { status: 403 },
    });
    const byLogin = await login({ username: 'nobody', password: 'x' });
    expect((json(byLogin) as { code: string }).code).toBe('[jwt_auth] invalid_username');
  });

  it('refuses empty fields', async () => {
    expect((json(await login({ password: 'x' })) as { code: string }).code).toBe(
      '[jwt_auth] empty_username',
    );
    const noPassword = await login({ username: 'learner' });
    expect(noPassword.statusCode).toBe(403);
    expect((json(noPassword) as { code: string }).code).toBe('[jwt_auth] empty_password');
  });
});

describe('token validation', () => {
  function validate(authorization?: string) {
    return app.inject({
      method: 'POST',
      url: '/wp-json/jwt-auth/v1/token/validate',
      headers: authorization === undefined ? {} : { authorization },
    });
  }

  it('accepts a token it issued', async () => {
    const { token } = json(
      await login({ username: 'learner', password: DEMO_LEARNER.password }),
    ) as {
      token: string;
    };
    const response = await validate(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ code: 'jwt_auth_valid_token', data: { status: 200 } });
  });

  it('refuses tokens signed with another secret, expired tokens and missing headers', async () => {
    const forged = sign({ data: { user: { id: '3' } } }, 'another-secret');
    expect((json(await validate(`Bearer ${forged}`)) as { code: string }).code).toBe(
      'jwt_auth_invalid_token',
    );
    const expired = sign({ data: { user: { id: '3' } }, exp: 1 }, 'test-secret');
    const expiredResponse = await validate(`Bearer ${expired}`);
    expect(expiredResponse.statusCode).toBe(403);
    expect(json(expiredResponse)).toEqual({
      code: 'jwt_auth_invalid_token',
      message: 'Expired token',
      data: { status: 403 },
    });
    expect((json(await validate()) as { code: string }).code).toBe('jwt_auth_no_auth_header');
  });

  it('random JWT secret per start: a token from one start is refused by another', async () => {
    const first = await testBackend();
    const second = await testBackend();
    const { token } = json(
      await first.app.inject({
        method: 'POST',
        url: '/wp-json/jwt-auth/v1/token',
        payload: { username: 'learner', password: DEMO_LEARNER.password },
      }),
    ) as { token: string };
    const check = (backend: FastifyInstance) =>
      backend.inject({
        method: 'POST',
        url: '/wp-json/jwt-auth/v1/token/validate',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await check(first.app)).statusCode).toBe(200);
    expect((await check(second.app)).statusCode).toBe(403);
    const me = await second.app.inject({
      url: '/wp-json/wp/v2/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    // Nor does the secret that used to be published sign tokens any backend accepts.
    const published = sign(
      { data: { user: { id: '3' } } },
      'sample-backend-jwt-secret-not-for-production',
    );
    expect(
      (
        await first.app.inject({
          method: 'POST',
          url: '/wp-json/jwt-auth/v1/token/validate',
          headers: { authorization: `Bearer ${published}` },
        })
      ).statusCode,
    ).toBe(403);
    await first.cleanup();
    await second.cleanup();
  });
});

describe('sign-up', () => {
  function register(payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: '/wp-json/custom/v1/register', payload });
  }

  it('creates an account that can then log in', async () => {
    const response = await register({
      username: 'dr.new',
      email: 'new@example.com',
      password: 'Str0ngPass!',
    });
    expect(response.statusCode).toBe(201);
    const { user_id: userId } = json(response) as { user_id: number };
    expect(userId).toBeGreaterThan(3);
    const loggedIn = json(
      await login({ username: 'new@example.com', password: 'Str0ngPass!' }),
    ) as {
      user_id: number;
    };
    expect(loggedIn.user_id).toBe(userId);
  });

  it('refuses the demo learner email with WordPress words', async () => {
    const response = await register({
      username: 'someone',
      email: DEMO_LEARNER.email,
      password: 'Str0ngPass!',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      code: 'existing_user_email',
      message: 'Sorry, that email address is already used!',
      data: { status: 400 },
    });
  });

  it.each([
    [{ email: 'x@example.com', password: 'Str0ngPass!' }, 'empty_username'],
    [{ username: '<b>', email: 'x@example.com', password: 'Str0ngPass!' }, 'invalid_username'],
    [{ username: 'someone', email: 'not-an-email', password: 'Str0ngPass!' }, 'invalid_email'],
    [{ username: 'someone', email: 'x@example.com', password: 'short' }, 'weak_password'],
    [
      { username: 'learner', email: 'x@example.com', password: 'Str0ngPass!' },
      'existing_user_login',
    ],
  ])('refuses %j with %s', async (payload, code) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect((json(response) as { code: string }).code).toBe(code);
  });
});

describe('password reset', () => {
  function post(url: string, payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: `/wp-json/custom/v1/${url}`, payload });
  }

  it('forgot-password answers the same for any well-formed email', async () => {
    for (const email of [DEMO_LEARNER.email, 'unknown@example.com']) {
      const response = await post('forgot-password', { email });
      expect(json(response)).toEqual({
        success: true,
        message: 'If an account exists for that email, a reset link has been sent.',
      });
    }
  });

  it('forgot-password refuses a malformed email', async () => {
    const response = await post('forgot-password', { email: 'learner' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      code: 'invalid_email',
      message: 'Please enter a valid email address.',
      data: { status: 400 },
    });
  });

  it('reset-password-form accepts the demo key and leaves the demo password working', async () => {
    const response = await post('reset-password-form', {
      key: 'demo-reset-key',
      login: 'learner',
      new_password: 'An0therPass!',
    });
    expect(response.statusCode).toBe(200);
    expect((json(response) as { success: boolean }).success).toBe(true);
    expect((await login({ username: 'learner', password: DEMO_LEARNER.password })).statusCode).toBe(
      200,
    );
  });

  it('reset-password-form refuses another key, missing fields and a short password', async () => {
    const badKey = await post('reset-password-form', {
      key: 'nope',
      login: 'learner',
      new_password: 'An0therPass!',
    });
    expect(json(badKey)).toEqual({
      code: 'invalid_key',
      message: 'This password reset link is invalid or has expired.',
      data: { status: 400 },
    });
    const missing = await post('reset-password-form', { key: 'demo-reset-key' });
    expect(missing.statusCode).toBe(400);
    expect((json(missing) as { message: string }).message).toBe(
      'Missing required field(s): login, new_password.',
    );
    const short = await post('reset-password-form', {
      key: 'demo-reset-key',
      login: 'learner',
      new_password: 'abc',
    });
    expect((json(short) as { code: string }).code).toBe('password_too_short');
  });
});
