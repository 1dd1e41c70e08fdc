import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import {
  MAX_BODY_BYTES,
  MAX_BYTES,
  MAX_ENTRIES,
  createResponseCache,
  type CachedResponse,
  type ResponseCache,
} from './responseCache';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { searchFlood } from '../test-support/searchFlood';

const MINUTE = 60_000;
const COURSES = '/wp-json/wp/v2/courseList';

const answer = (bytes: number): CachedResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.alloc(bytes, 'a'),
});

/** The body bytes of the answers a cache still serves, of those under `keys`. */
async function keptBytes(cache: ResponseCache, keys: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const key of keys) bytes += (await cache.lookup(key))?.value.body.length ?? 0;
  return bytes;
}

describe('the read cache’s bounds', () => {
  it('keeps at most MAX_BYTES: large answers of one route push out that route’s oldest, not the course list', async () => {
    const cache = createResponseCache();
    await cache.store(COURSES, answer(2_000), MINUTE);
    const large = MAX_BODY_BYTES - 1_000;
    const pages = Array.from(
      { length: Math.ceil((2 * MAX_BYTES) / large) },
      (_, page) => `/wp-json/wp/v2/pages?slug=page-${String(page)}`,
    );
    for (const key of pages) await cache.store(key, answer(large), MINUTE);
    const kept = await keptBytes(cache, [COURSES, ...pages]);
    expect(kept).toBeLessThanOrEqual(MAX_BYTES);
    expect(kept).toBeGreaterThan(MAX_BYTES - 2 * large);
    expect(await cache.lookup(COURSES)).toMatchObject({ stale: false });
    expect(await cache.lookup(pages[0] ?? '')).toBeUndefined();
    expect(await cache.lookup(pages.at(-1) ?? '')).toBeDefined();
  });

  it('keeps no answer over MAX_BODY_BYTES', async () => {
    const cache = createResponseCache();
    await cache.store(COURSES, answer(MAX_BODY_BYTES + 1), MINUTE);
    expect(await cache.lookup(COURSES)).toBeUndefined();
  });

  it('keeps at most MAX_ENTRIES: a stream of search terms takes the place of older terms only', async () => {
    const cache = createResponseCache();
    await cache.store(COURSES, answer(100), MINUTE);
    const searches = Array.from(
      { length: MAX_ENTRIES + 100 },
      (_, term) => `/wp-json/custom/v1/search?s=term-${String(term)}`,
    );
    for (const key of searches) await cache.store(key, answer(10), MINUTE);
    let kept = 0;
    for (const key of searches) if (await cache.lookup(key)) kept += 1;
    expect(kept).toBe(MAX_ENTRIES - 1);
    expect(await cache.lookup(COURSES)).toMatchObject({ stale: false });
    expect(await cache.lookup(searches[0] ?? '')).toBeUndefined();
  });
});

/** A WordPress that counts what reaches it and echoes the URL it was asked. */
async function startWordPress() {
  const server = Fastify();
  const asked: string[] = [];
  server.addHook('onRequest', (request, _reply, done) => {
    asked.push(request.url);
    done();
  });
  server.get('/*', (request) => ({ url: request.url }));
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url, asked };
}

describe('the read cache, through the gateway', () => {
  let wordpress: Awaited<ReturnType<typeof startWordPress>>;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    wordpress = await startWordPress();
  });
  beforeEach(async () => {
    wordpress.asked.length = 0;
    gateway = await buildGateway(testGatewayOptions(makeAppsRoot(), wordpress.url));
  });
  afterEach(() => gateway.close());
  afterAll(async () => {
    wordpress.server.server.closeAllConnections();
    await wordpress.server.close();
  });

  it('keys a read by the parameters its route lists, and asks WordPress exactly that', async () => {
    const first = await gateway.inject({ url: '/wp-json/wp/v2/posts?junk=1&slug=b' });
    expect(first.json()).toEqual({ url: '/wp-json/wp/v2/posts?slug=b' });
    const same = await gateway.inject({ url: '/wp-json/wp/v2/posts?utm_source=x&slug=b' });
    expect(same.headers['x-cache']).toBe('HIT');
    expect(wordpress.asked).toEqual(['/wp-json/wp/v2/posts?slug=b']);
  });

  it('a flood of distinct made-up query strings leaves a warm read a HIT, and reaches WordPress never', async () => {
    await gateway.inject({ url: COURSES });
    for (let junk = 0; junk < 2_000; junk += 1) {
      const flood = await gateway.inject({
        url: `${COURSES}?junk${String(junk)}=${'x'.repeat(500)}`,
      });
      expect(flood.statusCode).toBe(200);
    }
    expect((await gateway.inject({ url: COURSES })).headers['x-cache']).toBe('HIT');
    expect(wordpress.asked).toEqual([COURSES]);
  });

  it('a flood of distinct search terms leaves the course list a HIT', async () => {
    await gateway.inject({ url: COURSES });
    for (const search of searchFlood(MAX_ENTRIES + 100)) {
      expect((await gateway.inject(search)).statusCode).toBe(200);
    }
    expect((await gateway.inject({ url: COURSES })).headers['x-cache']).toBe('HIT');
    expect(wordpress.asked.filter((url) => url === COURSES)).toHaveLength(1);
  }, 60_000);
});
