import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway, type GatewayOptions } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { logInto } from '../test-support/pageHeads';
import { sharedRedis } from '../test-support/redisServer';
import { BEACON_PATH, HEALTH_FILE } from '.';
import { ROLLBACKS_FILE } from './rollbacks';
import { ERROR_RATE_CEILING, MIN_VIEWS } from './verdict';

const LIVE = 'v1-aaaa';
const CANARY = 'v2-bbbb';
const manifest = (remote: string, version: string) =>
  `/releases/${remote}/${version}/mf-manifest.json`;

/** A deploy folder with header LIVE live and CANARY in canary for half the browsers. */
function deployWithCanary(appsRoot: string): string {
  const deploy = path.join(appsRoot, 'deploy');
  fs.mkdirSync(deploy, { recursive: true });
  fs.writeFileSync(
    path.join(deploy, 'remotes.json'),
    JSON.stringify({
      header: manifest('header', LIVE),
      footer: '/remotes/footer/mf-manifest.json',
      home: '/remotes/home/mf-manifest.json',
      cart: '/remotes/cart/mf-manifest.json',
    }),
  );
  fs.writeFileSync(
    path.join(deploy, 'rollout.json'),
    JSON.stringify({
      canaries: { header: { version: CANARY, manifest: manifest('header', CANARY), percent: 50 } },
      previews: {},
    }),
  );
  return deploy;
}

let upstream: FastifyInstance;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = Fastify();
  upstream.all('/*', () => ({}));
  upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => upstream.close());

function options(extra: Partial<GatewayOptions> = {}): GatewayOptions {
  const appsRoot = makeAppsRoot();
  const deploy = deployWithCanary(appsRoot);
  return {
    ...testGatewayOptions(appsRoot, upstreamUrl),
    remotesConfigFile: path.join(deploy, 'remotes.json'),
    // Each beacon below comes from a client of its own, unless the test says otherwise.
    trustedProxies: ['127.0.0.1'],
    serverRenderBudgetMs: 0,
    headReadBudgetMs: 0,
    ...extra,
  };
}

const open: FastifyInstance[] = [];
async function gateway(extra: Partial<GatewayOptions> = {}): Promise<FastifyInstance> {
  const app = await buildGateway(options(extra));
  open.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

let client = 0;
/** Sends a body as navigator.sendBeacon sends a string: text/plain, from a client of its own. */
function send(app: FastifyInstance, body: unknown, from = `198.51.100.${String(++client % 250)}`) {
  return app.inject({
    method: 'POST',
    url: BEACON_PATH,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': from },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const beacon = (header: string, more: Record<string, unknown> = {}) => ({
  remotes: { header, footer: 'build', home: 'build', cart: 'build' },
  view: true,
  ...more,
});

interface Shown {
  version: string;
  views: number;
  errorRate: number | null;
  lcpP75: number | string | null;
  inpP75: number | string | null;
  addToCartRate: number | null;
}
interface Health {
  remotes: Record<
    string,
    { live?: Shown; canary?: Shown; verdict?: { worse: string[]; rollBack?: string } }
  >;
}

async function health(app: FastifyInstance): Promise<Health> {
  await app.releaseHealth.snapshot();
  return JSON.parse(
    fs.readFileSync(path.join(app.config.deployDir, HEALTH_FILE), 'utf8'),
  ) as Health;
}

test('a page view counts in the row of each remote at the version it loaded: live or canary, with its vitals, errors and add-to-cart', async () => {
  const app = await gateway();
  expect(
    (await send(app, beacon(LIVE, { lcp: 1200, inp: 80, cls: 0.02, addToCart: true }))).statusCode,
  ).toBe(204);
  await send(app, beacon(CANARY, { lcp: 3900, inp: 420, errors: ['header'] }));
  await send(app, beacon(CANARY, { lcp: 3900, inp: 420, loadFailures: ['header'] }));

  const { remotes } = await health(app);
  expect(remotes.header?.live).toMatchObject({
    version: LIVE,
    views: 1,
    errorRate: 0,
    lcpP75: 1500,
    inpP75: 100,
    addToCartRate: 1,
  });
  expect(remotes.header?.canary).toMatchObject({
    version: CANARY,
    views: 2,
    errorRate: 1,
    lcpP75: 4000,
    inpP75: 500,
    addToCartRate: 0,
  });
  expect(remotes.footer?.live).toMatchObject({ version: 'build', views: 3 });
});

test('the operators’ metrics count what pages reported, by remote version, cohort and signal', async () => {
  const app = await gateway();
  await send(app, beacon(LIVE, { lcp: 1200, addToCart: true }));
  await send(app, beacon(CANARY, { errors: ['header'] }));
  await send(app, beacon(CANARY, { loadFailures: ['header'] }));
  const text = await app.metrics.registry.metrics();
  const series = (labels: string) =>
    new RegExp(`^gateway_release_health_signals_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1];
  expect(series(`remote="header",version="${LIVE}",bucket="live",signal="views"`)).toBe('1');
  expect(series(`remote="header",version="${LIVE}",bucket="live",signal="addToCart"`)).toBe('1');
  expect(series(`remote="header",version="${CANARY}",bucket="canary",signal="views"`)).toBe('2');
  expect(series(`remote="header",version="${CANARY}",bucket="canary",signal="errors"`)).toBe('1');
  expect(series(`remote="header",version="${CANARY}",bucket="canary",signal="loadFailures"`)).toBe(
    '1',
  );
  // The vitals' histogram buckets are not series of their own.
  expect(text).not.toMatch(/signal="lcp/);
});

test('a p75 above the histogram’s last bound is written as such, not lost', async () => {
  const app = await gateway();
  await send(app, beacon(LIVE, { lcp: 25_000, inp: 1500 }));
  expect((await health(app)).remotes.header?.live).toMatchObject({
    lcpP75: 'over 10000',
    inpP75: 'over 1000',
  });
});

test('a version neither live nor in canary (a preview, an old tab) is folded away: nothing is counted for it', async () => {
  const app = await gateway();
  expect((await send(app, beacon('v0-old', { errors: ['header'] }))).statusCode).toBe(204);
  const { remotes } = await health(app);
  expect(remotes.header?.live?.views).toBe(0);
  expect(remotes.header?.canary?.views).toBe(0);
});

test('malformed beacons are a 400 and nothing is counted from them', async () => {
  const app = await gateway();
  const malformed: unknown[] = [
    'not json',
    '',
    '[]',
    'null',
    { view: true },
    beacon(LIVE, { user: 'someone@example.com' }),
    beacon(LIVE, { lcp: -1 }),
    beacon(LIVE, { lcp: 1e12 }),
    beacon(LIVE, { inp: 'fast' }),
    beacon(LIVE, { view: 'yes' }),
    beacon(LIVE, { errors: ['header', 'header', 'header', 'header', 'header'] }),
    beacon(LIVE, { errors: ['payments'] }),
    { remotes: { payments: LIVE }, view: true },
    { remotes: {}, view: true },
    { remotes: { header: '../../etc' }, view: true },
    '{"remotes":{"header":"v1-aaaa"},"view":true,"__proto__":{"polluted":1}}',
    `{"remotes":{"header":"v1-aaaa"},"view":true,"lcp":${'['.repeat(60)}${']'.repeat(60)}}`,
  ];
  for (const body of malformed) {
    const answer = await send(app, body);
    expect({ body, status: answer.statusCode }).toEqual({ body, status: 400 });
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  const { remotes } = await health(app);
  for (const remote of Object.values(remotes)) {
    expect(remote.live?.views ?? 0).toBe(0);
    expect(remote.canary?.views ?? 0).toBe(0);
  }
});

test('a beacon another site’s page makes its visitors send is a 403 and counts nothing', async () => {
  const app = await gateway();
  const answer = await app.inject({
    method: 'POST',
    url: BEACON_PATH,
    headers: { 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
    payload: JSON.stringify(beacon(CANARY, { errors: ['header'] })),
  });
  expect(answer.statusCode).toBe(403);
  const own = await app.inject({
    method: 'POST',
    url: BEACON_PATH,
    headers: { 'content-type': 'text/plain', origin: 'https://shop.example.test' },
    payload: JSON.stringify(beacon(LIVE)),
  });
  expect(own.statusCode).toBe(204);
  const { remotes } = await health(app);
  expect(remotes.header?.canary?.views).toBe(0);
  expect(remotes.header?.live?.views).toBe(1);
});

test('a body over 1 KB is a 413 before it is read, and counts nothing', async () => {
  const app = await gateway();
  const answer = await send(app, beacon(LIVE, { padding: 'x'.repeat(2000) }));
  expect(answer.statusCode).toBe(413);
  expect((await health(app)).remotes.header?.live?.views).toBe(0);
});

test('a flood from one client is refused past its minute’s allowance, and memory stays a row per remote and cohort', async () => {
  const app = await gateway();
  const statuses = new Map<number, number>();
  for (let i = 0; i < 300; i += 1) {
    // Each with a version of its own: none may make a row.
    const flood = { remotes: { header: `v${String(i)}-flood` }, view: true, errors: ['header'] };
    const { statusCode } = await send(app, flood, '203.0.113.9');
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  }
  expect(statuses.get(204)).toBe(60);
  expect(statuses.get(429)).toBe(240);
  const { remotes } = await health(app);
  const rows = Object.values(remotes).flatMap((remote) =>
    [remote.live, remote.canary].filter((row) => row !== undefined),
  );
  // Four remotes live, the header's canary: five rows, whatever was sent.
  expect(rows).toHaveLength(5);
  expect(rows.every((row) => row.views === 0)).toBe(true);
});

test('a canary past the error-rate ceiling with enough views is rolled back by the gateway: logged, recorded, served no more', async () => {
  const lines: string[] = [];
  const app = await gateway({ logLevel: 'warn', logStream: logInto(lines) });
  const failing = Math.ceil(MIN_VIEWS * ERROR_RATE_CEILING) + 1;
  for (let i = 0; i < MIN_VIEWS - 1; i += 1) {
    await send(app, beacon(CANARY, i < failing ? { errors: ['header'] } : {}));
  }
  // One view short: not judged yet.
  await health(app);
  expect(app.config.rollout.get().canaries.header?.version).toBe(CANARY);

  await send(app, beacon(CANARY));
  const { remotes } = await health(app);
  expect(remotes.header?.verdict?.rollBack).toMatch(/passes the ceiling/);
  const recorded = JSON.parse(
    fs.readFileSync(path.join(app.config.deployDir, ROLLBACKS_FILE), 'utf8'),
  ) as Record<string, { version: string }>;
  expect(recorded.header?.version).toBe(CANARY);
  expect(app.config.rollout.get().canaries.header).toBeUndefined();
  expect(lines.join('')).toContain(`Rolled back the canary of header: canary ${CANARY}`);
  // Its beacons count no more; its figures stay in the file.
  await send(app, beacon(CANARY, { errors: ['header'] }));
  expect((await health(app)).remotes.header?.canary?.views).toBe(MIN_VIEWS);
});

test('a healthy canary with enough views is not rolled back', async () => {
  const app = await gateway();
  for (let i = 0; i < MIN_VIEWS; i += 1) {
    await send(app, beacon(CANARY, i === 0 ? { errors: ['header'] } : {}));
  }
  const { remotes } = await health(app);
  expect(remotes.header?.verdict?.rollBack).toBeUndefined();
  expect(fs.existsSync(path.join(app.config.deployDir, ROLLBACKS_FILE))).toBe(false);
  expect(app.config.rollout.get().canaries.header?.version).toBe(CANARY);
});

describe('with gateways sharing Redis', () => {
  const cluster = sharedRedis();

  test('the counts are every gateway’s: one reads what the other counted', async () => {
    const target = cluster.redis.target;
    const first = await cluster.keep(buildGateway(options({ redis: target })));
    const second = await cluster.keep(
      buildGateway({ ...options({ redis: target }), deployDir: first.config.deployDir }),
    );
    await send(first, beacon(CANARY, { errors: ['header'] }));
    await send(second, beacon(CANARY));
    await send(second, beacon(LIVE));
    const { remotes } = await health(first);
    expect(remotes.header?.canary).toMatchObject({ views: 2, errorRate: 0.5 });
    expect(remotes.header?.live).toMatchObject({ views: 1 });
  });

  test('malformed beacons store nothing in Redis', async () => {
    const app = await cluster.keep(buildGateway(options({ redis: cluster.redis.target })));
    await send(app, beacon(LIVE, { extra: 1 }));
    await send(app, 'x'.repeat(5000));
    const keys = await cluster.redis.withClient((redis) => redis.keys('storefront:health:*'));
    expect(keys).toEqual([]);
  });
});
