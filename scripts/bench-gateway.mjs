#!/usr/bin/env node
// npm run bench:gateway: requests/s and latency of the gateway on 127.0.0.1 for a cached content
// route, a proxied uncached route and a static remote chunk, beside the same chunk from nginx
// (Debian's, when installed). Bounded in time; every server it starts is stopped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ROOT,
  biggestChunk,
  ensureBuilt,
  freePort,
  load,
  machine,
  startGateway,
  track,
  waitFor,
  writeSection,
} from './bench-support.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const LOAD = { seconds: DURATION_S, connections: CONNECTIONS };

async function startNginx(root) {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return undefined;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `user root; daemon off; worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; server { listen 127.0.0.1:${String(port)}; root ${root}; } }\n`,
  );
  const child = track(spawn('nginx', ['-p', dir, '-c', conf], { stdio: 'ignore' }));
  const base = `http://127.0.0.1:${String(port)}`;
  await waitFor(`${base}/remoteEntry.js`);
  return { base, stop: () => child.kill('SIGTERM') };
}

const row = (name, result) =>
  `| ${name} | ${Math.round(result.requests.average).toLocaleString('en-GB')} | ${String(result.latency.p50)} | ${String(result.latency.p99)} |`;

async function main() {
  ensureBuilt(process.argv.includes('--build'));
  const homeDist = path.join(ROOT, 'remote-home', 'dist');
  const chunk = biggestChunk(homeDist);
  const gateway = await startGateway();
  const nginx = await startNginx(homeDist);
  try {
    const cached = `${gateway.base}/wp-json/wp/v2/courseList`;
    await fetch(cached);
    const rows = [
      row('gateway: cached content (`courseList`)', await load(cached, LOAD)),
      row(
        'gateway: proxied, never cached (`home_banner`)',
        await load(`${gateway.base}/wp-json/wp/v2/home_banner?t=1`, LOAD),
      ),
      row(
        'gateway: the home page, its hero rendered from a fresh banner read (`/`)',
        await load(`${gateway.base}/`, LOAD),
      ),
      row(
        `gateway: static chunk (\`${chunk}\`), uncompressed`,
        await load(`${gateway.base}/remotes/home/${chunk}`, LOAD),
      ),
    ];
    if (nginx)
      rows.push(
        row('nginx: the same chunk, uncompressed', await load(`${nginx.base}/${chunk}`, LOAD)),
      );
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:gateway\` on ${machine()};`,
      `autocannon, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per row, same machine as the server.`,
      nginx ? '' : 'nginx is not installed here (`apt-get install nginx-light` to compare).',
      '',
      '| route | requests/s | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      ...rows,
    ].join('\n');
    console.log(table);
    writeSection('gateway-bench', table);
  } finally {
    gateway.stop();
    nginx?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
