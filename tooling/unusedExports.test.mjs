// node --test: `npm run check:unused` (knip, knip.config.js) fails on a file nothing imports and a
// dependency nothing uses. It runs on a copy of the working tree with what it is to find added, so
// the real tree is never touched. That each export of shared-store's entries has users is
// sharedEntryUsers.test.mjs's.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The working tree as git sees it (tracked and new files, nothing ignored) in a new folder. Its
 * node_modules holds the installed packages, with each workspace's name linked to the copy's own
 * folder, as npm links them.
 */
function copyOfWorkingTree() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-exports-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  for (const file of files.split('\0')) {
    // A file git still lists may be gone from the disk (moved, not yet committed).
    if (file && fs.existsSync(path.join(root, file))) {
      fs.cpSync(path.join(root, file), path.join(dir, file));
    }
  }
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const ownFolders = new Map(
    workspaces.map((folder) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
      return [pkg.name, folder];
    }),
  );
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    const folder = ownFolders.get(entry);
    fs.symlinkSync(
      folder ? path.join(dir, folder) : path.join(root, 'node_modules', entry),
      path.join(dir, 'node_modules', entry),
    );
  }
  for (const folder of workspaces) {
    const own = path.join(root, folder, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(dir, folder, 'node_modules'));
  }
  return dir;
}

describe('npm run check:unused (knip.config.js)', () => {
  let whole = '';
  let found = { status: -1, stdout: '' };

  before(() => {
    whole = copyOfWorkingTree();
    fs.writeFileSync(
      path.join(whole, 'remote-cart', 'src', 'leftBehind.ts'),
      'export const LEFT_BEHIND = 1;\n',
    );
    const manifest = path.join(whole, 'remote-footer', 'package.json');
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    // Installed for another package, listed here and imported by no file of the footer's.
    pkg.dependencies = { ...pkg.dependencies, 'fast-check': '4.10.2' };
    fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
    found = spawnSync('npm', ['run', '--silent', 'check:unused'], { cwd: whole, encoding: 'utf8' });
  });

  after(() => {
    if (whole) fs.rmSync(whole, { recursive: true, force: true });
  });

  test('a file that nothing imports fails the check, named', () => {
    assert.equal(found.status, 1, found.stdout);
    assert.match(found.stdout, /remote-cart\/src\/leftBehind\.ts/);
  });

  test("a dependency that none of its package's files uses fails the check, named", () => {
    assert.match(found.stdout, /fast-check\s+remote-footer\/package\.json/);
  });
});
