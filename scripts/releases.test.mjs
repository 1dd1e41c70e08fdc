// Tests of the release bookkeeping (node --test): the live configuration, history and lock.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import crypto from 'node:crypto';
import {
  addPreview,
  assertRemote,
  canaryLink,
  canaryPercent,
  previewLink,
  publish,
  publishedVersion,
  remoteRows,
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
  // The apps' folders (remote-<name>/package.json and dist/), as the gateway's APPS_ROOT.
  process.env.APPS_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-apps-'));
  for (const name of ['header', 'footer', 'home', 'cart']) {
    const dir = path.join(process.env.APPS_ROOT, `remote-${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '1.0.0' }));
  }
});

/** A build of a remote: a folder with a manifest and a script whose text is `code`. */
function buildOf(code, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-build-'))) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"exposes":[]}');
  fs.writeFileSync(path.join(dir, 'assets', 'exposed.js'), code);
  return dir;
}

/** The local build of a remote (remote-<name>/dist), the one served before any release. */
const localBuild = (name, code) =>
  buildOf(code, path.join(process.env.APPS_ROOT, `remote-${name}`, 'dist'));

/** Publishes a build of `code` and answers its version. */
const published = (name, code) => publish(name, buildOf(code)).version;

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
  for (const version of ['1.0.0-ppp', '1.0.0-qqq', '1.0.0-rrr']) {
    buildOf('home()', path.join(process.env.DEPLOY_DIR, 'remotes', 'home', version));
  }
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

test('a build is published once: the same files give the same version, and publishing them again reuses its folder', () => {
  const first = publish('header', buildOf('banner()'));
  const again = publish('header', buildOf('banner()'));
  assert.match(first.version, /^1\.0\.0-[a-f0-9]{10}$/);
  assert.deepEqual(again, { version: first.version, isNew: false });
  assert.equal(first.isNew, true);
  assert.notEqual(publish('header', buildOf('banner(2027)')).version, first.version);
  assert.deepEqual(
    fs.readdirSync(path.join(process.env.DEPLOY_DIR, 'remotes', 'header')).length,
    2,
  );
});

test('a published version is found by its id; an id that was never published is refused by name', () => {
  const version = published('header', 'banner()');
  assert.equal(publishedVersion('header', version), version);
  assert.throws(
    () => publishedVersion('header', '1.0.0-0123456789'),
    /header 1\.0\.0-0123456789 is not published/,
  );
  assert.throws(() => publishedVersion('footer', version), /footer .* is not published/);
  assert.throws(() => publishedVersion('header', '../../etc'), /not published/);
});

test('preview, canary and promote move one published version by its id: what was previewed is what goes live', () => {
  localBuild('header', 'banner()');
  const candidate = published('header', 'banner(2027)');
  const preview = addPreview('header', candidate);
  startCanary('header', candidate, 10);
  assert.equal(rollout().canaries.header.version, candidate);
  assert.equal(rollout().previews[preview.id].version, candidate);
  assert.equal(promoteCanary('header'), candidate);
  assert.equal(live().header, `/releases/header/${candidate}/mf-manifest.json`);
  assert.equal(readHistory().header.versions.filter((v) => v === candidate).length, 1);
  assert.equal(
    fs.readdirSync(path.join(process.env.DEPLOY_DIR, 'remotes', 'header')).includes(candidate),
    true,
  );
});

test('the first release records the local build that was live before it, so a rollback has somewhere to go', () => {
  localBuild('header', 'banner()');
  const before = publish('header', buildOf('banner()')).version;
  fs.rmSync(path.join(process.env.DEPLOY_DIR, 'remotes'), { recursive: true });
  const first = published('header', 'banner(2027)');
  switchTo('header', first);
  assert.deepEqual(readHistory().header.versions, [before, first]);
  assert.equal(previousVersion('header'), before);
  // The local build is kept as a release of its own: a later build in remote-header/dist does not
  // change what the rollback goes back to.
  localBuild('header', 'banner(2028)');
  assert.equal(
    fs.readFileSync(
      path.join(process.env.DEPLOY_DIR, 'remotes', 'header', before, 'assets', 'exposed.js'),
      'utf8',
    ),
    'banner()',
  );
});

test('a first canary records the local build as the live version too', () => {
  localBuild('footer', 'footer()');
  const candidate = published('footer', 'footer(2027)');
  startCanary('footer', candidate, 20);
  const [baseline] = readHistory().footer.versions;
  assert.match(baseline, /^1\.0\.0-[a-f0-9]{10}$/);
  assert.equal(readHistory().footer.live, baseline);
  assert.equal(live().footer, `/releases/footer/${baseline}/mf-manifest.json`);
});

test('the same code released again makes no second version; the rollback goes to the version live before it', () => {
  localBuild('cart', 'cart()');
  const first = published('cart', 'cart(1)');
  const second = published('cart', 'cart(2)');
  switchTo('cart', first);
  switchTo('cart', second);
  switchTo('cart', published('cart', 'cart(1)'));
  const { versions, live: now } = readHistory().cart;
  assert.equal(now, first);
  assert.equal(new Set(versions).size, versions.length);
  assert.equal(previousVersion('cart'), second);
});

test('a preview ends when its version goes live', () => {
  localBuild('home', 'home()');
  const candidate = published('home', 'home(2027)');
  const other = published('home', 'home(2028)');
  const ended = addPreview('home', candidate);
  const kept = addPreview('home', other);
  startCanary('home', candidate, 50);
  promoteCanary('home');
  assert.deepEqual(Object.keys(rollout().previews), [kept.id]);
  assert.deepEqual(
    readHistory().home.previews.map((preview) => preview.id),
    [kept.id],
  );
  assert.equal(ended.version, candidate);
});

test('a preview ends when its version is removed from the deploy folder', () => {
  const gone = published('home', 'home(gone)');
  const kept = published('home', 'home(kept)');
  const removed = addPreview('home', gone);
  fs.rmSync(path.join(process.env.DEPLOY_DIR, 'remotes', 'home', gone), { recursive: true });
  const open = addPreview('home', kept);
  assert.deepEqual(Object.keys(rollout().previews), [open.id]);
  assert.equal(
    remoteRows().some((row) => row.version === gone || row.note.includes(removed.id)),
    false,
  );
});

test('a canary link is an HMAC of its remote, version, choice and expiry, on the public address, without the secret', () => {
  const secret = 'a-secret-of-thirty-two-characters!!';
  const link = canaryLink(
    { remote: 'header', version: '1.0.0-0123456789', join: 'in', expires: 1_900_000_000 },
    { secret, publicUrl: 'https://shop.example/' },
  );
  const url = new URL(link);
  assert.equal(url.origin + url.pathname, 'https://shop.example/canary');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    remote: 'header',
    version: '1.0.0-0123456789',
    join: 'in',
    expires: '1900000000',
    sig: crypto
      .createHmac('sha256', secret)
      .update('canary-link/1\nheader\n1.0.0-0123456789\nin\n1900000000')
      .digest('base64url'),
  });
  assert.equal(link.includes(secret), false);
  assert.throws(
    () =>
      canaryLink({ remote: 'header', version: 'v', join: 'in', expires: 1 }, { secret: 'short' }),
    /RELEASE_LINK_SECRET/,
  );
});

test('npm run remotes lists for each remote what is live, the canary and its share, and the open previews', () => {
  localBuild('header', 'banner()');
  const candidate = published('header', 'banner(2027)');
  const next = published('header', 'banner(2028)');
  switchTo('header', published('header', 'banner(2026)'));
  startCanary('header', candidate, 10);
  const preview = addPreview('header', next, 2, Date.now());
  const rows = remoteRows(Date.now(), 'https://shop.example');
  const header = rows.filter((row) => row.remote === 'header');
  assert.deepEqual(
    header.map(({ role, version, share }) => ({ role, version, share })),
    [
      { role: 'live', version: readHistory().header.live, share: '90%' },
      { role: 'canary', version: candidate, share: '10%' },
      { role: 'preview', version: next, share: 'its link' },
    ],
  );
  assert.match(header[2].note, new RegExp(`https://shop\\.example/preview/${preview.id}`));
  assert.match(header[0].note, /rollback to 1\.0\.0-/);
  // A remote never released: its local build, for everyone.
  assert.deepEqual(
    rows
      .filter((row) => row.remote === 'cart')
      .map(({ role, version, share }) => ({ role, version, share })),
    [{ role: 'live', version: 'local build (remote-cart/dist)', share: '100%' }],
  );
});

test('a canary of the live version is refused, and leaves the live configuration and history as they were', () => {
  localBuild('home', 'home()');
  const same = published('home', 'home()');
  assert.throws(() => startCanary('home', same, 10), /home .* is already live/);
  assert.equal(fs.existsSync(path.join(process.env.DEPLOY_DIR, 'remotes.json')), false);
  assert.deepEqual(readHistory(), {});
});
