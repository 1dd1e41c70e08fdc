import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const ROOT = path.resolve(__dirname, '..', '..');
const DEPLOY = process.env.E2E_DEPLOY_DIR ?? '';
const BROKEN = 'The header canary broke';
/** The thresholds the gateway judges by (gateway/src/releaseHealth/verdict.ts). */
const MIN_VIEWS = 200;

/** A release script as the marketing team runs it, against this run's deploy folder. */
function script(name: 'release' | 'promote' | 'rollback' | 'remotes', ...args: string[]) {
  const result = spawnSync('node', [path.join(ROOT, 'scripts', `${name}.mjs`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_DIR: DEPLOY },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * A build of the header as it is, with `code` added at the end of its entry (and its compressed
 * copies made again): a team's change, without building again.
 */
function headerBuildWith(code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'header-build-'));
  fs.cpSync(path.join(ROOT, 'remote-header', 'dist'), dir, { recursive: true });
  const entry = path.join(dir, 'remoteEntry.js');
  const text = `${fs.readFileSync(entry, 'utf8')}\n${code}\n`;
  fs.writeFileSync(entry, text);
  fs.writeFileSync(`${entry}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${entry}.gz`, zlib.gzipSync(text));
  return dir;
}

/** The header's canary as the rollout says: its version and its manifest. */
function headerCanary(): { version: string; manifest: string } {
  const rollout = JSON.parse(fs.readFileSync(path.join(DEPLOY, 'rollout.json'), 'utf8')) as {
    canaries: Record<string, { version: string; manifest: string }>;
  };
  const canary = rollout.canaries.header;
  if (!canary) throw new Error('No canary of the header is running');
  return canary;
}

/** The header's manifest this browser is served. */
const servedHeader = (page: Page) =>
  page.evaluate(async () => {
    const remotes = (await (await fetch('/remotes.json')).json()) as Record<string, string>;
    return remotes.header;
  });

/**
 * Opens the home page in the canary's share: a browser outside it (one in a hundred at 99%) is a
 * new browser again, with a new bucket.
 */
async function openInCanary(page: Page, manifest: string): Promise<void> {
  for (let browser = 0; browser < 10; browser += 1) {
    await page.context().clearCookies();
    await page.goto('/');
    if ((await servedHeader(page)) === manifest) return;
  }
  throw new Error(`Ten browsers in a row were outside the canary ${manifest}`);
}

let visitor = 0;
/**
 * `count` page views of other visitors, each from an address of its own, with the header at
 * `version`: the first `failing` of them with an error it raised.
 */
async function visits(
  request: APIRequestContext,
  version: string,
  count: number,
  failing = 0,
): Promise<void> {
  const batch: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    visitor += 1;
    const body = {
      remotes: { header: version },
      view: true,
      lcp: 1400,
      inp: 90,
      cls: 0,
      ...(i < failing ? { errors: ['header'] } : {}),
    };
    batch.push(
      request
        .post('/api/release-health', {
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'x-forwarded-for': `172.16.${String(Math.floor(visitor / 250))}.${String((visitor % 250) + 1)}`,
          },
          data: JSON.stringify(body),
        })
        .then((answer) => {
          expect(answer.status()).toBe(204);
        }),
    );
    if (batch.length === 25) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

/** What `npm run remotes` says of the header, once the gateway has written the figures. */
async function remotesListingShows(text: string): Promise<string> {
  let listing = '';
  await expect
    .poll(
      () => {
        listing = script('remotes').output;
        return listing;
      },
      { timeout: 20_000 },
    )
    .toContain(text);
  return listing;
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('a header canary that throws is reported by its version, promote refuses it, and past the ceiling the gateway rolls it back', async ({
  page,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow(new RegExp(BROKEN));
  expect(
    script('release', 'header', '--from', path.join(ROOT, 'remote-header', 'dist')).status,
  ).toBe(0);
  const live = (await request.get('/remotes.json').then((answer) => answer.json())) as {
    header: string;
  };
  const broken = headerBuildWith(
    `setTimeout(function () { throw new Error(${JSON.stringify(BROKEN)}); }, 0);`,
  );
  expect(script('release', 'header', '--from', broken, '--canary', '99').status).toBe(0);
  const canary = headerCanary();

  // A visitor in the canary: the header shows, then throws; the page's report names its version.
  await openInCanary(page, canary.manifest);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForFunction(
    () => performance.getEntriesByName('release-health-report').length > 0,
  );
  // Leaving the page hides it: its beacon goes (the browser sends it after the page is gone, so it
  // is seen where it arrives).
  await page.goto('about:blank');
  await remotesListingShows(`health canary ${canary.version}: 1 views, errors 100.0%`);

  // Enough views: live without errors, the canary with 7 of 200 (3.5%: beyond live's by more
  // than 2 points, under the 5% ceiling).
  const liveVersion = /\/releases\/header\/([^/]+)\//.exec(live.header)?.[1] ?? '';
  await visits(request, liveVersion, MIN_VIEWS);
  await visits(request, canary.version, MIN_VIEWS - 1, 6);
  await remotesListingShows(
    `health canary ${canary.version}: ${String(MIN_VIEWS)} views, errors 3.5%`,
  );
  const refused = script('promote', 'header');
  expect(refused.status).toBe(1);
  expect(refused.output).toContain(
    `header ${canary.version} is worse than live beyond the thresholds: error rate 3.5% against live's 0.0%`,
  );
  expect(refused.output).toContain(`live ${liveVersion}: ${String(MIN_VIEWS)} views, errors 0.0%`);
  expect(refused.output).toContain(
    `canary ${canary.version}: ${String(MIN_VIEWS)} views, errors 3.5%`,
  );

  // More failing views: past the ceiling, the gateway rolls the canary back on its own.
  await visits(request, canary.version, 10, 10);
  const listing = await remotesListingShows('rolled back by the gateway');
  expect(listing).toContain(
    `canary ${canary.version}: error rate 8.1% over 210 views passes the ceiling of 5.0%`,
  );
  expect(listing).not.toContain(`canary: ${canary.version}`);
  await page.goto('/');
  expect(await servedHeader(page)).toBe(live.header);
  expect(script('promote', 'header').output).toContain('No canary of header is running');
});

test('a healthy header canary promotes', async ({ page, request }) => {
  const healthy = headerBuildWith('/* a healthy canary */');
  expect(script('release', 'header', '--from', healthy, '--canary', '50').status).toBe(0);
  const canary = headerCanary();
  const live = (await request.get('/remotes.json').then((answer) => answer.json())) as {
    header: string;
  };
  const liveVersion = /\/releases\/header\/([^/]+)\//.exec(live.header)?.[1] ?? '';
  await visits(request, liveVersion, MIN_VIEWS, 1);
  await visits(request, canary.version, MIN_VIEWS, 2);
  await remotesListingShows('verdict: the canary is within the thresholds');

  const promoted = script('promote', 'header');
  expect(promoted.output).toContain(`header ${canary.version} is live.`);
  expect(promoted.status).toBe(0);
  await page.goto('/');
  expect(await servedHeader(page)).toBe(canary.manifest);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The header as it was, for what runs next.
  expect(script('rollback', 'header').status).toBe(0);
});
