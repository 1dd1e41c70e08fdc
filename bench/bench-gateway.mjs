#!/usr/bin/env node
// npm run bench:gateway: requests/s and latency of the gateway on 127.0.0.1 for a cached content
// route, a proxied uncached route and a static remote chunk, beside the same chunk from nginx
// (Debian's, when installed); and for every server-rendered page, its response time once its
// reads are cached (sequential requests) and its requests/s under load, held to budget.json's
// serverRenderMs (median). A page served without its server render fails the bench: it is not a
// fast figure. Bounded in time; every server it starts is stopped; exits with 1 on a failure or
// a broken budget.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  ROOT,
  biggestChunk,
  budgetOf,
  ensureBuilt,
  load,
  machine,
  median,
  percentile,
  progress,
  reportFailures,
  startGateway,
  track,
  waitFor,
  writeSection,
} from './bench-support.mjs';
import { freePort } from '../scripts/processes.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const LOAD = { seconds: DURATION_S, connections: CONNECTIONS };

/**
 * Each route the page contract renders on the server, by its pattern: its sample pages, each a
 * path and the cookies a browser sends with it (the cart's line count, which its first screen
 * shows).
 */
const SERVER_RENDERED = {
  '/': [{ path: '/' }],
  '/courses': [{ path: '/courses' }],
  '/courses/:slug': [{ path: '/courses/plab-1-online-course' }],
  '/events': [{ path: '/events' }],
  '/events/:slug': [{ path: '/events/plab-2-mock-circuit-manchester-january-2027' }],
  '/locations/:id': [{ path: '/locations/1' }],
  '/memberships': [{ path: '/memberships' }],
  '/search': [{ path: '/search?s=plab' }],
  '/blogs': [{ path: '/blogs' }],
  '/blogs/:slug': [{ path: '/blogs/how-to-pass-ukmla-akt' }],
  '/privacy-policy': [{ path: '/privacy-policy' }],
  '/terms-and-conditions': [{ path: '/terms-and-conditions' }],
  '/contact-us': [{ path: '/contact-us' }],
  '/acceptable-use-policy': [{ path: '/acceptable-use-policy' }],
  '/cart': [{ path: '/cart' }, { path: '/cart', cookie: 'cart_lines=2' }],
};
/** Sequential requests timed per page, after the warm-up. */
const TIMED_REQUESTS = 200;
/** Requests before the timed ones, once the page has come with its server render. */
const WARM_UP_REQUESTS = 20;
/** How long a page may come without its server render while its renderer starts. */
const RENDERER_START_MS = 5000;
/** A browser's navigation: the gateway answers other routes than `/` with the page only to it. */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml' };
/** What the gateway puts around a page's server render (the shell keeps it until the remote's). */
const SERVER_RENDER_MARK = 'data-server-render=';

/** Fails when the page contract renders a route on the server that has no sample page here. */
function checkServerRenderedRoutes() {
  const contract = createRequire(import.meta.url)('shared-store/page-contract.json');
  const missing = contract.routes
    .filter((route) => route.serverRender && !(route.path in SERVER_RENDERED))
    .map((route) => route.path);
  if (missing.length > 0) {
    throw new Error(
      `The page contract renders ${missing.join(', ')} on the server: give each a sample page in SERVER_RENDERED.`,
    );
  }
}

/** A sample page's request headers: a browser's navigation, with the sample's cookies. */
const headersOf = (sample) =>
  sample.cookie ? { ...PAGE_HEADERS, cookie: sample.cookie } : PAGE_HEADERS;

/** A sample page as the bench's tables name it. */
const nameOf = (sample) => (sample.cookie ? `${sample.path} (${sample.cookie})` : sample.path);

/** One request for the page, timed to its last byte: the time, and whether it was rendered. */
async function timedPage(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const html = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${String(response.status)}`);
  return { ms: elapsed, rendered: html.includes(SERVER_RENDER_MARK) };
}

/**
 * A server-rendered page's figures: warmed up (its renderer started, its reads cached), then
 * TIMED_REQUESTS sequential requests (median, p95) and a load run, every answer checked for its
 * server render. `failure` says what came without it; the figures measured before stand.
 */
async function measureServerRendered(base, sample) {
  const url = `${base}${sample.path}`;
  const headers = headersOf(sample);
  const deadline = Date.now() + RENDERER_START_MS;
  while (!(await timedPage(url, headers)).rendered) {
    if (Date.now() > deadline) {
      return {
        failure: `served without its server render (for ${String(RENDERER_START_MS / 1000)} s)`,
      };
    }
  }
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await timedPage(url, headers);
  const times = [];
  let unrendered = 0;
  for (let i = 0; i < TIMED_REQUESTS; i += 1) {
    const page = await timedPage(url, headers);
    times.push(page.ms);
    if (!page.rendered) unrendered += 1;
  }
  if (unrendered > 0) {
    return {
      failure: `${String(unrendered)} of ${String(TIMED_REQUESTS)} sequential answers came without its server render`,
    };
  }
  const sequential = { median: median(times), p95: percentile(times, 95) };
  try {
    const loaded = await load(url, {
      ...LOAD,
      headers,
      verifyBody: (body) => body.includes(SERVER_RENDER_MARK),
    });
    return { ...sequential, loaded };
  } catch (error) {
    return {
      ...sequential,
      failure: `under load: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The page's row, and what of it failed: no server render, or a median over the budget. */
function serverRenderedRow(pagePath, figures, budgetMs) {
  const failures = [];
  if (figures.failure) failures.push(`\`${pagePath}\`: ${figures.failure}`);
  if (figures.median !== undefined && figures.median > budgetMs) {
    failures.push(
      `\`${pagePath}\` median response: ${figures.median.toFixed(1)} ms, budget ${String(budgetMs)} ms`,
    );
  }
  const cells = [
    figures.median?.toFixed(1) ?? '–',
    figures.p95?.toFixed(1) ?? '–',
    figures.loaded ? Math.round(figures.loaded.requests.average).toLocaleString('en-GB') : '–',
    figures.loaded ? String(figures.loaded.latency.p99) : '–',
    failures.length === 0 ? 'yes' : (figures.failure ?? 'no: median over budget'),
  ];
  return { row: `| \`${pagePath}\` | ${cells.join(' | ')} |`, failures };
}

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
  checkServerRenderedRoutes();
  const serverRenderMs = budgetOf('serverRenderMs');
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
        `gateway: static chunk (\`${chunk}\`), uncompressed`,
        await load(`${gateway.base}/remotes/home/${chunk}`, LOAD),
      ),
    ];
    if (nginx)
      rows.push(
        row('nginx: the same chunk, uncompressed', await load(`${nginx.base}/${chunk}`, LOAD)),
      );
    const rendered = [];
    const failures = [];
    for (const sample of Object.values(SERVER_RENDERED).flat()) {
      progress(`Server-rendered page ${nameOf(sample)}`);
      const figures = await measureServerRendered(gateway.base, sample);
      const { row: pageRow, failures: pageFailures } = serverRenderedRow(
        nameOf(sample),
        figures,
        serverRenderMs,
      );
      rendered.push(pageRow);
      failures.push(...pageFailures);
    }
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:gateway\` on ${machine()};`,
      `autocannon, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per row, same machine as the server.`,
      nginx ? '' : 'nginx is not installed here (`apt-get install nginx-light` to compare).',
      '',
      '| route | requests/s | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      ...rows,
      '',
      `Server-rendered pages: the time to a page's last byte, median and p95 of ${String(TIMED_REQUESTS)} sequential requests (one connection) after ${String(WARM_UP_REQUESTS)} of warm-up, its reads cached (except \`/\`'s banner, never cached); then requests/s and p99 under the load above. Every answer must carry its server render (\`${SERVER_RENDER_MARK}\`). Budget (budget.json \`serverRenderMs\`): median at most ${String(serverRenderMs)} ms.`,
      '',
      '| page | median ms | p95 ms | requests/s | p99 ms under load | rendered, within budget |',
      '|---|---:|---:|---:|---:|---|',
      ...rendered,
    ].join('\n');
    console.log(table);
    writeSection('gateway-bench', table);
    reportFailures(failures);
  } finally {
    gateway.stop();
    nginx?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
