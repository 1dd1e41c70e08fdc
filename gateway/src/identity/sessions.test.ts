import type { FastifyInstance } from 'fastify';
import type { GatewayOptions } from '../app';
import {
  accountsGatewayPerTest,
  accountsGatewaysOnRedis,
  LEARNERS,
} from '../test-support/accountsWordPress';
import { fakeClockOnly } from '../test-support/clock';
import { testGatewayOptions } from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { jwtFor, respellings } from '../test-support/tokens';
import { MAX_TOKEN_LIFETIME_MS } from './tokens';

const [LEARNER, COLLEAGUE] = LEARNERS as [(typeof LEARNERS)[number], (typeof LEARNERS)[number]];

/**
 * What a token opens, route by route: the learner's courses and saved cart (the token in the
 * header), and the learner dashboard (the token in the link's path).
 */
async function whatOpens(gateway: FastifyInstance, token: string, userId: number) {
  const headers = { authorization: `Bearer ${token}` };
  const courses = await gateway.inject({
    url: `/wp-json/wp/v2/usercourses/${String(userId)}`,
    headers,
  });
  const cart = await gateway.inject({
    method: 'POST',
    url: '/lms/api/v1/item/get-cart-data',
    headers,
    payload: { userId },
  });
  const dashboard = await gateway.inject({
    url: `/portal/course/${token}`,
    headers: { accept: 'text/html' },
  });
  return {
    courses: courses.statusCode,
    cart: cart.statusCode,
    dashboard: dashboard.statusCode,
    /** What refusals say: the code of the API's, the words of the dashboard's page. */
    said: [
      courses.statusCode === 401 ? courses.json<{ code: string }>().code : 'open',
      cart.statusCode === 401 ? cart.json<{ code: string }>().code : 'open',
      dashboard.body.includes('My Dashboard')
        ? 'My Dashboard'
        : dashboard.body.includes('Your session has ended')
          ? 'session ended'
          : dashboard.body,
    ],
  };
}

const OPEN = { courses: 200, cart: 200, dashboard: 200, said: ['open', 'open', 'My Dashboard'] };
const REFUSED = {
  courses: 401,
  cart: 401,
  dashboard: 401,
  said: ['token_revoked', 'token_revoked', 'session ended'],
};

function withDashboard(wordpressUrl: string, appsRoot: string): GatewayOptions {
  const base = testGatewayOptions(appsRoot, wordpressUrl);
  // The sample's dashboard, proxied at /portal as when no portal is configured.
  return { ...base, upstreams: { ...base.upstreams, portal: wordpressUrl }, portalUrl: '/portal' };
}

/** What another spelling of a token gets: refused everywhere, as a token the gateway does not take. */
const RESPELLED = {
  courses: 401,
  cart: 401,
  dashboard: 401,
  said: ['invalid_token', 'invalid_token', 'session ended'],
};

const logout = (gateway: FastifyInstance, token: string) =>
  gateway.inject({
    method: 'POST',
    url: '/api/session/logout',
    headers: { authorization: `Bearer ${token}` },
  });

const logoutAll = (gateway: FastifyInstance, token: string) =>
  gateway.inject({
    method: 'POST',
    url: '/api/session/logout-all',
    headers: { authorization: `Bearer ${token}` },
  });

const reset = (gateway: FastifyInstance, login: string, key: string) =>
  gateway.inject({
    method: 'POST',
    url: '/wp-json/custom/v1/reset-password-form',
    payload: { key, login, new_password: 'A new password 2026' },
  });

describe('logging out one token', () => {
  const learners = accountsGatewayPerTest(withDashboard);

  it('a logged-out token is refused in every spelling WordPress reads as it, on every route and the dashboard link; the learner’s other tokens work', async () => {
    const now = Date.now();
    const token = jwtFor(LEARNER.id, now - 10_000);
    const phone = jwtFor(LEARNER.id, now - 20_000);
    expect((await logout(learners.gateway, token)).statusCode).toBe(204);
    expect(await whatOpens(learners.gateway, token, LEARNER.id)).toEqual(REFUSED);
    for (const spelling of respellings(token)) {
      expect(await whatOpens(learners.gateway, spelling, LEARNER.id)).toEqual(RESPELLED);
    }
    expect(await whatOpens(learners.gateway, phone, LEARNER.id)).toEqual(OPEN);
  });

  it('a token in any other spelling is refused before WordPress hears of it, logged out or not', async () => {
    const token = jwtFor(LEARNER.id, Date.now() - 10_000);
    expect(await whatOpens(learners.gateway, token, LEARNER.id)).toEqual(OPEN);
    learners.wordpress.clear();
    for (const spelling of respellings(token)) {
      expect(await whatOpens(learners.gateway, spelling, LEARNER.id)).toEqual(RESPELLED);
      expect((await logout(learners.gateway, spelling)).statusCode).toBe(401);
    }
    expect(learners.wordpress.reached('/')).toEqual([]);
    expect(await whatOpens(learners.gateway, token, LEARNER.id)).toEqual(OPEN);
  });
});

/** Logs a learner in through the gateway, as the login form does: the token WordPress issued. */
async function logIn(gateway: FastifyInstance, learner: (typeof LEARNERS)[number]) {
  const answer = await gateway.inject({
    method: 'POST',
    url: '/wp-json/jwt-auth/v1/token',
    payload: { username: learner.email, password: learner.password },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ token: string }>().token;
}

describe('logging in again right after a session ended', () => {
  // WordPress names a token by its user and second: these run on the real clock, where a login, an
  // ending and a login again take a few milliseconds, within one second.
  const learners = accountsGatewayPerTest(withDashboard, { realClock: true });

  it('a login right after a logout starts a session that works: not the logged-out token again', async () => {
    const first = await logIn(learners.gateway, LEARNER);
    expect((await logout(learners.gateway, first)).statusCode).toBe(204);
    const again = await logIn(learners.gateway, LEARNER);
    expect(again).not.toBe(first);
    expect(await whatOpens(learners.gateway, again, LEARNER.id)).toEqual(OPEN);
  });

  it('a login right after "Log out of all devices" or a password reset starts a session that works', async () => {
    const first = await logIn(learners.gateway, LEARNER);
    expect((await logoutAll(learners.gateway, first)).statusCode).toBe(204);
    expect(await whatOpens(learners.gateway, first, LEARNER.id)).toEqual(REFUSED);
    const afterLogout = await logIn(learners.gateway, LEARNER);
    expect(await whatOpens(learners.gateway, afterLogout, LEARNER.id)).toEqual(OPEN);

    expect((await reset(learners.gateway, LEARNER.email, LEARNER.resetKey)).statusCode).toBe(200);
    expect(await whatOpens(learners.gateway, afterLogout, LEARNER.id)).toEqual(REFUSED);
    const afterReset = await logIn(learners.gateway, LEARNER);
    expect(await whatOpens(learners.gateway, afterReset, LEARNER.id)).toEqual(OPEN);
  });
});

describe('ending every session of a learner', () => {
  const learners = accountsGatewayPerTest(withDashboard);

  it('"Log out of all devices" refuses every token the learner was issued, on every route and the dashboard link; a login afterwards works', async () => {
    const now = Date.now();
    const phone = jwtFor(LEARNER.id, now - 3_600_000);
    const laptop = jwtFor(LEARNER.id, now - 10_000);
    const colleague = jwtFor(COLLEAGUE.id, now - 10_000);
    expect(await whatOpens(learners.gateway, laptop, LEARNER.id)).toEqual(OPEN);

    expect((await logoutAll(learners.gateway, laptop)).statusCode).toBe(204);
    expect(await whatOpens(learners.gateway, laptop, LEARNER.id)).toEqual(REFUSED);
    expect(await whatOpens(learners.gateway, phone, LEARNER.id)).toEqual(REFUSED);
    // A token that does not say when it was issued could be from before: refused too.
    expect((await whatOpens(learners.gateway, jwtFor(LEARNER.id), LEARNER.id)).said).toEqual(
      REFUSED.said,
    );
    expect(await whatOpens(learners.gateway, colleague, COLLEAGUE.id)).toEqual(OPEN);

    jest.setSystemTime(now + 2_000);
    expect(await whatOpens(learners.gateway, jwtFor(LEARNER.id, Date.now()), LEARNER.id)).toEqual(
      OPEN,
    );
  });

  it('"Log out of all devices" needs the learner’s token, and no body', async () => {
    const none = await learners.gateway.inject({ method: 'POST', url: '/api/session/logout-all' });
    expect(none.statusCode).toBe(401);
    const forged = await logoutAll(learners.gateway, `${jwtFor(LEARNER.id, Date.now())}x`);
    expect(forged.statusCode).toBe(401);
    const withBody = await learners.gateway.inject({
      method: 'POST',
      url: '/api/session/logout-all',
      headers: { authorization: `Bearer ${jwtFor(LEARNER.id, Date.now())}` },
      payload: { userId: COLLEAGUE.id },
    });
    expect(withBody.statusCode).toBe(400);
    expect(
      await whatOpens(learners.gateway, jwtFor(COLLEAGUE.id, Date.now()), COLLEAGUE.id),
    ).toEqual(OPEN);
  });

  it('"Log out of all devices" takes an empty body: a field is refused by name, a list is refused, and neither ends a session', async () => {
    const learner = jwtFor(LEARNER.id, Date.now() - 10_000);
    const post = (payload: unknown) =>
      learners.gateway.inject({
        method: 'POST',
        url: '/api/session/logout-all',
        headers: { authorization: `Bearer ${learner}` },
        payload: payload as Record<string, unknown>,
      });
    const withField = await post({ userId: COLLEAGUE.id });
    expect(withField.statusCode).toBe(400);
    expect(withField.json()).toMatchObject({ message: 'Unrecognized key: "userId"' });
    const aList = await post([]);
    expect(aList.statusCode).toBe(400);
    expect(aList.json()).toMatchObject({ code: 'invalid_request' });
    expect(await whatOpens(learners.gateway, learner, LEARNER.id)).toEqual(OPEN);
    expect((await post({})).statusCode).toBe(204);
    expect(await whatOpens(learners.gateway, learner, LEARNER.id)).toEqual(REFUSED);
  });

  it('a password reset through the gateway ends every session of its learner, named by address or username; a refused one ends none', async () => {
    const now = Date.now();
    const learner = jwtFor(LEARNER.id, now - 10_000);
    const colleague = jwtFor(COLLEAGUE.id, now - 10_000);

    expect((await reset(learners.gateway, LEARNER.email, 'a-guessed-key')).statusCode).toBe(400);
    expect(await whatOpens(learners.gateway, learner, LEARNER.id)).toEqual(OPEN);

    expect((await reset(learners.gateway, LEARNER.email, LEARNER.resetKey)).statusCode).toBe(200);
    expect(await whatOpens(learners.gateway, learner, LEARNER.id)).toEqual(REFUSED);
    expect(await whatOpens(learners.gateway, colleague, COLLEAGUE.id)).toEqual(OPEN);

    expect((await reset(learners.gateway, COLLEAGUE.username, COLLEAGUE.resetKey)).statusCode).toBe(
      200,
    );
    expect(await whatOpens(learners.gateway, colleague, COLLEAGUE.id)).toEqual(REFUSED);

    jest.setSystemTime(now + 2_000);
    expect(await whatOpens(learners.gateway, jwtFor(LEARNER.id, Date.now()), LEARNER.id)).toEqual(
      OPEN,
    );
  });

  it('a reset that does not name its account in the body is not made: WordPress would read it elsewhere', async () => {
    const answer = await learners.gateway.inject({
      method: 'POST',
      url: `/wp-json/custom/v1/reset-password-form?login=${LEARNER.username}`,
      payload: { key: LEARNER.resetKey, new_password: 'A new password 2026' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'Missing required field(s): login.' });
    expect(learners.wordpress.reached('reset-password-form')).toEqual([]);
  });

  it('a reset whose learner cannot be looked up is not made: their sessions could not be ended', async () => {
    learners.wordpress.state.failCustomers = true;
    const answer = await reset(learners.gateway, LEARNER.email, LEARNER.resetKey);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      message: 'Your password cannot be reset right now. Please try again in a few minutes.',
    });
    expect(learners.wordpress.reached('reset-password-form')).toEqual([]);
  });
});

describe('ending every session of a learner, across gateways sharing Redis', () => {
  const gateways = accountsGatewaysOnRedis(withDashboard);

  it('a logout of all devices or a reset on one gateway is refused on the other; a later login works on both', async () => {
    fakeClockOnly();
    const now = Date.now();
    const [a, b] = [await gateways.gateway(), await gateways.gateway()];
    const learner = jwtFor(LEARNER.id, now - 10_000);
    const colleague = jwtFor(COLLEAGUE.id, now - 10_000);

    expect((await logoutAll(a, learner)).statusCode).toBe(204);
    expect(await whatOpens(b, learner, LEARNER.id)).toEqual(REFUSED);
    // Kept for as long as a token issued before can live.
    const keptMs = await gateways.redis.withClient((client) =>
      client.pttl(`storefront:revoked-user:${String(LEARNER.id)}`),
    );
    expect(keptMs).toBeGreaterThan(MAX_TOKEN_LIFETIME_MS - 60_000);
    expect((await reset(b, COLLEAGUE.email, COLLEAGUE.resetKey)).statusCode).toBe(200);
    expect(await whatOpens(a, colleague, COLLEAGUE.id)).toEqual(REFUSED);

    jest.setSystemTime(now + 2_000);
    for (const instance of [a, b]) {
      expect(await whatOpens(instance, jwtFor(LEARNER.id, Date.now()), LEARNER.id)).toEqual(OPEN);
    }
  });

  it('a token logged out on one gateway is refused on the other in every spelling WordPress reads as it', async () => {
    const [a, b] = [await gateways.gateway(), await gateways.gateway()];
    const token = jwtFor(LEARNER.id, Date.now() - 10_000);
    expect(await whatOpens(b, token, LEARNER.id)).toEqual(OPEN);
    expect((await logout(a, token)).statusCode).toBe(204);
    expect(await whatOpens(b, token, LEARNER.id)).toEqual(REFUSED);
    for (const spelling of respellings(token)) {
      expect(await whatOpens(b, spelling, LEARNER.id)).toEqual(RESPELLED);
    }
    expect(await whatOpens(b, jwtFor(COLLEAGUE.id, Date.now()), COLLEAGUE.id)).toEqual(OPEN);
  });

  it('a logout of all devices made while Redis is down reaches the other gateway once it is back', async () => {
    const [a, b] = [await gateways.gateway(), await gateways.gateway()];
    const learner = jwtFor(LEARNER.id, Date.now() - 10_000);
    await gateways.redis.stop();
    expect((await logoutAll(a, learner)).statusCode).toBe(204);
    expect((await whatOpens(a, learner, LEARNER.id)).courses).toBe(401);
    expect((await whatOpens(b, learner, LEARNER.id)).courses).toBe(200);
    await gateways.redis.start();
    await eventually(
      async () => (await whatOpens(b, learner, LEARNER.id)).courses === 401,
      'the other gateway refusing the learner’s token',
    );
  });
});
