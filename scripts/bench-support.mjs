// What the benchmarks share: a free loopback port, starting the production gateway, stopping
// every process they started (also on Ctrl-C or failure), medians, the budgets they hold the
// figures to, progress with the time elapsed, and writing figures into the docs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './processes.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
const children = new Set();
const started = Date.now();

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
  children.clear();
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

export function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs / 1000)} s`);
}

/** Builds everything in production mode unless it is there already (or `force`). */
export function ensureBuilt(force) {
  const built = ['shell', 'remote-home', 'gateway'].every((app) =>
    fs.existsSync(path.join(ROOT, app, 'dist')),
  );
  if (built && !force) return 0;
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The production build failed.');
  return (Date.now() - started) / 1000;
}

/** Variables naming an upstream: one set in the caller's environment would need them all. */
const UPSTREAM_VARIABLES = [
  'WORDPRESS_URL',
  'LMS_API_URL',
  'PORTAL_URL',
  'WC_CONSUMER_KEY',
  'WC_CONSUMER_SECRET',
];

/** The production gateway with the embedded sample backend on a free loopback port. */
export async function startGateway(env = {}) {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !UPSTREAM_VARIABLES.includes(name)),
  );
  const child = track(
    spawn('node', ['gateway/dist/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The address the pages are loaded from: WordPress's links (images) name it, and the
        // page's policy allows its own origin.
        PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
        LOG_LEVEL: 'warn',
        SAMPLE_STATE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-state-')),
        DEPLOY_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deploy-')),
        ...env,
      },
    }),
  );
  const base = `http://127.0.0.1:${String(port)}`;
  await waitFor(`${base}/healthz`);
  return { base, stop: () => child.kill('SIGTERM') };
}

/**
 * autocannon against `url` (`seconds`, 50 connections unless `options` say otherwise: any of its
 * options); rejects on any non-2xx answer or error, and on any body its `verifyBody` refused.
 */
export function load(url, { seconds, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, ...options }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0 || result.mismatches > 0) {
        reject(
          new Error(
            `${url}: of ${String(result.requests.total)} requests, ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors, ${String(result.mismatches)} bodies not as expected`,
          ),
        );
      } else resolve(result);
    });
  });
}

/** The value at or below which `p` % of `values` lie (nearest rank): one of the values. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(Math.ceil((p / 100) * sorted.length) - 1, 0)];
}

export const median = (values) => percentile(values, 50);

/** A figure of budget.json by its dotted name (`routes.tbtMs`); throws when it is not a number. */
export function budgetOf(name) {
  const budget = JSON.parse(fs.readFileSync(path.join(ROOT, 'budget.json'), 'utf8'));
  const value = name.split('.').reduce((at, key) => at?.[key], budget);
  if (typeof value !== 'number') throw new Error(`budget.json has no number at ${name}.`);
  return value;
}

/**
 * Prints every failed check (a broken budget: what, the figure, the budget; or a failure of the
 * bench itself), or that all hold; any failure makes the process exit with 1.
 */
export function reportFailures(failures) {
  if (failures.length === 0) {
    console.log('Every budget holds.');
    return;
  }
  console.error(`The bench failed ${String(failures.length)} check(s):`);
  for (const line of failures) console.error(`  ${line}`);
  process.exitCode = 1;
}

/** Prints `message` after the time since the bench started, [m:ss]. */
export function progress(message) {
  const seconds = Math.round((Date.now() - started) / 1000);
  const clock = `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
  console.log(`[${clock}] ${message}`);
}

/** The biggest content-hashed JavaScript file (name.0123abcd.js) in `dir`. */
export function biggestChunk(dir) {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.[0-9a-f]{8}\.js$/.test(file))
    .map((file) => ({ file, size: fs.statSync(path.join(dir, file)).size }))
    .sort((a, b) => b.size - a.size)[0].file;
}

export function machine() {
  return `${String(os.cpus().length)} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Replaces the section between <!-- name:start --> and <!-- name:end --> in docs/PERFORMANCE.md. */
export function writeSection(name, markdown) {
  const file = path.join(ROOT, 'docs', 'PERFORMANCE.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const updated = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, updated);
}
