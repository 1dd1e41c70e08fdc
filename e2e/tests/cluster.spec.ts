import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startCluster, type Cluster } from '../support/cluster';
import { expect, test } from '../support/fixtures';
import { respelled } from '../support/respelled';
import type { Learner } from '../support/storefront';

// The storefront as production runs it: three gateways sharing Redis and one deploy folder,
// nginx in front as load balancer and edge cache (`npm run cluster`).

const ROOT = path.resolve(__dirname, '..', '..');
const HEADER_BUILD = path.join(ROOT, 'remote-header', 'dist');
const ORIGINAL_TEXT = 'Medical education awards';
const RELEASED_TEXT = 'Medical education awards 2027';

let cluster: Cluster;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster(3);
});

test.afterAll(async () => {
  await cluster.stop();
});

/** The gateways' own addresses, past nginx. */
const instances = () => cluster.state().gateways.map((gateway) => gateway.url);

/** Runs a release script on the header with the cluster's deploy folder; answers what it printed. */
function run(script: 'release' | 'rollback' | 'promote', ...args: string[]): string {
  return execFileSync('node', [path.join(ROOT, 'scripts', `${script}.mjs`), 'header', ...args], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_DIR: cluster.deployDir, PUBLIC_URL: cluster.url },
    stdio: 'pipe',
  }).toString('utf8');
}

/**
 * Another build of the header, told apart by its trust strip's text: the header's build with
 * that text changed in its code (and its compressed copies made again), as a release of a changed
 * header would be, without building it again.
 */
function changedHeaderBuild(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'header-build-'));
  fs.cpSync(HEADER_BUILD, out, { recursive: true });
  for (const name of fs.readdirSync(out).filter((file) => file.endsWith('.js'))) {
    const file = path.join(out, name);
    const code = fs.readFileSync(file, 'utf8');
    if (!code.includes(ORIGINAL_TEXT)) continue;
    const changed = Buffer.from(code.replaceAll(`"${ORIGINAL_TEXT}"`, `"${RELEASED_TEXT}"`));
    fs.writeFileSync(file, changed);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(changed));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(changed));
  }
  return out;
}

const liveConfigFile = () => path.join(cluster.deployDir, 'remotes.json');
const liveHeader = () =>
  (JSON.parse(fs.readFileSync(liveConfigFile(), 'utf8')) as { header: string }).header;

/** Every gateway, and nginx in front, serve this header release from the next page load on. */
async function expectLiveEverywhere(manifestUrl: string): Promise<void> {
  const folder = `${path.posix.dirname(manifestUrl)}/`;
  for (const origin of [...instances(), cluster.url]) {
    const config = await fetch(`${origin}/remotes.json`);
    expect((await config.json()) as unknown, origin).toMatchObject({ header: manifestUrl });
    // The page names the release's files in its hints.
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text(), origin).toContain(folder);
  }
  // The edge passes manifests and the configuration on fresh, twice in a row.
  const onDisk = fs.readFileSync(
    path.join(cluster.deployDir, 'remotes', manifestUrl.replace(/^\/releases\//, '')),
    'utf8',
  );
  for (let time = 0; time < 2; time += 1) {
    for (const url of [manifestUrl, '/remotes.json']) {
      const answer = await fetch(`${cluster.url}${url}`);
      expect(answer.headers.get('x-edge-cache'), url).not.toBe('HIT');
      if (url === manifestUrl) expect(await answer.text()).toBe(onDisk);
    }
  }
}

test('a release and a rollback of the header are live on every instance at the next page load; the edge never serves an old manifest', async ({
  page,
}) => {
  run('release', '--from', HEADER_BUILD);
  const first = liveHeader();
  await expectLiveEverywhere(first);

  const changed = changedHeaderBuild();
  try {
    run('release', '--from', changed);
  } finally {
    fs.rmSync(changed, { recursive: true, force: true });
  }
  const second = liveHeader();
  expect(second).not.toBe(first);
  await expectLiveEverywhere(second);
  for (let load = 0; load < 3; load += 1) {
    await page.goto(`${cluster.url}/`);
    await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
  }

  run('rollback');
  expect(liveHeader()).toBe(first);
  await expectLiveEverywhere(first);
  for (let load = 0; load < 3; load += 1) {
    await page.goto(`${cluster.url}/`);
    await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByText(RELEASED_TEXT)).toHaveCount(0);
  }
});

test('a half-written remotes.json on the shared folder: every instance keeps the last good one and serves pages', async ({
  page,
}) => {
  const good = fs.readFileSync(liveConfigFile(), 'utf8');
  const manifestUrl = liveHeader();
  // Written in place, as a copy tool that is cut off would leave it.
  fs.writeFileSync(liveConfigFile(), good.slice(0, Math.floor(good.length / 2)));
  try {
    await expectLiveEverywhere(manifestUrl);
    await page.goto(`${cluster.url}/`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    for (const log of cluster.gatewayLogs()) {
      expect(log).toMatch(
        /Remotes configuration .*remotes\.json unusable, keeping the last good one/,
      );
    }
  } finally {
    const temporary = `${liveConfigFile()}.tmp`;
    fs.writeFileSync(temporary, good);
    fs.renameSync(temporary, liveConfigFile());
  }
});

const rolloutFile = () => path.join(cluster.deployDir, 'rollout.json');

/** The header's manifest a served page names in its remotes configuration. */
function headerIn(page: string): string | undefined {
  const config = /<script id="remotes-config" type="application\/json">([^<]*)<\/script>/.exec(
    page,
  );
  return (JSON.parse(config?.[1] ?? '{}') as Record<string, string>).header;
}

/** The home page as a browser sending `cookie` gets it: the header it names, the cookie it sets. */
async function homeFor(origin: string, cookie?: string) {
  const response = await fetch(`${origin}/`, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(200);
  const page = await response.text();
  const bucket = response.headers.getSetCookie().find((set) => set.startsWith('rollout_bucket='));
  return { header: headerIn(page), page, bucket: bucket?.split(';')[0] };
}

test('a preview link shows the new header to the browser that opens it, on every instance, while others see the live one; forged, expired or withdrawn, it shows the live site', async ({
  browser,
}) => {
  const live = liveHeader();
  const changed = changedHeaderBuild();
  let said: string;
  try {
    said = run('release', '--from', changed, '--preview');
  } finally {
    fs.rmSync(changed, { recursive: true, force: true });
  }
  const link = /^(http\S+\/preview\/([a-f0-9]{32}))$/m.exec(said);
  expect(link, said).not.toBeNull();
  const [, url = '', id = ''] = link ?? [];
  // Published, not live.
  expect(liveHeader()).toBe(live);

  const previewer = await browser.newContext();
  const page = await previewer.newPage();
  await page.goto(url);
  expect(new URL(page.url()).pathname).toBe('/');
  const bar = page.getByRole('status').filter({ hasText: 'Preview: header v' });
  await expect(bar).toHaveText(/Preview: header v\S+\. Only this browser sees it\.\s*Exit preview/);
  for (let load = 0; load < 3; load += 1) {
    await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
    await page.reload();
  }
  // Every instance knows the preview and the cookie another instance signed.
  const [cookie] = (await previewer.cookies()).filter((kept) => kept.name === 'remote_preview');
  const sent = `remote_preview=${cookie?.value ?? ''}`;
  const previewed = (await homeFor(cluster.url, sent)).header;
  expect(previewed).not.toBe(live);
  for (const origin of instances()) expect((await homeFor(origin, sent)).header).toBe(previewed);

  // Another browser sees the live header, without the bar.
  const other = await (await browser.newContext()).newPage();
  await other.goto(`${cluster.url}/`);
  await expect(other.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(other.getByText(RELEASED_TEXT)).toHaveCount(0);
  await expect(other.getByText('Preview: header')).toHaveCount(0);

  // A cookie the browser wrote itself (the preview's id, unsigned) is no preview.
  const forged = await browser.newContext();
  await forged.addCookies([{ name: 'remote_preview', value: id, url: cluster.url }]);
  const forgedPage = await forged.newPage();
  await forgedPage.goto(`${cluster.url}/`);
  await expect(forgedPage.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(forgedPage.getByText('Preview: header')).toHaveCount(0);

  // The way out.
  await bar.getByRole('link', { name: 'Exit preview' }).click();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByText('Preview: header')).toHaveCount(0);

  // Past its expiry (the rollout as the gateways read it, its time come), the cookie is ignored.
  await page.goto(url);
  await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
  const rollout = fs.readFileSync(rolloutFile(), 'utf8');
  const expired = JSON.parse(rollout) as { previews: Record<string, { expires: number }> };
  const record = expired.previews[id];
  if (record) record.expires = Date.now() - 1000;
  fs.writeFileSync(`${rolloutFile()}.tmp`, JSON.stringify(expired));
  fs.renameSync(`${rolloutFile()}.tmp`, rolloutFile());
  try {
    await page.reload();
    await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByText('Preview: header')).toHaveCount(0);
  } finally {
    fs.writeFileSync(`${rolloutFile()}.tmp`, rollout);
    fs.renameSync(`${rolloutFile()}.tmp`, rolloutFile());
  }

  // Withdrawn: the browser holding it and the link itself show the live site.
  await page.reload();
  await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
  run('rollback', '--preview', id);
  await page.reload();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByText('Preview: header')).toHaveCount(0);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'This preview link is not valid' })).toBeVisible();
  await previewer.close();

  // The edge's access log names the link's requests, never its id, however the link is spelled
  // (whoever reads the id sees the preview); nor do the gateways' logs.
  for (const bent of [`/%70review/${id}`, `/preview/..%2f${id}`, `//preview/${id}`]) {
    await fetch(`${cluster.url}${bent}`, { redirect: 'manual' });
  }
  const accessLog = cluster.accessLog();
  expect(accessLog).toContain('"GET /preview/[redacted]" 303');
  expect(accessLog).toContain('"GET /preview/exit"');
  expect(accessLog).not.toContain(id);
  for (const log of cluster.gatewayLogs()) expect(log).not.toContain(id);
});

test('a 10% canary goes to the new browsers drawn into buckets 0 to 9 (of 200, some and not all), each keeping its version; a canary whose manifest is gone gives the live one; taken back, promoted and rolled back on every instance at the next load', async ({
  browser,
}) => {
  const live = liveHeader();
  const changed = changedHeaderBuild();
  try {
    run('release', '--from', changed, '--canary', '10');
  } finally {
    fs.rmSync(changed, { recursive: true, force: true });
  }
  const canary = (
    JSON.parse(fs.readFileSync(rolloutFile(), 'utf8')) as {
      canaries: { header: { manifest: string } };
    }
  ).canaries.header.manifest;
  expect(canary).not.toBe(live);
  expect(liveHeader()).toBe(live);

  // 200 new browsers through the balancer: each gets a bucket, and its version by it.
  const visits = [];
  for (let browserCount = 0; browserCount < 200; browserCount += 1) {
    visits.push(await homeFor(cluster.url));
  }
  // Buckets are drawn at random (how evenly is the gateway's unit test, with a seeded source): a
  // browser is in the canary exactly when its bucket is below 10, and of 200 at least one is and
  // one is not (each is out with a chance of 9 in 10: all 200 out would be a chance of 1 in 10⁹).
  const bucketOf = (visit: { bucket?: string | undefined }) =>
    Number(decodeURIComponent(visit.bucket?.split('=')[1] ?? '').split('.')[0]);
  expect(visits.map((visit) => visit.header)).toEqual(
    visits.map((visit) => (bucketOf(visit) < 10 ? canary : live)),
  );
  const inCanary = visits.filter((visit) => visit.header === canary);
  expect(inCanary.length).toBeGreaterThan(0);
  expect(inCanary.length).toBeLessThan(visits.length);
  // A returning browser keeps its version, on whichever instance, and is given no new bucket.
  const canaryBrowser = inCanary[0]?.bucket ?? '';
  const liveBrowser = visits.find((visit) => visit.header === live)?.bucket ?? '';
  for (const origin of [cluster.url, ...instances()]) {
    expect(await homeFor(origin, canaryBrowser)).toMatchObject({
      header: canary,
      bucket: undefined,
    });
    expect(await homeFor(origin, liveBrowser)).toMatchObject({ header: live, bucket: undefined });
  }
  const [name, value = ''] = canaryBrowser.split('=');
  const returning = await browser.newContext();
  await returning.addCookies([{ name: name ?? '', value, url: cluster.url }]);
  const page = await returning.newPage();
  await page.goto(`${cluster.url}/`);
  await expect(page.getByText(RELEASED_TEXT)).toBeVisible();

  // A canary whose manifest is gone: its browsers get the live version.
  const manifestFile = path.join(cluster.deployDir, canary.replace(/^\/releases\//, 'remotes/'));
  fs.renameSync(manifestFile, `${manifestFile}.gone`);
  try {
    for (const origin of instances())
      expect((await homeFor(origin, canaryBrowser)).header).toBe(live);
  } finally {
    fs.renameSync(`${manifestFile}.gone`, manifestFile);
  }

  // Taken back: every browser gets the live version.
  expect(run('rollback')).toContain('every browser gets the live one');
  for (const origin of instances())
    expect((await homeFor(origin, canaryBrowser)).header).toBe(live);
  await page.reload();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();

  // Again, and promoted: live for everyone; then rolled back.
  run(
    'release',
    '--from',
    path.join(
      cluster.deployDir,
      canary.replace(/^\/releases\//, 'remotes/').replace(/\/mf-manifest\.json$/, ''),
    ),
    '--canary',
    '10',
  );
  run('promote');
  await expectLiveEverywhere(canary);
  expect((await homeFor(cluster.url, liveBrowser)).header).toBe(canary);
  run('rollback');
  await expectLiveEverywhere(live);
  await page.reload();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await returning.close();
});

interface Login {
  token: string;
  userId: number;
}

/**
 * A learner of the test's own: WordPress's tokens name the user and the second they were made, so
 * two logins of one learner in one second are the same token, and a logout of one is of both.
 */
async function newLearner(): Promise<Learner> {
  const id = `${String(Date.now())}${String(Math.random()).slice(2, 8)}`;
  const learner = { email: `cluster-${id}@example.com`, password: 'Testing#2026' };
  const response = await fetch(`${cluster.url}/wp-json/custom/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `cluster${id}`, ...learner }),
  });
  expect(response.ok).toBe(true);
  return learner;
}

async function logIn(origin: string, learner: Learner): Promise<Login> {
  const response = await fetch(`${origin}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: learner.email, password: learner.password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; user_id: number };
  return { token: body.token, userId: body.user_id };
}

const bearer = (login: Login) => ({ authorization: `Bearer ${login.token}` });

/** Whether an instance takes the login's token: its learner's courses, a WordPress read that needs it. */
async function whoAmI(origin: string, login: Login): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${origin}/wp-json/wp/v2/usercourses/${String(login.userId)}`, {
    headers: bearer(login),
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, ...(body.code ? { code: body.code } : {}) };
}

async function logOut(origin: string, login: Login): Promise<void> {
  const response = await fetch(`${origin}/api/session/logout`, {
    method: 'POST',
    headers: bearer(login),
  });
  expect(response.ok).toBe(true);
}

test('a logout on one instance is refused on every other one, in every spelling WordPress reads as the token', async () => {
  const [first, second, third] = instances();
  const login = await logIn(first ?? '', await newLearner());
  expect((await whoAmI(second ?? '', login)).status).toBe(200);

  await logOut(first ?? '', login);
  const revoked = { status: 401, code: 'token_revoked' };
  for (const origin of [second, third, cluster.url]) {
    expect(await whoAmI(origin ?? '', login)).toEqual(revoked);
    for (const token of respelled(login.token)) {
      expect((await whoAmI(origin ?? '', { ...login, token })).status).toBe(401);
    }
  }
});

/** The statuses of `count` password-reset requests, sent to `origins` in turn. */
async function resetRequests(
  origins: string[],
  count: number,
  headers: (attempt: number) => Record<string, string>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const response = await fetch(
      `${origins[attempt % origins.length] ?? ''}/wp-json/custom/v1/forgot-password`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers(attempt) },
        body: JSON.stringify({ email: 'someone@example.com' }),
      },
    );
    statuses.push(response.status);
  }
  return statuses;
}

/** The password-reset form's limit per client and minute (gateway/src/proxy/routeTable.ts). */
const RESETS_PER_MINUTE = 5;

test('a rate limit holds across the instances together, and a forged X-Forwarded-For through nginx does not escape it', async () => {
  // nginx's view of one client, sent to each instance in turn.
  const across = await resetRequests(instances(), RESETS_PER_MINUTE + 1, () => ({
    'x-forwarded-for': '203.0.113.9',
  }));
  expect(across.slice(0, RESETS_PER_MINUTE)).not.toContain(429);
  expect(across[RESETS_PER_MINUTE]).toBe(429);

  // Through nginx, a client that names another address each time is still one client.
  const forged = await resetRequests([cluster.url], RESETS_PER_MINUTE + 1, (attempt) => ({
    'x-forwarded-for': `198.51.100.${String(attempt + 1)}`,
  }));
  expect(forged.slice(0, RESETS_PER_MINUTE)).not.toContain(429);
  expect(forged[RESETS_PER_MINUTE]).toBe(429);
});

const CART_SERVICE = '/lms/api/v1/item';

async function saveCart(login: Login, lines: unknown[]): Promise<number> {
  const response = await fetch(`${cluster.url}${CART_SERVICE}/add-cart-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({ userId: login.userId, data: JSON.stringify(lines) }),
  });
  return response.status;
}

async function savedCart(login: Login): Promise<unknown> {
  const response = await fetch(`${cluster.url}${CART_SERVICE}/get-cart-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(login) },
    body: JSON.stringify({ userId: login.userId }),
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: string | null };
  return JSON.parse(data ?? '[]') as unknown;
}

test('a gateway killed during a bounded load: every request nginx may send again succeeds, and no cart is lost', async () => {
  const login = await logIn(cluster.url, await newLearner());
  const home = await (await fetch(`${cluster.url}/`)).text();
  // Named in a hint, or in the loader that starts the drawn page's code after its first paint.
  const script = /(\/[\w.-]+\.[0-9a-f]{8}\.js)/.exec(home)?.[1];
  expect(script, 'a hashed script on the home page').toBeDefined();
  const reads = ['/', script ?? '', '/wp-json/wp/v2/posts?per_page=3', '/remotes.json'];

  const TOTAL_READS = 240;
  const READERS = 6;
  const KILL_AFTER = 60;
  const victim = cluster.state().gateways[1];
  let done = 0;
  let killed = false;
  const failures: string[] = [];
  // An answer the killed gateway had begun to send cannot be sent again: nginx has passed its
  // status on and can only close the connection. Only a reader whose request was in flight at
  // the kill can meet that, each at most once.
  const cutOff: string[] = [];
  const readLoop = async (worker: number) => {
    for (let n = worker; n < TOTAL_READS; n += READERS) {
      const url = reads[n % reads.length] ?? '/';
      const response = await fetch(`${cluster.url}${url}`);
      const cut = await response.arrayBuffer().then(
        () => false,
        (error: unknown) => {
          if (!killed || !(error instanceof TypeError)) throw error;
          return true;
        },
      );
      if (cut) cutOff.push(`${url}: ${String(response.status)}`);
      else if (response.status !== 200) failures.push(`${url}: ${String(response.status)}`);
      done += 1;
      if (done >= KILL_AFTER && !killed) {
        killed = true;
        process.kill(victim?.pid ?? 0, 'SIGKILL');
      }
    }
  };
  // The cart sync saves each change, and saves again what failed (shared-store's cart sync), so
  // a save cut off with its gateway is made again on another.
  let lastSaved: unknown[] = [];
  const cartLoop = async () => {
    for (let version = 1; version <= 30; version += 1) {
      const lines = [{ id: 101, month: '', quantity: version, title: `Course ${String(version)}` }];
      let status = await saveCart(login, lines);
      for (let retry = 0; retry < 3 && status === 502; retry += 1) {
        status = await saveCart(login, lines);
      }
      expect(status).toBe(200);
      lastSaved = lines;
    }
  };
  await Promise.all([
    ...Array.from({ length: READERS }, (_, worker) => readLoop(worker)),
    cartLoop(),
  ]);

  expect(killed).toBe(true);
  expect(failures).toEqual([]);
  expect(cutOff.length).toBeLessThanOrEqual(READERS);
  for (const read of cutOff) expect(read).toMatch(/: 200$/);
  expect(await savedCart(login)).toEqual(lastSaved);

  // The cluster starts the killed gateway again on its port.
  await expect
    .poll(async () => {
      const restarted = cluster.state().gateways[1];
      if (!restarted?.pid || restarted.pid === victim?.pid) return false;
      return (await fetch(`${restarted.url}/healthz`).catch(() => undefined))?.ok ?? false;
    })
    .toBe(true);
});

test('Redis down: every instance serves from its own memory with a warning, never an error page', async ({
  page,
}) => {
  process.kill(cluster.state().redis.pid ?? 0, 'SIGKILL');
  await expect
    .poll(() => cluster.gatewayLogs().filter((log) => log.includes('Redis unreachable')).length)
    .toBe(3);

  for (let load = 0; load < 3; load += 1) {
    const response = await page.goto(`${cluster.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  for (const origin of instances()) {
    const posts = await fetch(`${origin}/wp-json/wp/v2/posts?per_page=3`);
    expect(posts.status).toBe(200);
    // Logins and logouts go on, each instance remembering its own.
    const login = await logIn(origin, await newLearner());
    await logOut(origin, login);
    expect(await whoAmI(origin, login)).toEqual({ status: 401, code: 'token_revoked' });
  }
  // Each instance still limits on its own.
  const [only] = instances();
  const alone = await resetRequests([only ?? ''], RESETS_PER_MINUTE + 1, () => ({
    'x-forwarded-for': '192.0.2.44',
  }));
  expect(alone[RESETS_PER_MINUTE]).toBe(429);
});
