import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { createExpiringEntries } from '../expiringEntries';
import type { AttemptCounter, AttemptLimit } from './attemptCounter';
import { pathOf } from '../plugins/canonicalPaths';
import type { WooCommerce } from '../commerce/wooCommerce';
import type { GatewayReply, GatewayRequest } from '../requestTypes';
import { routeOf } from '../proxy/routeTable';
import { pastSecondOf, type RevocationStore } from './tokens';
import type { UpstreamAnswer } from '../proxy/upstreamPolicy';
import { emailAddress, integer, objectOf } from '../validation';

const MINUTE = 60_000;

/**
 * Failed logins. Successes never count: a class behind one venue's address logs in together. An
 * account is one whether named by its login name or its email address (accountKey). Per client
 * and account: a learner's typos, then a wait or a password reset; an attacker gets 5 guesses a
 * quarter of an hour at one account from one address. Per account, from every address together:
 * 10 a quarter of an hour, so many addresses buy no more guesses (a learner an attacker locks out
 * this way resets their password, which lifts the lock). Per client, across accounts: a class of
 * 25 each mistyping once stays under it; trying one password on many accounts stops there.
 */
const LOGIN_FAILURE_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * MINUTE },
  perAccountEverywhere: { max: 10, windowMs: 15 * MINUTE },
  perClient: { max: 30, windowMs: MINUTE },
} as const;

/** How long the account a login name or address names is remembered (found or not). */
const ACCOUNT_REMEMBERED_MS = 5 * MINUTE;

/** What the account forms are told, whatever WordPress said: nothing tells whether an address or a username has an account. */
const ACCOUNT_TEXTS = {
  loginFailed: 'The email address or password is incorrect.',
  signupReceived:
    'If this email address and username are new to us, your account is ready: log in with your email address and password. If either already has an account, log in with that account’s password or reset it, or sign up again with another username.',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  invalidEmail: 'Please enter a valid email address.',
  resetUnavailable: 'Your password cannot be reset right now. Please try again in a few minutes.',
} as const;

/** The JWT plugin's refusals of an address or password: one answer for all. */
const CREDENTIAL_FAILURES = new Set([
  '[jwt_auth] invalid_email',
  '[jwt_auth] invalid_username',
  '[jwt_auth] incorrect_password',
]);

/** WordPress's refusals of a sign-up for an address or a username that has an account. */
const ACCOUNT_TAKEN = new Set([
  'existing_user_email',
  'email_exists',
  'existing_user_login',
  'username_exists',
]);

/** An address a reset link may be asked for. */
const resetAddress = emailAddress();

const customers = v.array(
  objectOf({ id: v.pipe(integer(), v.gtValue(0)), email: v.string(), username: v.string() }),
);

const ACCOUNT_ROUTES = ['login', 'signup', 'forgot-password', 'reset-password'] as const;
type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

/** The account form a request posts to, if any (each is a POST). */
function accountRouteOf(request: GatewayRequest): AccountRoute | undefined {
  if (request.method !== 'POST') return undefined;
  const name = routeOf(request.method, pathOf(request.url))?.rule?.name;
  return ACCOUNT_ROUTES.find((route) => route === name);
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The login name or address a login names, as WordPress reads it (wp_authenticate's
 * sanitize_user: tags, accents, %-escapes and entities dropped, spaces collapsed; any case, as
 * its database compares): no other spelling of one account gets an allowance of its own.
 */
function loginNameOf(entry: unknown): string {
  const text = typeof entry === 'string' ? entry : entry === undefined ? '' : JSON.stringify(entry);
  return text
    .replace(/<[^>]*>/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/%[0-9a-f]{2}/gi, '')
    .replace(/&.+?;/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A name in the counters: hashed, so they never hold an address. */
const hashed = (text: string) => createHash('sha256').update(text).digest('base64url');

/** "1 minute", "15 minutes": how long until `ms` have passed, rounded up. */
function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return `${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
}

function sendJson(reply: GatewayReply, status: number, body: unknown): GatewayReply {
  // The upstream's length was for its own body.
  reply.removeHeader('content-length');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isJson = (answer: UpstreamAnswer) => (answer.headers['content-type'] ?? '').includes('json');

export interface AccountsDeps {
  wc: WooCommerce;
  revocations: RevocationStore;
  attempts: AttemptCounter;
  now?: () => number;
  log: (message: string, error?: unknown) => void;
}

/**
 * The account forms through the gateway (login, sign-up, forgot and reset password): answers
 * that never tell whether an address has an account, failed logins limited per account and per
 * client (successes never count), and a password reset that ends every session of its learner.
 * Registered before the proxy: its checks run before the upstream is asked; the proxy hands it
 * the upstream's answers (`onResponse`).
 */
export function registerAccounts(app: FastifyInstance, deps: AccountsDeps) {
  const now = deps.now ?? Date.now;
  /** A login on its way: the counters its attempt was counted on, until it turns out a failure. */
  const loginsUnderway = new WeakMap<GatewayRequest, string[]>();
  /** A password reset on its way: the user ids of the account it names. */
  const resets = new WeakMap<GatewayRequest, string[]>();
  /** A login name or address (hashed) -> the counter name of the account it names. */
  const accountKeys = createExpiringEntries<string>(now, 100_000);

  /** An attempt that was not a failed guess (success, refusal, error, gone) is taken back. */
  async function settle(request: GatewayRequest): Promise<void> {
    const keys = loginsUnderway.get(request);
    loginsUnderway.delete(request);
    if (keys) await deps.attempts.takeBack(keys);
  }

  /**
   * The counter name of the account a login names: `user:<id>` for the account WooCommerce lists
   * under that login name or address (accountsNamed), so both share one count; the hashed name
   * for one it does not list. Every login asks (or finds the answer remembered, found or not), and
   * the answer changes only which count a failure joins, never what the login is told: no oracle
   * of whether an account exists. With WooCommerce unusable, the name counts on its own.
   */
  async function accountKey(entry: unknown): Promise<string> {
    const name = loginNameOf(entry);
    const remembered = accountKeys.get(hashed(name))?.value;
    if (remembered !== undefined) return remembered;
    let key = `name:${hashed(name)}`;
    try {
      const [userId] = name === '' ? [] : (await accountsNamed(name)).sort();
      if (userId !== undefined) key = `user:${userId}`;
    } catch (error) {
      deps.log('Could not find the account of a login: its failures count by its name', error);
      return key;
    }
    accountKeys.set(hashed(name), key, now() + ACCOUNT_REMEMBERED_MS);
    return key;
  }

  async function beforeLogin(request: GatewayRequest, reply: GatewayReply): Promise<void> {
    const client = normalizeIP(request.ip);
    const account = await accountKey(field(request.body, 'username'));
    const limits: AttemptLimit[] = [
      { key: `login-client:${client}`, ...LOGIN_FAILURE_LIMITS.perClient },
      { key: `login-account:${client}:${account}`, ...LOGIN_FAILURE_LIMITS.perAccount },
      { key: `login-account:${account}`, ...LOGIN_FAILURE_LIMITS.perAccountEverywhere },
    ];
    const keys = limits.map(({ key }) => key);
    const counts = await deps.attempts.add(limits);
    const waits = counts.flatMap(({ count, remainingMs }, index) =>
      count > (limits[index]?.max ?? 0) ? [remainingMs] : [],
    );
    if (waits.length === 0) {
      loginsUnderway.set(request, keys);
      return;
    }
    await deps.attempts.takeBack(keys);
    const waitMs = Math.max(...waits);
    void reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
    sendJson(reply, 429, {
      code: 'rate_limited',
      message: `Too many failed attempts. Please wait ${minutesText(waitMs)} and try again, or reset your password.`,
      data: { status: 429 },
    });
  }

  function beforeForgotPassword(request: GatewayRequest, reply: GatewayReply): void {
    const email = field(request.body, 'email');
    if (typeof email === 'string' && v.is(resetAddress, email.trim())) return;
    sendJson(reply, 400, {
      code: 'invalid_email',
      message: ACCOUNT_TEXTS.invalidEmail,
      data: { status: 400 },
    });
  }

  /**
   * The accounts a login name or an address names, as WooCommerce lists its customers to the
   * gateway's key (`email=` for an address, else `search=`, then only exact matches): for a
   * login's failure count, and a reset link's `login`, since WordPress's reset answer does not say
   * whose password it set.
   */
  async function accountsNamed(login: string): Promise<string[]> {
    const query = login.includes('@') ? 'email' : 'search';
    const found = await deps.wc.get(
      `wc/v3/customers?${query}=${encodeURIComponent(login)}&role=all&per_page=100`,
      customers,
    );
    const wanted = login.toLowerCase();
    const named = found.filter(
      ({ email, username }) => email.toLowerCase() === wanted || username.toLowerCase() === wanted,
    );
    return [...new Set(named.map(({ id }) => String(id)))];
  }

  async function beforeReset(request: GatewayRequest, reply: GatewayReply): Promise<void> {
    const login = field(request.body, 'login');
    // WordPress would look for it elsewhere (the query): a reset whose account the gateway does
    // not know could not end that account's sessions.
    if (typeof login !== 'string' || login.trim() === '') {
      sendJson(reply, 400, {
        code: 'missing_fields',
        message: 'Missing required field(s): login.',
        data: { status: 400, fields: ['login'] },
      });
      return;
    }
    try {
      resets.set(request, await accountsNamed(login.trim()));
    } catch (error) {
      // A reset whose learner is unknown could not end their sessions: none is made.
      deps.log('Could not find the account of a password reset', error);
      sendJson(reply, 503, {
        code: 'reset_unavailable',
        message: ACCOUNT_TEXTS.resetUnavailable,
        data: { status: 503 },
      });
    }
  }

  app.addHook('preHandler', async (request, reply) => {
    switch (accountRouteOf(request)) {
      case 'login':
        await beforeLogin(request, reply);
        break;
      case 'forgot-password':
        beforeForgotPassword(request, reply);
        break;
      case 'reset-password':
        await beforeReset(request, reply);
        break;
      case 'signup':
      case undefined:
        break;
    }
    if (reply.sent) return reply;
    return undefined;
  });
  app.addHook('onResponse', (request) => settle(request));
  app.addHook('onRequestAbort', (request) => settle(request));

  async function loginAnswered(
    request: GatewayRequest,
    reply: GatewayReply,
    upstream: UpstreamAnswer,
  ): Promise<boolean> {
    if (upstream.statusCode !== 403 || !isJson(upstream)) return false;
    const body = await buffer(upstream.stream);
    const { code } = (parsed(body) ?? {}) as { code?: unknown };
    if (typeof code !== 'string' || !CREDENTIAL_FAILURES.has(code)) {
      reply.send(body);
      return true;
    }
    // A failed guess: it stays counted.
    loginsUnderway.delete(request);
    sendJson(reply, 403, {
      code: '[jwt_auth] invalid_credentials',
      message: ACCOUNT_TEXTS.loginFailed,
      data: { status: 403 },
    });
    return true;
  }

  async function signupAnswered(reply: GatewayReply, upstream: UpstreamAnswer): Promise<boolean> {
    const status = upstream.statusCode;
    if (status >= 500 || status === 429 || !isJson(upstream)) return false;
    const body = await buffer(upstream.stream);
    const answer = parsed(body);
    const code = field(answer, 'code');
    const taken = status >= 400 && typeof code === 'string' && ACCOUNT_TAKEN.has(code);
    const created = status < 300 && field(answer, 'success') !== false;
    if (!taken && !created) {
      reply.send(body);
      return true;
    }
    // The same answer for a new address or username and one with an account, and no user id.
    sendJson(reply, 201, { success: true, message: ACCOUNT_TEXTS.signupReceived });
    return true;
  }

  function forgotPasswordAnswered(reply: GatewayReply, upstream: UpstreamAnswer): boolean {
    const status = upstream.statusCode;
    if (status >= 500 || status === 429) return false;
    upstream.stream.resume();
    sendJson(reply, 200, { success: true, message: ACCOUNT_TEXTS.resetLinkSent });
    return true;
  }

  async function resetAnswered(
    request: GatewayRequest,
    reply: GatewayReply,
    upstream: UpstreamAnswer,
  ): Promise<boolean> {
    const status = upstream.statusCode;
    if (status < 200 || status >= 300 || !isJson(upstream)) return false;
    const body = await buffer(upstream.stream);
    if (field(parsed(body), 'success') !== false) {
      const userIds = resets.get(request) ?? [];
      if (userIds.length === 0) {
        deps.log(
          'A password was reset for an account the gateway could not find: its sessions go on',
        );
      }
      const at = now();
      await Promise.all(userIds.map((userId) => deps.revocations.revokeUser(userId, at)));
      // A login with the new password in that same second would be refused.
      if (userIds.length > 0) await pastSecondOf(at, now);
      // The new password opens the account at once, however many failures were counted on it.
      const client = normalizeIP(request.ip);
      await deps.attempts.forget(
        userIds.flatMap((userId) => [
          `login-account:user:${userId}`,
          `login-account:${client}:user:${userId}`,
        ]),
      );
    }
    reply.send(body);
    return true;
  }

  return {
    /**
     * Answers the upstream's answer to an account form (true), or leaves it to the proxy (false):
     * every other route, and answers these do not change (server errors, limits).
     */
    onResponse(
      request: GatewayRequest,
      reply: GatewayReply,
      upstream: UpstreamAnswer,
    ): Promise<boolean> {
      switch (accountRouteOf(request)) {
        case 'login':
          return loginAnswered(request, reply, upstream);
        case 'signup':
          return signupAnswered(reply, upstream);
        case 'forgot-password':
          return Promise.resolve(forgotPasswordAnswered(reply, upstream));
        case 'reset-password':
          return resetAnswered(request, reply, upstream);
        case undefined:
          return Promise.resolve(false);
      }
    },
  };
}

export type Accounts = ReturnType<typeof registerAccounts>;
