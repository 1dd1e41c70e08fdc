// Tests of the release bookkeeping (node --test): the live configuration, history and lock.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import {
  addPreview,
  assertRemote,
  canaryPercent,
  previewLink,
  previousVersion,
  promoteCanary,
  readHistory,
  readLiveConfig,
  startCanary,
  stopCanary,
  switchTo,
  withLock,
  withdrawPreview,
} from './releases.mjs';

beforeEach(() => {
  process.env.DEPLOY_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-test-'));
});

const live = () =>
  JSON.parse(fs.readFileSync(path.join(process.env.DEPLOY_DIR, 'remotes.json'), 'utf8'));
const rollout = () =>
  JSON.parse(fs.readFileSync(path.join(process.env.DEPLOY_DIR, 'rollout.json'), 'utf8'));

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

test('a canary is written for the gateways, and leaves the live configuration as it was', () => {
  switchTo('header', '1.0.0-aaa');
  startCanary('header', '1.0.0-bbb', 10);
  assert.equal(live().header, '/releases/header/1.0.0-aaa/mf-manifest.json');
  assert.deepEqual(rollout().canaries, {
    header: {
      version: '1.0.0-bbb',
      manifest: '/releases/header/1.0.0-bbb/mf-manifest.json',
      percent: 10,
    },
  });
  // Not live yet: not a version a rollback could go to.
  assert.deepEqual(readHistory().header.versions, ['1.0.0-aaa']);
});

test('promote makes the canary live for everyone and ends it; a rollback then goes back to the version before', () => {
  switchTo('header', '1.0.0-aaa');
  startCanary('header', '1.0.0-bbb', 25);
  assert.equal(promoteCanary('header'), '1.0.0-bbb');
  assert.equal(live().header, '/releases/header/1.0.0-bbb/mf-manifest.json');
  assert.deepEqual(rollout().canaries, {});
  assert.equal(previousVersion('header'), '1.0.0-aaa');
  assert.throws(() => promoteCanary('header'), /No canary of header is running/);
});

test('a canary taken back leaves every browser on the live version', () => {
  switchTo('footer', '1.0.0-aaa');
  startCanary('footer', '1.0.0-bbb', 50);
  assert.equal(stopCanary('footer'), '1.0.0-bbb');
  assert.deepEqual(rollout().canaries, {});
  assert.equal(live().footer, '/releases/footer/1.0.0-aaa/mf-manifest.json');
  assert.equal(stopCanary('footer'), undefined);
});

test('a canary is a whole percentage from 1 to 99, and never the live version', () => {
  for (const bad of ['0', '100', '10.5', '-1', 'ten', '', undefined]) {
    assert.throws(() => canaryPercent(bad), /--canary takes a whole percentage from 1 to 99/);
  }
  assert.equal(canaryPercent('10'), 10);
  switchTo('cart', '1.0.0-aaa');
  assert.throws(() => startCanary('cart', '1.0.0-aaa', 10), /already live/);
});

test('a preview has an unguessable id, a link on the public address, and an expiry; withdrawn or expired, the gateways no longer know it', () => {
  const now = Date.now();
  const first = addPreview('home', '1.0.0-ppp', 2, now);
  const second = addPreview('home', '1.0.0-qqq', 72, now);
  assert.match(first.id, /^[a-f0-9]{32}$/);
  assert.notEqual(first.id, second.id);
  assert.equal(first.expires, now + 2 * 3_600_000);
  assert.equal(
    previewLink(first.id, 'https://shop.example/'),
    `https://shop.example/preview/${first.id}`,
  );
  assert.deepEqual(rollout().previews[first.id], {
    remote: 'home',
    version: '1.0.0-ppp',
    manifest: '/releases/home/1.0.0-ppp/mf-manifest.json',
    expires: first.expires,
  });
  withdrawPreview('home', first.id);
  assert.deepEqual(Object.keys(rollout().previews), [second.id]);
  assert.throws(() => withdrawPreview('home', 'nope'), /No preview of home has the id "nope"/);
  // Expired by the time the next one is added: left out of the rollout, and of the history.
  addPreview('home', '1.0.0-rrr', 1, second.expires + 1);
  assert.equal(rollout().previews[second.id], undefined);
  assert.equal(
    readHistory().home.previews.some((preview) => preview.id === second.id),
    false,
  );
  assert.throws(() => addPreview('home', '1.0.0-sss', 0), /--hours takes a number of hours/);
  assert.throws(() => addPreview('home', '1.0.0-sss', Number.NaN), /--hours/);
});
