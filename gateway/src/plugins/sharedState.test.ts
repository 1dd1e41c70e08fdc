import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import type { RedisTarget } from './environment';
import { MAX_BODY_BYTES, MAX_ENTRIES, STALE_WHILE_REVALIDATE_MS } from '../proxy/responseCache';
import { REDIS_COMMAND_TIMEOUT_MS } from './sharedState';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { searchFlood } from '../test-support/searchFlood';
import { sharedRedis, startSilentServer } from '../test-support/redisServer';
import { startRecordingWordPress } from '../test-support/recordingWordPress';
import { jwtFor } from '../test-support/tokens';
import { fakeClockOnly } from '../test-support/clock';

const COURSES = '/wp-json/wp/v2/courseList';
/** A kept route WordPress answers with a 404, which is never kept. */
const MISSING = '/wp-json/wp/v2/course/404';
/** A kept route whose answer is larger than any the cache keeps. */
const LARGE = '/wp-json/wp/v2/events';
/** The route table keeps the course list this long. */
const COURSES_TTL_MS = 60_000;

/**
 * A WordPress that knows learner 3 and counts what reaches it. Its course list says how many
 * times it was read; it and a missing post can be held (the request arrives, its answer waits for
 * the test).
 */
async function startWordPress() {
  let gate = Promise.resolve();
  const arrivals: (() => void)[] = [];
  let reads = 0;
  const held = async () => {
    for (const arrived of arrivals.splice(0)) arrived();
    await gate;
  };
  const wordpress = await startRecordingWordPress((server) => {
    server.get('/wp-json/wp/v2/users/me', (request, reply) =>
      request.headers.authorization === `Bearer ${jwtFor(3)}`
        ? { id: 3 }
        : reply
            .code(401)
            .send({ code: 'rest_not_logged_in', message: 'no', data: { status: 401 } }),
    );
    server.get(COURSES, async () => {
      await held();
      reads += 1;
      return [{ read: reads }];
    });
    server.get(MISSING, async (_request, reply) => {
      await held();
      return reply.code(404).send({ code: 'rest_post_invalid_id', data: { status: 404 } });
    });
    server.post('/wp-json/contact-form/v1/submit', () => ({ success: true }));
    server.get(LARGE, () => [{ text: 'x'.repeat(MAX_BODY_BYTES) }]);
    server.get('/*', (request) => ({ url: request.url }));
  });
  return {
    url: wordpress.url,
    close: wordpress.close,
    reached: (fragment: string) => wordpress.hits.filter((hit) => hit.includes(fragment)).length,
    /** Holds the course list's and the missing post's answers until the returned function is called. */
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    /** Resolves when the next request reaches the course list or the missing post. */
    arrival: () =>
      new Promise<void>((resolve) => {
        arrivals.push(resolve);
      }),
  };
}

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('instances sharing one Redis', () => {
  let wordpress: Awaited<ReturnType<typeof startWordPress>>;
  const cluster = sharedRedis();
  let appsRoot: string;

  /** A gateway on `target` whose log lines go to `log`. */
  async function gateway(target: RedisTarget = cluster.redis.target, log: string[] = []) {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    });
    return cluster.keep(
      buildGateway({
        ...testGatewayOptions(appsRoot, wordpress.url),
        redis: target,
        logLevel: 'info',
        logStream,
      }),
    );
  }

  const auth = { authorization: `Bearer ${jwtFor(3)}` };
  const ownCourses = (instance: FastifyInstance) =>
    instance.inject({ url: '/wp-json/wp/v2/usercourses/3', headers: auth });
  const logout = (instance: FastifyInstance) =>
    instance.inject({ method: 'POST', url: '/api/session/logout', headers: auth });
  const contact = (instance: FastifyInstance) =>
    instance.inject({
      method: 'POST',
      url: '/wp-json/contact-form/v1/submit',
      payload: { name: 'A', phonenum: '0700', email: 'a@example.com', message: 'Hello' },
    });
  const outages = (log: string[]) => log.filter((line) => line.includes('Redis unreachable at'));

  /** How many transactions Redis has run: each instance's lock attempt for a key is one. */
  const transactions = () =>
    cluster.redis.withClient(async (client) => {
      const stats = await client.info('commandstats');
      return Number(/cmdstat_exec:calls=(\d+)/.exec(stats)?.[1] ?? 0);
    });

  beforeAll(async () => {
    wordpress = await startWordPress();
    appsRoot = makeAppsRoot();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  afterAll(() => wordpress.close());

  it('a token logged out on one instance is refused on every other', async () => {
    const [a, b] = [await gateway(), await gateway()];
    expect((await ownCourses(b)).statusCode).toBe(200);
    expect((await logout(a)).statusCode).toBe(204);
    const refused = await ownCourses(b);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_revoked' });
  });

  it('a rate limit counts a client’s requests to every instance together', async () => {
    const [a, b] = [await gateway(), await gateway()];
    const before = wordpress.reached('contact-form');
    const statuses = [];
    for (const instance of [a, a, a, b, b]) statuses.push((await contact(instance)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await contact(a)).statusCode).toBe(429);
    const sixth = await contact(b);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'rate_limited' });
    expect(wordpress.reached('contact-form') - before).toBe(5);
  });

  it('concurrent misses of one kept read on two instances make one upstream request, whose answer both serve', async () => {
    const [a, b] = [await gateway(), await gateway()];
    const before = wordpress.reached('courseList');
    const release = wordpress.hold();
    const arrived = wordpress.arrival();
    const base = await transactions();
    const fromA = a.inject({ url: COURSES });
    await arrived;
    const fromB = b.inject({ url: COURSES });
    // A took the key's lock; B has tried it too, and waits for A's notice.
    await eventually(async () => (await transactions()) >= base + 2, 'B trying the lock');
    release();
    const [answerA, answerB] = await Promise.all([fromA, fromB]);
    expect(answerA.statusCode).toBe(200);
    expect(answerB.statusCode).toBe(200);
    expect(answerB.body).toBe(answerA.body);
    expect(answerB.headers['x-cache']).toBe('HIT');
    expect(wordpress.reached('courseList') - before).toBe(1);
  });

  it('a miss another instance could not keep (a 404) is asked of the upstream by each waiting instance itself', async () => {
    const [a, b] = [await gateway(), await gateway()];
    const before = wordpress.reached(MISSING);
    const release = wordpress.hold();
    const arrived = wordpress.arrival();
    const base = await transactions();
    const fromA = a.inject({ url: MISSING });
    await arrived;
    const fromB = b.inject({ url: MISSING });
    await eventually(async () => (await transactions()) >= base + 2, 'B trying the lock');
    release();
    const answers = await Promise.all([fromA, fromB]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404]);
    expect(wordpress.reached(MISSING) - before).toBe(2);
  });

  it('a stale read is refreshed by one upstream request across instances, then served fresh by both', async () => {
    fakeClockOnly();
    const [a, b] = [await gateway(), await gateway()];
    const first = await a.inject({ url: COURSES });
    expect((await b.inject({ url: COURSES })).headers['x-cache']).toBe('HIT');
    const before = wordpress.reached('courseList');
    jest.setSystemTime(Date.now() + COURSES_TTL_MS + 1000);

    const release = wordpress.hold();
    const arrived = wordpress.arrival();
    const base = await transactions();
    const staleOnA = await a.inject({ url: COURSES });
    await arrived;
    const staleOnB = await b.inject({ url: COURSES });
    expect([staleOnA.headers['x-cache'], staleOnB.headers['x-cache']]).toEqual(['STALE', 'STALE']);
    expect(staleOnB.body).toBe(first.body);
    await eventually(async () => (await transactions()) >= base + 2, 'B trying the lock');
    release();

    for (const instance of [a, b]) {
      await eventually(
        async () => (await instance.inject({ url: COURSES })).headers['x-cache'] === 'HIT',
        'the fresh answer',
      );
      expect((await instance.inject({ url: COURSES })).body).not.toBe(first.body);
    }
    expect(wordpress.reached('courseList') - before).toBe(1);
  });

  it('a kept read is served by every instance for its TTL and stale-while-revalidate, then forgotten', async () => {
    fakeClockOnly();
    const [a, b] = [await gateway(), await gateway()];
    const start = Date.now();
    await a.inject({ url: COURSES });
    const before = wordpress.reached('courseList');
    jest.setSystemTime(start + COURSES_TTL_MS - 1000);
    expect((await b.inject({ url: COURSES })).headers['x-cache']).toBe('HIT');
    // Redis forgets it by itself once it could no longer be served.
    const lives = await cluster.redis.withClient(async (client) => {
      const [key] = await client.keys('storefront:cache:*');
      return client.pttl(key ?? '');
    });
    expect(lives).toBeGreaterThan(STALE_WHILE_REVALIDATE_MS);
    expect(lives).toBeLessThanOrEqual(COURSES_TTL_MS + STALE_WHILE_REVALIDATE_MS);

    jest.setSystemTime(start + COURSES_TTL_MS + STALE_WHILE_REVALIDATE_MS + 1000);
    const expired = await b.inject({ url: COURSES });
    expect(expired.statusCode).toBe(200);
    expect(expired.headers['x-cache']).toBeUndefined();
    expect(wordpress.reached('courseList') - before).toBe(1);
  });

  it('Redis keeps at most MAX_ENTRIES answers however many URLs visitors ask for, and an answer is only ever served for its own URL', async () => {
    const [a, b] = [await gateway(), await gateway()];
    // Each search term is a URL of its own: more of them than the cache has places.
    const searches = searchFlood(MAX_ENTRIES + 100);
    for (const search of searches) expect((await a.inject(search)).statusCode).toBe(200);
    const kept = await cluster.redis.withClient((client) => client.keys('storefront:cache:*'));
    expect(kept.length).toBeGreaterThan(MAX_ENTRIES / 2);
    expect(kept.length).toBeLessThanOrEqual(MAX_ENTRIES);
    // B has seen none of them: what Redis gives it (kept, or taken by another URL) is right.
    let shared = 0;
    for (const search of searches.slice(0, 300)) {
      const answer = await b.inject(search);
      expect(answer.json()).toEqual({ url: search.url });
      if (answer.headers['x-cache'] === 'HIT') shared += 1;
    }
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(300);
  }, 60_000);

  it('an answer larger than MAX_BODY_BYTES is served, and kept neither in memory nor in Redis', async () => {
    const [a, b] = [await gateway(), await gateway()];
    const before = wordpress.reached(LARGE);
    for (const instance of [a, b, a]) {
      const answer = await instance.inject({ url: LARGE });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-cache']).toBeUndefined();
    }
    expect(await cluster.redis.withClient((client) => client.keys('storefront:cache:*'))).toEqual(
      [],
    );
    expect(wordpress.reached(LARGE) - before).toBe(3);
  });

  it('with Redis stopped mid-run, every request is still answered, one warning is logged, and each instance limits on its own', async () => {
    const logA: string[] = [];
    const logB: string[] = [];
    const [a, b] = [
      await gateway(cluster.redis.target, logA),
      await gateway(cluster.redis.target, logB),
    ];
    expect((await a.inject({ url: COURSES })).statusCode).toBe(200);
    await cluster.redis.stop();

    for (const instance of [a, b]) {
      expect((await instance.inject({ url: COURSES })).statusCode).toBe(200);
      expect((await ownCourses(instance)).statusCode).toBe(200);
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await contact(instance)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    for (const log of [logA, logB]) {
      expect(outages(log)).toHaveLength(1);
      expect(outages(log)[0]).toContain(`Redis unreachable at ${cluster.redis.target.where} (`);
      expect(outages(log)[0]).toContain(
        "): rate limits, failed logins, logged-out tokens, checkout attempts and cached reads are this instance's own until it is back",
      );
    }
  });

  it('a Redis that takes connections and never answers delays no request beyond the command timeout', async () => {
    const silent = await startSilentServer();
    try {
      const log: string[] = [];
      const instance = await gateway(silent.target, log);
      const requests = [
        () => instance.inject({ url: COURSES }),
        () => ownCourses(instance),
        () => contact(instance),
        () => logout(instance),
      ];
      for (const request of requests) {
        const started = performance.now();
        const response = await request();
        expect(response.statusCode).toBeLessThan(500);
        expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
      }
      expect(outages(log)).toHaveLength(1);
    } finally {
      await cluster.closeGateways();
      await silent.close();
    }
  });

  it('a Redis that stops answering mid-run holds a request no longer than the command timeout, and is used again once it answers', async () => {
    const log: string[] = [];
    const instance = await gateway(cluster.redis.target, log);
    expect((await ownCourses(instance)).statusCode).toBe(200);
    cluster.redis.pause();
    const started = performance.now();
    // Its token is looked up in Redis, which does not answer.
    expect((await ownCourses(instance)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2 * REDIS_COMMAND_TIMEOUT_MS);
    expect(outages(log)).toHaveLength(1);
    expect(outages(log)[0]).toContain('(Command timed out)');

    cluster.redis.resume();
    await eventually(
      () => log.some((line) => line.includes('is back: rate limits')),
      'Redis in use again',
    );
  });

  it('a gateway whose Redis refuses connections starts, serves from memory, and never logs the URL’s password', async () => {
    const port = await closedPort();
    const log: string[] = [];
    const instance = await gateway(
      { url: `redis://:s3cret@127.0.0.1:${String(port)}`, where: `127.0.0.1:${String(port)}` },
      log,
    );
    expect((await instance.inject({ url: COURSES })).statusCode).toBe(200);
    expect((await instance.inject({ url: COURSES })).headers['x-cache']).toBe('HIT');
    expect((await logout(instance)).statusCode).toBe(204);
    expect((await ownCourses(instance)).statusCode).toBe(401);
    expect(outages(log)).toHaveLength(1);
    expect(outages(log)[0]).toContain(`Redis unreachable at 127.0.0.1:${String(port)}`);
    expect(log.filter((line) => line.includes('s3cret'))).toEqual([]);
  });

  it('a logout made while Redis is down reaches the other instances once it is back', async () => {
    const [a, b] = [await gateway(), await gateway()];
    await cluster.redis.stop();
    expect((await logout(a)).statusCode).toBe(204);
    expect((await ownCourses(a)).statusCode).toBe(401);
    // Redis down: the other instance cannot know yet.
    expect((await ownCourses(b)).statusCode).toBe(200);
    await cluster.redis.start();
    await eventually(async () => (await ownCourses(b)).statusCode === 401, 'B refusing the token');
  });
});
