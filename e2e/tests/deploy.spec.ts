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
function run(script: 'release' | 'rollback', remote: string, env: Record<string, string> = {}) {
  execFileSync('node', [path.join(ROOT, 'scripts', `${script}.mjs`), remote], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_DIR: process.env.E2E_DEPLOY_DIR, ...env },
    stdio: 'pipe',
    timeout: 180_000,
  });
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
  run('release', 'header', { SHARED_STORE_RANGE: '^2.0.0' });
  try {
    await page.goto('/');
    await expectHomeWithMinimalHeader(page);
  } finally {
    run('rollback', 'header');
  }
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
