import type { FastifyInstance } from 'fastify';
import { DEMO_LEARNER, DEMO_RESET_KEY } from '../config';
import type { BackendContext } from '../context';
import { escapeHtml, isEmail } from '../domain/text';
import { issueToken } from '../domain/tokens';
import type { UserAccount } from '../domain/users';
import { checkUserToken, readBearer } from '../http/auth';
import { invalidFieldError, WpError } from '../errors';
import { bodyFields, textField } from '../http/input';
import { requestOrigin } from '../http/origin';

/**
 * Accounts: the WordPress JWT plugin's login (`jwt-auth/v1`) and the site's sign-up and
 * password-reset routes (`custom/v1`).
 */

const MIN_PASSWORD_LENGTH = 8;

function jwtError(code: string, message: string): WpError {
  return new WpError(403, `[jwt_auth] ${code}`, message);
}

const lostPasswordLink = '<a href="/forgotpass">Lost your password?</a>';

/** Finds the account for a login form entry (an email or a login name) or throws the plugin's error. */
function accountFor(entry: string, context: BackendContext): UserAccount {
  if (entry.includes('@')) {
    const account = context.users.byEmail(entry);
    if (!account) {
      throw jwtError('invalid_email', 'Unknown email address. Check again or try your username.');
    }
    return account;
  }
  const account = context.users.byLogin(entry);
  if (!account) {
    throw jwtError(
      'invalid_username',
      `<strong>Error:</strong> The username <strong>${escapeHtml(entry)}</strong> is not registered on this site. If you are unsure of your username, try your email address instead.`,
    );
  }
  return account;
}

/** Registers `jwt-auth/v1` and the account routes of `custom/v1`. */
export function registerAuthRoutes(app: FastifyInstance, context: BackendContext): void {
  app.post('/wp-json/jwt-auth/v1/token', (request) => {
    const fields = bodyFields(request);
    const username = textField(fields, 'username');
    // Passwords are compared as typed: surrounding spaces are part of a password.
    const password = typeof fields.password === 'string' ? fields.password : '';
    if (username === undefined) {
      throw jwtError('empty_username', '<strong>Error:</strong> The username field is empty.');
    }
    if (password === '') {
      throw jwtError('empty_password', '<strong>Error:</strong> The password field is empty.');
    }
    const account = accountFor(username, context);
    if (account.password !== password) {
      const what = username.includes('@') ? 'email address' : 'username';
      throw jwtError(
        'incorrect_password',
        `<strong>Error:</strong> The password you entered for the ${what} <strong>${escapeHtml(username)}</strong> is incorrect. ${lostPasswordLink}`,
      );
    }
    return {
      token: issueToken(account.id, requestOrigin(request), context.options.jwtSecret),
      user_id: account.id,
      user_email: account.email,
      user_nicename: account.login.toLowerCase(),
      user_display_name: account.displayName,
    };
  });

  app.post('/wp-json/jwt-auth/v1/token/validate', (request) => {
    const bearer = readBearer(request);
    if (bearer.kind === 'missing') {
      throw new WpError(403, 'jwt_auth_no_auth_header', 'Authorization header not found.');
    }
    if (bearer.kind === 'malformed') {
      throw new WpError(403, 'jwt_auth_bad_auth_header', 'Authorization header malformed.');
    }
    const result = checkUserToken(bearer.token, context);
    if (!result.ok) throw new WpError(403, 'jwt_auth_invalid_token', result.reason);
    return { code: 'jwt_auth_valid_token', data: { status: 200 } };
  });

  app.post('/wp-json/custom/v1/register', (request, reply) => {
    const fields = bodyFields(request);
    const username = textField(fields, 'username');
    const email = textField(fields, 'email');
    const password = typeof fields.password === 'string' ? fields.password : '';
    if (username === undefined) {
      throw invalidFieldError('username', 'Please enter a username.', 'empty_username');
    }
    if (!/^[A-Za-z0-9 _.@-]{3,60}$/.test(username)) {
      throw invalidFieldError(
        'username',
        'Usernames must be 3 to 60 characters: letters, digits, spaces and _ . @ - only.',
        'invalid_username',
      );
    }
    if (!isEmail(email)) {
      throw invalidFieldError('email', 'Please enter a valid email address.', 'invalid_email');
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw invalidFieldError(
        'password',
        `Passwords must be at least ${String(MIN_PASSWORD_LENGTH)} characters long.`,
        'weak_password',
      );
    }
    if (context.users.byLogin(username)) {
      throw new WpError(400, 'existing_user_login', 'Sorry, that username already exists!');
    }
    if (context.users.byEmail(email)) {
      throw new WpError(400, 'existing_user_email', 'Sorry, that email address is already used!');
    }
    const account = context.users.register(username, email, password);
    return reply.code(201).send({ success: true, user_id: account.id });
  });

  app.post('/wp-json/custom/v1/forgot-password', (request) => {
    const email = textField(bodyFields(request), 'email');
    if (!isEmail(email)) {
      throw new WpError(400, 'invalid_email', 'Please enter a valid email address.');
    }
    // The same answer whether or not the account exists, so the form cannot probe for accounts.
    return {
      success: true,
      message: 'If an account exists for that email, a reset link has been sent.',
    };
  });

  app.post('/wp-json/custom/v1/reset-password-form', (request) => {
    const fields = bodyFields(request);
    const key = textField(fields, 'key');
    const login = textField(fields, 'login');
    const newPassword = typeof fields.new_password === 'string' ? fields.new_password : '';
    const missing = [
      ...(key === undefined ? ['key'] : []),
      ...(login === undefined ? ['login'] : []),
      ...(newPassword === '' ? ['new_password'] : []),
    ];
    if (missing.length > 0) {
      throw new WpError(
        400,
        'missing_fields',
        `Missing required field(s): ${missing.join(', ')}.`,
        {
          fields: missing,
        },
      );
    }
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      throw invalidFieldError(
        'new_password',
        `Your new password must be at least ${String(MIN_PASSWORD_LENGTH)} characters long.`,
        'password_too_short',
      );
    }
    const learner = context.users.byId(DEMO_LEARNER.userId);
    const loginMatches =
      login !== undefined &&
      [learner?.login, learner?.email].some((name) => name?.toLowerCase() === login.toLowerCase());
    if (key !== DEMO_RESET_KEY || !loginMatches) {
      throw new WpError(400, 'invalid_key', 'This password reset link is invalid or has expired.');
    }
    // The demo password deliberately stays as documented, so every test run can log in.
    return { success: true, message: 'Your password has been reset. You can now log in.' };
  });
}
