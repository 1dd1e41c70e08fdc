#!/usr/bin/env node
// npm run bench:cluster: requests/s and p99 latency through nginx on 127.0.0.1, with the cluster of
// scripts/cluster.mjs (Redis, the sample backend, nginx as load balancer and edge cache) run with
// one gateway and then with three: the home page, the shell's biggest hashed chunk (which nginx's
// edge cache serves after the first request) and a content read the gateways cache, beside nginx
// serving the same chunk from disk. Each URL is warmed and its cache headers checked first.
// Bounded in time (BENCH_SECONDS per figure); every process it starts is stopped, also on Ctrl-C.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import {
  ROOT,
  biggestChunk,
  ensureBuilt,
  load,
  machine,
  track,
  writeSection,
} from './bench-support.mjs';
import { freePort } from '../scripts/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARM_SECONDS = Math.min(2, SECONDS);
const CONNECTIONS = 50;
// nginx closes a client's connection after 1,000 requests (keepalive_requests) and autocannon,
// which ignores "Connection: close", would write its next request into it (ECONNRESET): each
// connection is opened again every 500 requests instead, as a browser's would be long before.
const LOAD = { connections: CONNECTIONS, reconnectRate: 500 };
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
/** A read the gateways cache (gateway/src/proxy/routeTable.ts: the `content` rule, 60 s). */
const CONTENT = '/wp-json/wp/v2/courseList';
const NAMES = { page: 'the home page', chunk: 'the chunk', content: 'the content read' };

/**
 * scripts/cluster.mjs with `gateways` gateways on a free port, once it says it is ready. It runs in
 * a process group of its own, its output to a file: Ctrl-C reaches this script alone, whose
 * SIGTERM is the one signal the cluster gets (a second one would end it before it has stopped its
 * processes), and it can finish stopping them after this script has gone.
 */
async function startCluster(gateways) {
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
  const stateFile = path.join(dir, 'cluster.json');
  const logFile = path.join(dir, 'cluster.log');
  const args = ['--gateways', String(gateways), '--port', String(port), '--log-level', 'warn'];
  args.push('--deploy-dir', path.join(dir, 'deploy'), '--state-file', stateFile);
  args.push('--static-root', SHELL_DIST, '--public-url', base);
  const out = fs.openSync(logFile, 'a');
  const child = track(
    spawn(process.execPath, ['scripts/cluster.mjs', ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
    }),
  );
  fs.closeSync(out);
  let running = true;
  const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => {
    running = false;
  });
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  process.on('exit', removeDir);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    process.off('exit', removeDir);
    removeDir();
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const log = fs.readFileSync(logFile, 'utf8');
      if (log.includes('Storefront cluster ready at')) break;
      if (!running || Date.now() > deadline) throw new Error(`The cluster did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const started = JSON.parse(fs.readFileSync(stateFile, 'utf8')).gateways.length;
    if (started !== gateways)
      throw new Error(`${String(started)} gateways, not ${String(gateways)}`);
    console.log(`${String(gateways)} gateway(s) behind nginx at ${base}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** The headers of a GET without Accept-Encoding, as autocannon sends it. */
function headersOf(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers));
      })
      .on('error', reject);
  });
}

/**
 * Warms `url`, checks that three answers in a row (one per gateway, round robin) come from nginx's
 * edge cache or not, as `edgeHit` says, and from the gateway's cache when `gatewayHit`; measures.
 */
async function measure(url, { edgeHit, gatewayHit = false }) {
  await load(url, { ...LOAD, seconds: WARM_SECONDS });
  for (let i = 0; i < 3; i += 1) {
    const headers = await headersOf(url);
    const edge = headers['x-edge-cache'] ?? 'absent';
    if ((edge === 'HIT') !== edgeHit) throw new Error(`${url}: X-Edge-Cache ${edge}`);
    if (gatewayHit && headers['x-cache'] !== 'HIT') {
      throw new Error(`${url}: x-cache ${headers['x-cache'] ?? 'absent'}, not HIT`);
    }
  }
  const { requests, latency } = await load(url, { ...LOAD, seconds: SECONDS });
  return { rps: requests.average, p99: latency.p99, max: latency.max };
}

async function main() {
  ensureBuilt(process.argv.includes('--build'));
  const chunk = biggestChunk(SHELL_DIST);
  const kb = fs.statSync(path.join(SHELL_DIST, chunk)).size / 1024;
  const loadBefore = os.loadavg()[0];
  const figures = {};
  let direct;
  for (const gateways of [1, 3]) {
    const cluster = await startCluster(gateways);
    try {
      figures[gateways] = {
        page: await measure(`${cluster.base}/`, { edgeHit: false }),
        chunk: await measure(`${cluster.base}/${chunk}`, { edgeHit: true }),
        content: await measure(`${cluster.base}${CONTENT}`, { edgeHit: false, gatewayHit: true }),
      };
      direct ??= await measure(`${cluster.base}/direct/${chunk}`, { edgeHit: false });
    } finally {
      await cluster.stop();
    }
  }
  const cells = (f) =>
    `${Math.round(f.rps).toLocaleString('en-GB')} | ${f.p99 < 1 ? '< 1' : String(f.p99)}`;
  const row = (name, key) => `| ${name} | ${cells(figures[1][key])} | ${cells(figures[3][key])} |`;
  const times = (key) => (figures[3][key].rps / figures[1][key].rps).toFixed(2);
  const slowest = [1, 3]
    .flatMap((gateways) =>
      Object.entries(figures[gateways]).map(([key, f]) => [f.max, key, gateways]),
    )
    .sort((a, b) => b[0] - a[0])[0];
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:cluster\` on ${machine()}:`,
    `\`scripts/cluster.mjs\` with one gateway, then three, behind nginx on 127.0.0.1; autocannon, ${String(CONNECTIONS)} connections,`,
    `${String(SECONDS)} s per figure after ${String(WARM_SECONDS)} s of warm-up, on the same machine; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
    '',
    '| target | 1 gateway: requests/s | p99 ms | 3 gateways: requests/s | p99 ms |',
    '|---|---:|---:|---:|---:|',
    row('the home page `/` (rendered by a gateway)', 'page'),
    row(`hashed chunk \`${chunk}\` (${kb.toFixed(0)} KB, nginx's edge cache)`, 'chunk'),
    row(`cached content read \`${CONTENT}\` (a gateway's cache)`, 'content'),
    `| nginx alone: the same chunk from disk (\`/direct/\`, measured once) | ${cells(direct)} | – | – |`,
    '',
    `nginx's edge cache keeps only what the gateways mark cacheable (hashed files): the chunk is served from its edge cache after the first request (\`X-Edge-Cache: HIT\`) and never reaches a gateway, while every page and content read goes to a gateway (the content read answered from its cache, \`x-cache: HIT\`; the page waits for a banner read from the sample backend).`,
    `nginx, the gateways, Redis, the sample backend and autocannon itself share two cores here, so three gateways cannot triple throughput: from one gateway to three, the home page went ×${times('page')}, the content read ×${times('content')} and the chunk ×${times('chunk')}.`,
    `In production each gateway has cores of its own, so pages and content reads scale with the number of gateways until WordPress or Redis is the limit, and hashed assets cost the gateways nothing once the edge (or a CDN) holds them.`,
    `The slowest single answer took ${String(slowest[0])} ms (${NAMES[slowest[1]]}, ${String(slowest[2])} gateway${slowest[2] > 1 ? 's' : ''}).`,
  ].join('\n');
  const file = path.join(ROOT, 'docs', 'PERFORMANCE.md');
  const format = async (text) =>
    prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  console.log(await format(markdown));
  writeSection('cluster-bench', markdown);
  fs.writeFileSync(file, await format(fs.readFileSync(file, 'utf8')));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
