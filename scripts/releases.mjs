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
const file = (name) => path.join(deployDir(), name);

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
      if (preview.withdrawn || preview.expires <= now) continue;
      const { id, version, expires } = preview;
      previews[id] = { remote: name, version, manifest: manifestUrl(name, version), expires };
    }
  }
  writeAtomically(file('rollout.json'), { canaries, previews });
}

/** Saves the history and the rollout it implies (the rollout first: it names released folders). */
function saveHistory(history) {
  writeRollout(history);
  writeAtomically(file('releases.json'), history);
}

/**
 * Points the live configuration at a version and records it; the files are replaced whole. A
 * canary of that version has nothing left to do and ends.
 */
export function switchTo(name, version) {
  const history = readHistory();
  const entry = entryOf(history, name);
  if (!entry.versions.includes(version)) entry.versions.push(version);
  entry.live = version;
  if (entry.canary?.version === version) delete entry.canary;
  writeAtomically(file('remotes.json'), {
    ...readLiveConfig(),
    [name]: manifestUrl(name, version),
  });
  saveHistory(history);
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
  const entry = entryOf(history, name);
  if (entry.live === version) throw new Error(`${name} ${version} is already live.`);
  entry.canary = { version, percent: canaryPercent(percent) };
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
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) {
    throw new Error(
      `--hours takes a number of hours above 0, at most 720, not "${String(hours)}".`,
    );
  }
  const history = readHistory();
  const entry = entryOf(history, name);
  const preview = {
    id: crypto.randomBytes(16).toString('hex'),
    version,
    expires: now + Math.round(hours * 3_600_000),
  };
  // Expired and withdrawn previews are forgotten as new ones come.
  entry.previews = [
    ...(entry.previews ?? []).filter((kept) => !kept.withdrawn && kept.expires > now),
    preview,
  ];
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

/** A preview's link, on the storefront's public address when it is known (PUBLIC_URL). */
export function previewLink(id, publicUrl = process.env.PUBLIC_URL) {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/preview/${id}`;
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
