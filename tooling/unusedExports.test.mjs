// node --test: `npm run check:unused` (knip: knip.public-entry.config.js, then knip.config.js)
// fails on an export of shared-store's public entry that no other package imports, and takes
// shared-store's own tests for no user; the repo-wide run fails on a file nothing imports and a
// dependency nothing uses. Each runs on a copy of the working tree with what it is to find added,
// so the real tree is never touched.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const PUBLIC_ENTRY = path.join('shared-store', 'src', 'index.ts');

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

let copy = '';
let result = { status: -1, stdout: '' };

before(() => {
  copy = copyOfWorkingTree();
  fs.appendFileSync(
    path.join(copy, PUBLIC_ENTRY),
    [
      'export const NOT_IMPORTED_ANYWHERE = 1;',
      'export const ONLY_IN_CORE_TESTS = 2;',
      'export const IMPORTED_BY_A_REMOTE = 3;',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(copy, 'shared-store', 'src', 'onlyInCoreTests.test.ts'),
    "import { ONLY_IN_CORE_TESTS } from './index';\n\ntest('uses it', () => {\n  expect(ONLY_IN_CORE_TESTS).toBe(2);\n});\n",
  );
  // A module the footer newly exposes in its webpack.config.js, which no other file imports.
  const config = path.join(copy, 'remote-footer', 'webpack.config.js');
  const declared = fs.readFileSync(config, 'utf8');
  assert.match(declared, /exposes: \{/, 'remote-footer/webpack.config.js declares no exposes');
  fs.writeFileSync(
    config,
    declared.replace(/exposes: \{/, "exposes: { './UsesCore': './src/UsesCore.ts',"),
  );
  fs.writeFileSync(
    path.join(copy, 'remote-footer', 'src', 'UsesCore.ts'),
    "import { IMPORTED_BY_A_REMOTE } from 'shared-store';\n\nexport default IMPORTED_BY_A_REMOTE;\n",
  );
  result = spawnSync('npm', ['run', '--silent', 'check:unused'], { cwd: copy, encoding: 'utf8' });
});

after(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

/** Whether the check's report names `name` as an unused export of the public entry. */
function reportsUnused(name) {
  return new RegExp(`^${name}\\s.*${PUBLIC_ENTRY.replaceAll(path.sep, '/')}:`, 'm').test(
    result.stdout,
  );
}

test('an export of the public entry that no other package imports fails the check, named', () => {
  assert.equal(result.status, 1, result.stdout);
  assert.ok(reportsUnused('NOT_IMPORTED_ANYWHERE'), result.stdout);
});

test("shared-store's own tests are not users of its public entry", () => {
  assert.ok(reportsUnused('ONLY_IN_CORE_TESTS'), result.stdout);
});

test('an export that a module exposed by a remote imports is used', () => {
  assert.ok(!reportsUnused('IMPORTED_BY_A_REMOTE'), result.stdout);
});

describe('the repo-wide run (knip.config.js)', () => {
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
    found = spawnSync('npx', ['knip', '--no-progress'], { cwd: whole, encoding: 'utf8' });
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
