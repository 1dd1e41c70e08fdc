import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { expectHomeWithMinimalHeader } from '../support/storefront';

const ROOT = path.resolve(__dirname, '..', '..');
const TRUST_STRIP = path.join(ROOT, 'remote-header', 'src', 'TrustStrip.tsx');
const ORIGINAL_TEXT = 'Medical education awards';
const RELEASED_TEXT = 'Medical education awards 2027';

/** The script the marketing team runs, against this run's deploy folder. */
function run(script: 'release' | 'rollback', remote: string) {
  execFileSync('node', [path.join(ROOT, 'scripts', `${script}.mjs`), remote], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_DIR: process.env.E2E_DEPLOY_DIR },
    stdio: 'pipe',
    timeout: 180_000,
  });
}

/** Replaces a file whole, as the release scripts do, so the gateway never reads half of it. */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/**
 * Puts live a header whose manifest names another shared-store contract, as a header built
 * against another major version of shared-store would: a copy of the live release with that one
 * change, under a version folder of its own (releases are never changed in place). Answers a
 * function that puts the release before it back live.
 */
function releaseHeaderForContract(range: string): () => void {
  const deploy = process.env.E2E_DEPLOY_DIR ?? '';
  const configFile = path.join(deploy, 'remotes.json');
  if (!fs.existsSync(configFile)) run('release', 'header');
  const config = fs.readFileSync(configFile, 'utf8');
  const live = JSON.parse(config) as Record<string, string>;
  const manifestUrl = live.header ?? '';
  const versionDir = path.dirname(
    path.join(deploy, 'remotes', manifestUrl.replace(/^\/releases\//, '')),
  );
  const otherDir = `${versionDir}-contract-${range.replace(/\W/g, '')}`;
  fs.cpSync(versionDir, otherDir, { recursive: true });
  const manifestFile = path.join(otherDir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion?: string }[];
  };
  const entry = manifest.shared.find((shared) => shared.name === 'shared-store');
  if (!entry) throw new Error(`${manifestFile} shares no shared-store`);
  entry.requiredVersion = range;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const otherUrl = `${path.posix.dirname(manifestUrl)}-contract-${range.replace(/\W/g, '')}/mf-manifest.json`;
  writeWhole(configFile, `${JSON.stringify({ ...live, header: otherUrl }, null, 2)}\n`);
  return () => {
    writeWhole(configFile, config);
  };
}

/** A hash of every file the shell and the other remotes serve. */
function hashOfOthers(): string {
  const hash = crypto.createHash('sha256');
  for (const app of ['shell', 'remote-footer', 'remote-home', 'remote-cart']) {
    const dir = path.join(ROOT, app, 'dist');
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex');
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('the header ships and rolls back alone; the shell and other remotes stay byte-for-byte the same', async ({
  page,
}) => {
  const source = fs.readFileSync(TRUST_STRIP, 'utf8');
  const before = hashOfOthers();
  try {
    run('release', 'header');
    fs.writeFileSync(TRUST_STRIP, source.replace(ORIGINAL_TEXT, RELEASED_TEXT));
    run('release', 'header');
  } finally {
    fs.writeFileSync(TRUST_STRIP, source);
  }
  await page.goto('/');
  await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
  expect(hashOfOthers()).toBe(before);

  run('rollback', 'header');
  await page.reload();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByText(RELEASED_TEXT)).toHaveCount(0);
});

test('a header built for another shared-store contract is refused; the page keeps working', async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(
    /Remote "header" was built for shared-store \^2\.0\.0, but this page runs shared-store 1\.0\.0/,
  );
  consoleWatch.allow(/header\/(PromoBanner|Header|TrustStrip)/);
  const restore = releaseHeaderForContract('^2.0.0');
  try {
    await page.goto('/');
    await expectHomeWithMinimalHeader(page);
  } finally {
    restore();
  }
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
