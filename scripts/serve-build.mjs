// The production build served for a script (the benchmarks, npm run screenshots): building it when
// it is missing, the gateway with its embedded sample backend on a free loopback port, and stopping
// every process started (also on Ctrl-C or failure).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './processes.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
const children = new Set();

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
