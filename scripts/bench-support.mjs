// What the benchmarks share: a free loopback port, starting the production gateway, stopping
// every process they started (also on Ctrl-C or failure), and writing figures into the docs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
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

/** Builds everything in production mode unless it is there already (or --no-build). */
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

/** The production gateway with the embedded sample backend on a free loopback port. */
export async function startGateway(env = {}) {
  const port = await freePort();
  const child = track(
    spawn('node', ['gateway/dist/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
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
