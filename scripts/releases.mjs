// Releases of the remotes: an immutable folder per version under deploy/remotes/<name>/<version>/,
// the live configuration deploy/remotes.json (what the shell reads at every page load), and the
// history deploy/releases.json. Every change to them happens under a lock and is written to a
// temporary file renamed into place, so a reader never sees a half-written or mixed file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
  return readJson(file('releases.json'), {});
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

/** Points the live configuration at a version and records it; both files are replaced whole. */
export function switchTo(name, version) {
  const history = readHistory();
  const entry = history[name] ?? { live: null, versions: [] };
  if (!entry.versions.includes(version)) entry.versions.push(version);
  entry.live = version;
  history[name] = entry;
  writeAtomically(file('remotes.json'), {
    ...readLiveConfig(),
    [name]: manifestUrl(name, version),
  });
  writeAtomically(file('releases.json'), history);
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
