// Releases of the remotes: an immutable folder per version under deploy/remotes/<name>/<version>/,
// the live configuration deploy/remotes.json (what the shell reads at every page load), what is
// rolling out deploy/rollout.json (each remote's canary and the previews, which the gateways read:
// gateway/src/page/rollout.ts), and the history deploy/releases.json. Every change to them happens
// under a lock and is written to a temporary file renamed into place, so a reader never sees a
// half-written or mixed file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withGatewayRollbacks } from './health.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** The remotes the page contract names (shared-store/src/page/page-contract.json). */
export const REMOTES = createRequire(import.meta.url)('tooling/pageContract').remoteNames();
export const deployDir = () => path.resolve(process.env.DEPLOY_DIR ?? path.join(ROOT, 'deploy'));
/** The folder holding remote-<name>/ with its dist/ build: the gateway's APPS_ROOT. */
const appsRoot = () => path.resolve(process.env.APPS_ROOT ?? ROOT);
const file = (name) => path.join(deployDir(), name);
/** A released version's folder: deploy/remotes/<name>/<version>/. */
const versionFolder = (name, version) => path.join(deployDir(), 'remotes', name, version);
/** A version's id, as the gateway accepts it (gateway/src/page/rollout.ts). */
const VERSION_ID = /^\w[\w.-]{0,63}$/;

/** URL path under which the gateway serves deploy/remotes. */
export const RELEASES_URL = '/releases';

export function assertRemote(name) {
  if (!REMOTES.includes(name)) {
    throw new Error(`Unknown remote "${name ?? ''}": use one of ${REMOTES.join(', ')}.`);
  }
}

function readJson(target, fallback) {
  try {
    return JSON.parse(fs.readFileSync(target, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return fallback;
    throw new Error(`${target} is unreadable (${error.message}); fix or remove it first.`);
  }
}

function writeAtomically(target, value) {
  const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, target);
}

/** The live configuration: what the gateway serves, the builds in remote-*\/dist by default. */
export function readLiveConfig() {
  const defaults = Object.fromEntries(REMOTES.map((r) => [r, `/remotes/${r}/mf-manifest.json`]));
  return { ...defaults, ...readJson(file('remotes.json'), {}) };
}

export function readHistory() {
  // A canary the gateways rolled back on their own (scripts/health.mjs) is over.
  return withGatewayRollbacks(deployDir(), readJson(file('releases.json'), {}));
}

/** Runs `change` holding the deploy lock; a second release waits for the first, never mixes. */
export async function withLock(change) {
  fs.mkdirSync(deployDir(), { recursive: true });
  const lock = file('.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (holder && !isAlive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error('Another release has held the lock for 2 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await change();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function manifestUrl(name, version) {
  return `${RELEASES_URL}/${name}/${version}/mf-manifest.json`;
}

/** A remote's history: its live version, the versions it was live at, its canary and previews. */
function entryOf(history, name) {
  history[name] ??= { live: null, versions: [] };
  return history[name];
}

/**
 * What the gateways read besides the live configuration: each remote's canary, and the previews
 * neither withdrawn nor expired. Written from the history, whole.
 */
function writeRollout(history, now = Date.now()) {
  const canaries = {};
  const previews = {};
  for (const [name, entry] of Object.entries(history)) {
    if (entry.canary) {
      const { version, percent } = entry.canary;
      canaries[name] = { version, manifest: manifestUrl(name, version), percent };
    }
    for (const preview of entry.previews ?? []) {
      if (!isOpen(name, preview, now)) continue;
      const { id, version, expires } = preview;
      previews[id] = { remote: name, version, manifest: manifestUrl(name, version), expires };
    }
  }
  writeAtomically(file('rollout.json'), { canaries, previews });
}

/**
 * Whether a preview still shows its version: neither withdrawn nor expired, and its version still
 * in the deploy folder (a preview ends when its version is removed, as when it goes live).
 */
function isOpen(name, preview, now) {
  return (
    !preview.withdrawn &&
    preview.expires > now &&
    fs.existsSync(path.join(versionFolder(name, preview.version), 'mf-manifest.json'))
  );
}

/** Saves the history and the rollout it implies (the rollout first: it names released folders). */
function saveHistory(history) {
  writeRollout(history);
  writeAtomically(file('releases.json'), history);
}

/** Points the live configuration of `name` at a version's manifest; the file is replaced whole. */
function writeLive(name, version) {
  writeAtomically(file('remotes.json'), {
    ...readLiveConfig(),
    [name]: manifestUrl(name, version),
  });
}

/**
 * Before a remote's first release, what was live is recorded as a version of its own, so a
 * rollback has somewhere to go: the local build (remote-<name>/dist) published as a release, or
 * the released version remotes.json already names. Answers the version, for the caller to point
 * the live configuration at (visitors see the same files), or undefined when it was known.
 */
function recordLiveBefore(history, name) {
  const entry = entryOf(history, name);
  if (entry.live) return undefined;
  const named = readLiveConfig()[name];
  const released = /^\/releases\/([a-z]+)\/([^/]+)\/mf-manifest\.json$/.exec(named);
  let version;
  if (released?.[1] === name && fs.existsSync(versionFolder(name, released[2]))) {
    version = released[2];
  } else if (named === `/remotes/${name}/mf-manifest.json`) {
    const local = path.join(appsRoot(), `remote-${name}`, 'dist');
    if (!fs.existsSync(path.join(local, 'mf-manifest.json'))) return undefined;
    version = publish(name, local).version;
  } else return undefined;
  entry.live = version;
  if (!entry.versions.includes(version)) entry.versions.unshift(version);
  return version;
}

/**
 * Points the live configuration at a version and records it; the files are replaced whole. The
 * version becomes the last the remote went live with (a rollback goes back to the one before),
 * unless `back` (a rollback walks the list back). A canary of that version has nothing left to
 * do and ends, and so do its previews: what they showed is live. Answers the previews ended.
 */
export function switchTo(name, version, { back = false } = {}) {
  const history = readHistory();
  recordLiveBefore(history, name);
  const entry = entryOf(history, name);
  if (!back) entry.versions = entry.versions.filter((known) => known !== version);
  if (!entry.versions.includes(version)) entry.versions.push(version);
  entry.live = version;
  if (entry.canary?.version === version) delete entry.canary;
  const ended = (entry.previews ?? []).filter((preview) => preview.version === version);
  if (entry.previews) entry.previews = entry.previews.filter((kept) => !ended.includes(kept));
  writeLive(name, version);
  saveHistory(history);
  return ended;
}

/** The share of browsers a canary may get: a whole percentage from 1 to 99 (100 is a release). */
export function canaryPercent(text) {
  const percent = Number(text);
  if (!/^\d+$/.test(String(text ?? '')) || percent < 1 || percent > 99) {
    throw new Error(
      `--canary takes a whole percentage from 1 to 99, not "${String(text ?? '')}" (to give it to everyone, promote it).`,
    );
  }
  return percent;
}

/**
 * Serves a version to `percent` of browsers (each browser kept in or out by its bucket), the live
 * one to the others; it replaces the remote's canary, if one runs.
 */
export function startCanary(name, version, percent) {
  const history = readHistory();
  const before = recordLiveBefore(history, name);
  const entry = entryOf(history, name);
  if (entry.live === version) {
    throw new Error(`${name} ${version} is already live: a canary of it would change nothing.`);
  }
  entry.canary = { version, percent: canaryPercent(percent) };
  if (before !== undefined) writeLive(name, before);
  saveHistory(history);
}

/** Makes the remote's canary live for everyone; answers its version. */
export function promoteCanary(name) {
  const canary = readHistory()[name]?.canary;
  if (!canary) throw new Error(`No canary of ${name} is running: nothing to promote.`);
  switchTo(name, canary.version);
  return canary.version;
}

/** Ends the remote's canary: every browser gets the live version again. Answers its version. */
export function stopCanary(name) {
  const history = readHistory();
  const canary = history[name]?.canary;
  if (!canary) return undefined;
  delete history[name].canary;
  saveHistory(history);
  return canary.version;
}

/** How long a preview link works by default. */
export const PREVIEW_HOURS = 72;

/**
 * A preview of a version: an id of 128 random bits (the link's secret) that lets the browser
 * opening /preview/<id> load that version, until it expires (`hours`) or is withdrawn.
 */
export function addPreview(name, version, hours = PREVIEW_HOURS, now = Date.now()) {
  linkHours(hours);
  const history = readHistory();
  const entry = entryOf(history, name);
  const preview = {
    id: crypto.randomBytes(16).toString('hex'),
    version,
    expires: now + Math.round(hours * 3_600_000),
  };
  // Previews that ended (expired, withdrawn, their version removed) are forgotten as new ones come.
  entry.previews = [...(entry.previews ?? []).filter((kept) => isOpen(name, kept, now)), preview];
  saveHistory(history);
  return preview;
}

/** Withdraws a preview by its id: its link and the browsers holding it see the live site. */
export function withdrawPreview(name, id) {
  const history = readHistory();
  const preview = history[name]?.previews?.find((known) => known.id === id);
  if (!preview) throw new Error(`No preview of ${name} has the id "${String(id)}".`);
  preview.withdrawn = true;
  saveHistory(history);
}

/**
 * The storefront's public address, as the gateway builds its own links: PUBLIC_URL, or a
 * developer's local gateway on PORT when it is unset.
 */
export function publicBase(publicUrl = process.env.PUBLIC_URL) {
  return (publicUrl ?? `http://localhost:${process.env.PORT ?? '8080'}`).replace(/\/+$/, '');
}

/** A preview's link, absolute on the storefront's public address. */
export function previewLink(id, publicUrl) {
  return `${publicBase(publicUrl)}/preview/${id}`;
}

/** The secret canary links are signed with, trimmed as the gateway reads it; else a clear error. */
export function linkSecret(secret = process.env.RELEASE_LINK_SECRET) {
  const key = secret?.trim() ?? '';
  if (key.length < 32) {
    throw new Error(
      "A canary link is signed with the gateways' RELEASE_LINK_SECRET (32 characters or more): set it in this environment to the same value.",
    );
  }
  return key;
}

/** A number of hours a link works: above 0, at most 720 (30 days). */
export function linkHours(text) {
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) {
    throw new Error(`--hours takes a number of hours above 0, at most 720, not "${String(text)}".`);
  }
  return hours;
}

/** How long a canary link works by default, in hours. */
export const CANARY_LINK_HOURS = 72;

/**
 * A link that puts the browser opening it in (`join` "in") or out ("out") of the remote's canary
 * of `version`, until `expires` (seconds since 1970). Signed with HMAC-SHA256 under the gateways'
 * RELEASE_LINK_SECRET over "canary-link/1", the remote, version, choice and expiry, one a line:
 * the gateway (gateway/src/page/canaryLinks.ts) refuses a link altered in any of them, or expired.
 * The secret itself is in no link, and never printed.
 */
export function canaryLink(
  { remote, version, join, expires },
  { secret = process.env.RELEASE_LINK_SECRET, publicUrl } = {},
) {
  const key = linkSecret(secret);
  const signed = ['canary-link/1', remote, version, join, String(expires)].join('\n');
  const query = new URLSearchParams({
    remote,
    version,
    join,
    expires: String(expires),
    sig: crypto.createHmac('sha256', key).update(signed).digest('base64url'),
  });
  return `${publicBase(publicUrl)}/canary?${query.toString()}`;
}

/** The version before the live one, or an error when there is none. */
export function previousVersion(name) {
  const entry = readHistory()[name];
  const index = entry ? entry.versions.indexOf(entry.live) : -1;
  if (index <= 0) throw new Error(`No earlier release of ${name} to roll back to.`);
  return entry.versions[index - 1];
}

/** A short hash of a folder's files: the same build gives the same version. */
export function hashFolder(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (current) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 10);
}

/** The package version of a remote, as its package.json says. */
function packageVersion(name) {
  const file = path.join(appsRoot(), `remote-${name}`, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * Publishes a build of a remote (a folder holding its mf-manifest.json) as the version its files
 * make, `<package version>-<hash>`: copied under a temporary name and renamed, so a version
 * folder is complete or absent, and never copied twice (the same files are the same version).
 * Run it holding the lock.
 */
export function publish(name, from) {
  const version = `${packageVersion(name)}-${hashFolder(from)}`;
  const target = versionFolder(name, version);
  if (fs.existsSync(target)) return { version, isNew: false };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = `${target}.staging-${String(process.pid)}`;
  fs.cpSync(from, staging, { recursive: true });
  fs.renameSync(staging, target);
  return { version, isNew: true };
}

/** `id` when it is a version of `name` published in the deploy folder; else a clear error. */
export function publishedVersion(name, id) {
  const known =
    VERSION_ID.test(String(id)) &&
    fs.existsSync(path.join(versionFolder(name, String(id)), 'mf-manifest.json'));
  if (!known) {
    throw new Error(
      `${name} ${String(id)} is not published: npm run remotes lists the versions of ${name}.`,
    );
  }
  return id;
}

/**
 * What \`npm run remotes\` shows, a row per remote version in service: for each remote its live
 * version (with its share of browsers and the version a rollback goes to), its canary and share,
 * and its open previews (their links). Each row names a remote and a version, so columns about a
 * version can be added to it.
 */
export function remoteRows(now = Date.now(), publicUrl = undefined) {
  const history = readHistory();
  return REMOTES.flatMap((name) => {
    const entry = history[name];
    const canary = entry?.canary;
    const index = entry ? entry.versions.indexOf(entry.live) : -1;
    const rows = [
      {
        remote: name,
        role: 'live',
        version: entry?.live ?? `local build (remote-${name}/dist)`,
        share: `${String(100 - (canary?.percent ?? 0))}%`,
        note: entry?.live
          ? index > 0
            ? `rollback to ${entry.versions[index - 1]}`
            : 'no earlier release'
          : 'not released yet',
      },
    ];
    if (canary) {
      rows.push({
        remote: name,
        role: 'canary',
        version: canary.version,
        share: `${String(canary.percent)}%`,
        note: `npm run promote -- ${name}, or npm run rollback -- ${name}`,
      });
    }
    for (const preview of entry?.previews ?? []) {
      if (!isOpen(name, preview, now)) continue;
      rows.push({
        remote: name,
        role: 'preview',
        version: preview.version,
        share: 'its link',
        note: `${previewLink(preview.id, publicUrl)} until ${new Date(preview.expires).toISOString()}`,
      });
    }
    return rows;
  });
}
