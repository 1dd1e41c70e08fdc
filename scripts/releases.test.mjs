// Tests of the release bookkeeping (node --test): the live configuration, history and lock.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import {
  assertRemote,
  previousVersion,
  readHistory,
  readLiveConfig,
  switchTo,
  withLock,
} from './releases.mjs';

beforeEach(() => {
  process.env.DEPLOY_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-test-'));
});

const live = () =>
  JSON.parse(fs.readFileSync(path.join(process.env.DEPLOY_DIR, 'remotes.json'), 'utf8'));

test('before any release every remote is served from its own build', () => {
  assert.equal(readLiveConfig().header, '/remotes/header/mf-manifest.json');
});

test('a release switches only its remote in the live configuration and records it', () => {
  switchTo('header', '1.0.0-aaa');
  assert.equal(live().header, '/releases/header/1.0.0-aaa/mf-manifest.json');
  assert.equal(live().footer, '/remotes/footer/mf-manifest.json');
  assert.deepEqual(readHistory().header, { live: '1.0.0-aaa', versions: ['1.0.0-aaa'] });
});

test('a rollback goes to the version released before the live one', () => {
  switchTo('header', '1.0.0-aaa');
  switchTo('header', '1.0.0-bbb');
  assert.equal(previousVersion('header'), '1.0.0-aaa');
});

test('a rollback with no earlier version is a clear error', () => {
  assert.throws(() => previousVersion('cart'), /No earlier release of cart to roll back to\./);
  switchTo('cart', '1.0.0-only');
  assert.throws(() => previousVersion('cart'), /No earlier release of cart/);
});

test('an unknown remote is refused by name', () => {
  assert.throws(
    () => assertRemote('banner'),
    /Unknown remote "banner": use one of header, footer, home, cart\./,
  );
});

test('a corrupt history file stops a release with its name, instead of losing the history', () => {
  fs.writeFileSync(path.join(process.env.DEPLOY_DIR, 'releases.json'), '{"header": {"li');
  assert.throws(() => switchTo('header', '1.0.0-ccc'), /releases\.json is unreadable/);
});

test('two releases at once take turns: the configuration is never mixed', async () => {
  const order = [];
  const release = (version) =>
    withLock(async () => {
      order.push(`start ${version}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      switchTo('home', version);
      order.push(`end ${version}`);
    });
  await Promise.all([release('1.0.0-one'), release('1.0.0-two')]);
  assert.deepEqual(order.slice(0, 2), [order[0], order[0].replace('start', 'end')]);
  assert.match(live().home, /\/releases\/home\/1\.0\.0-(one|two)\/mf-manifest\.json/);
  assert.equal(readHistory().home.versions.length, 2);
  assert.equal(fs.existsSync(path.join(process.env.DEPLOY_DIR, '.lock')), false);
});
