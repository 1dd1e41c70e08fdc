#!/usr/bin/env node
// npm run dev: the gateway with its embedded sample backend on :8090 (the API the dev servers
// proxy to: content, cart service and the commerce API), the shell on :3000 and each remote of
// the page contract on its own port, all with hot reload. Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const { devPortOf, remoteNames } = createRequire(import.meta.url)('tooling/pageContract');

const root = path.resolve(import.meta.dirname, '..');
// The gateway serves the built shell too; the dev servers serve the live code.
const build = spawnSync(
  'npx',
  ['lerna', 'run', 'build', '--scope', 'gateway', '--scope', 'shell', '--include-dependencies'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const processes = [
  ['api', 'node', ['gateway/dist/main.js']],
  ...[...remoteNames().map((name) => `remote-${name}`), 'shell'].map((pkg) => [
    pkg,
    'npm',
    ['run', 'dev', '-w', pkg],
  ]),
].map(([name, cmd, args]) => {
  // Each in its own process group, so stopping it stops what it started (webpack under npm).
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      PORT: '8090',
      PUBLIC_URL: 'http://localhost:3000',
      SERVER_RENDER_BUDGET_MS: '0',
    },
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk) => console.log(prefix(chunk)));
  child.stderr.on('data', (chunk) => console.error(prefix(chunk)));
  return child;
});

const alone = remoteNames().map((name) => `:${String(devPortOf(name))} ${name}`);
console.log(`Shell: http://localhost:3000 (remotes alone: ${alone.join(', ')})`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of processes) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of processes) child.on('exit', () => stop());
