import Fastify, { type FastifyInstance } from 'fastify';
import { urlsafeB64Decode } from '../../../sample-backend/src';
import { buildGateway, type GatewayOptions } from '../app';
import { tokenClaims } from '../identity/tokens';
import { fakeClockOnly } from './clock';
import { makeAppsRoot, testGatewayOptions } from './contract';
import { sharedRedis } from './redisServer';
import { jwtFor, signerOf } from './tokens';

/** The learners the test's WordPress knows, with the key of the reset link each was sent. */
export const LEARNERS = [
  { id: 3, email: 'learner@example.com', username: 'learner', password: 'Learner#2026' },
  { id: 4, email: 'colleague@example.com', username: 'colleague', password: 'Colleague#2026' },
].map((learner) => ({ ...learner, resetKey: `reset-key-${String(learner.id)}` }));

/** A class of 25 doctors, each with an account of their own. */
export const CLASS = Array.from({ length: 25 }, (_, index) => ({
  id: 100 + index,
  email: `doctor${String(index + 1)}@venue.example`,
  password: `Doctor#${String(index + 1)}`,
}));

const bearerOf = (authorization: string | undefined) => authorization?.replace(/^Bearer /, '');

/**
 * A WordPress (with WooCommerce's customer list and the sample's learner dashboard) that knows
 * LEARNERS: a token is theirs when its signature names its user (test-support/tokens.ts). Its
 * login, sign-up, forgot-password and reset answers are the JWT plugin's and WordPress's own,
 * telling whether an account exists, as the real ones may. It records what reaches it;
 * `failCustomers` makes its customer list fail, `failLogins` its logins.
 */
async function startAccountsWordPress() {
  // A dashboard link carries a whole token as a path parameter.
  const server = Fastify({ routerOptions: { maxParamLength: 4096 } });
  const hits: string[] = [];
  const state = { failCustomers: false, failLogins: false };
  server.addHook('onRequest', (request, _reply, done) => {
    hits.push(`${request.method} ${request.url}`);
    done();
  });
  /**
   * The JWT plugin's reading: the signature segment decoded as PHP does (so `T,` is `T`); the
   * first two as received, since they are what is signed.
   */
  const ownerOf = (token: string | undefined) => {
    const segments = token?.split('.') ?? [];
    if (segments.length !== 3) return undefined;
    const signature = urlsafeB64Decode(segments[2] ?? '').toString('base64url');
    const read = `${segments[0] ?? ''}.${segments[1] ?? ''}.${signature}`;
    const claims = tokenClaims(read);
    return claims && signerOf(read) === Number(claims.userId) ? Number(claims.userId) : undefined;
  };
  const error = (status: number, code: string, message: string) => ({
    code,
    message,
    data: { status },
  });
  type Fields = Record<string, string | undefined>;

  server.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const id = ownerOf(bearerOf(request.headers.authorization));
    return id === undefined
      ? reply.code(401).send(error(401, 'rest_not_logged_in', 'You are not currently logged in.'))
      : { id };
  });
  server.get<{ Params: { id: string } }>('/wp-json/wp/v2/usercourses/:id', (request) => [
    { course_id: 2101, learner: Number(request.params.id) },
  ]);
  server.post<{ Body: { userId: number } }>('/lms/api/v1/item/get-cart-data', (request) => ({
    userId: request.body.userId,
    data: null,
  }));
  server.get<{ Params: { token: string } }>('/portal/course/:token', (request, reply) =>
    ownerOf(request.params.token) === undefined
      ? reply.code(401).type('text/html').send('<h1>Session expired</h1>')
      : reply.type('text/html').send('<h1>My Dashboard</h1>'),
  );

  server.post<{ Body: Fields }>('/wp-json/jwt-auth/v1/token', (request, reply) => {
    if (state.failLogins) return reply.code(500).send(error(500, 'db_error', 'Database down.'));
    const { username = '', password } = request.body;
    const learner = [...LEARNERS, ...CLASS].find((one) =>
      [one.email, 'username' in one ? one.username : undefined].includes(username),
    );
    if (!learner) {
      return username.includes('@')
        ? reply.code(403).send(error(403, '[jwt_auth] invalid_email', 'Unknown email address.'))
        : reply
            .code(403)
            .send(
              error(
                403,
                '[jwt_auth] invalid_username',
                `The username ${username} is not registered on this site.`,
              ),
            );
    }
    if (learner.password !== password) {
      return reply
        .code(403)
        .send(
          error(
            403,
            '[jwt_auth] incorrect_password',
            `The password you entered for ${username} is incorrect.`,
          ),
        );
    }
    // The JWT plugin's token: its user and the second it was issued, signed.
    return { token: jwtFor(learner.id, Date.now()), user_id: learner.id };
  });
  server.post<{ Body: Fields }>('/wp-json/custom/v1/register', (request, reply) => {
    const { email, username } = request.body;
    if (LEARNERS.some((learner) => learner.username === username)) {
      return reply
        .code(400)
        .send(error(400, 'existing_user_login', 'Sorry, that username already exists!'));
    }
    if (LEARNERS.some((learner) => learner.email === email)) {
      return reply
        .code(400)
        .send(error(400, 'existing_user_email', 'Sorry, that email address is already used!'));
    }
    return reply.code(201).send({ success: true, user_id: 99 });
  });
  server.post<{ Body: Fields }>('/wp-json/custom/v1/forgot-password', (request, reply) =>
    LEARNERS.some((learner) => learner.email === request.body.email)
      ? { success: true, message: 'A reset link has been sent to your address.' }
      : reply.code(404).send(error(404, 'invalid_email', 'There is no account with that address.')),
  );
  server.post<{ Body: Fields }>('/wp-json/custom/v1/reset-password-form', (request, reply) => {
    const { key, login } = request.body;
    const learner = LEARNERS.find((one) => [one.email, one.username].includes(login ?? ''));
    return learner && learner.resetKey === key
      ? { success: true, message: 'Your password has been reset. You can now log in.' }
      : reply
          .code(400)
          .send(error(400, 'invalid_key', 'This password reset link is invalid or has expired.'));
  });
  server.get<{ Querystring: Fields }>('/wp-json/wc/v3/customers', (request, reply) => {
    if (state.failCustomers) return reply.code(500).send(error(500, 'internal', 'Down.'));
    const { email, search } = request.query;
    return LEARNERS.filter(
      (learner) =>
        (email === undefined || learner.email === email) &&
        (search === undefined ||
          learner.username.includes(search) ||
          learner.email.includes(search)),
    ).map(({ id, email: address, username }) => ({
      id,
      email: address,
      username,
      role: 'customer',
    }));
  });

  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    state,
    reached: (fragment: string) => hits.filter((hit) => hit.includes(fragment)),
    /** Forgets what reached it, and fails nothing. */
    clear: () => {
      hits.length = 0;
      state.failCustomers = false;
      state.failLogins = false;
    },
    async close() {
      server.server.closeAllConnections();
      await server.close();
    },
  };
}

type AccountsWordPress = Awaited<ReturnType<typeof startAccountsWordPress>>;

/** How a test gateway in front of the accounts WordPress at `wordpressUrl` is configured. */
type AccountsGatewayOptions = (wordpressUrl: string, appsRoot: string) => GatewayOptions;

const plainGateway: AccountsGatewayOptions = (wordpressUrl, appsRoot) =>
  testGatewayOptions(appsRoot, wordpressUrl);

/**
 * For a describe block: the accounts WordPress, started once, and before each test a gateway
 * of `options` in front of it (so each test starts with no failure counted), with the WordPress
 * cleared and only the clock faked (unless `realClock`); after each test, real timers and the gateway closed.
 */
export function accountsGatewayPerTest(
  options: AccountsGatewayOptions = plainGateway,
  { realClock = false }: { realClock?: boolean } = {},
) {
  let wordpress!: AccountsWordPress;
  let appsRoot!: string;
  let gateway!: FastifyInstance;
  beforeAll(async () => {
    wordpress = await startAccountsWordPress();
    appsRoot = makeAppsRoot();
  });
  beforeEach(async () => {
    if (!realClock) fakeClockOnly();
    wordpress.clear();
    gateway = await buildGateway(options(wordpress.url, appsRoot));
  });
  afterEach(async () => {
    jest.useRealTimers();
    await gateway.close();
  });
  afterAll(() => wordpress.close());
  return {
    get wordpress() {
      return wordpress;
    },
    get gateway() {
      return gateway;
    },
  };
}

/**
 * For a describe block of gateways sharing one Redis (see `sharedRedis`) in front of the accounts
 * WordPress, started once: `gateway()` builds one of `options` on that Redis, closed after its
 * test; real timers again after each test.
 */
export function accountsGatewaysOnRedis(options: AccountsGatewayOptions = plainGateway) {
  const shared = sharedRedis();
  let wordpress!: AccountsWordPress;
  let appsRoot!: string;
  beforeAll(async () => {
    wordpress = await startAccountsWordPress();
    appsRoot = makeAppsRoot();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  afterAll(() => wordpress.close());
  return {
    get redis() {
      return shared.redis;
    },
    gateway: () =>
      shared.keep(
        buildGateway({ ...options(wordpress.url, appsRoot), redis: shared.redis.target }),
      ),
  };
}
