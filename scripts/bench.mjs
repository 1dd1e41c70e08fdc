#!/usr/bin/env node
// npm run bench: builds production (timed, and one remote alone), serves it through the gateway
// on 127.0.0.1 and measures in Chromium, for /, /cart and /search?s=plab, the median of 3 runs:
// JavaScript and CSS transferred (as served) and uncompressed, requests, the longest chain of
// dependent requests, copies of React in the page, and the paint and layout-shift metrics the
// browser reports (FCP, LCP, CLS) on a phone-sized viewport. Writes the table to
// docs/PERFORMANCE.md. Every server it starts is stopped, also on Ctrl-C or failure.
/* global window */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, ensureBuilt, machine, startGateway, writeSection } from './bench-support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/cart', '/search?s=plab'];
const RUNS = 3;

if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium".`,
  );
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

function timeRemoteBuild() {
  const started = Date.now();
  const out = fs.mkdtempSync(path.join(ROOT, '.bench-build-'));
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: path.join(ROOT, 'remote-header'),
    stdio: 'ignore',
  });
  fs.rmSync(out, { recursive: true, force: true });
  if (result.status !== 0) throw new Error('Building the header remote alone failed.');
  return (Date.now() - started) / 1000;
}

/** One page load on a phone-sized, throttled-CPU page: what the network and the browser saw. */
async function measure(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const initiators = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    const parent = event.initiator?.url ?? event.initiator?.stack?.callFrames?.[0]?.url;
    if (!initiators.has(event.request.url)) initiators.set(event.request.url, parent);
  });
  await page.addInitScript(() => {
    window.__vitals = { lcp: 0, cls: 0, fcp: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') window.__vitals.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500); // the footer appears after 2 s: its shift counts
  const figures = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const sum = (type, field) =>
      resources
        .filter((r) => r.name.split('?')[0].endsWith(type))
        .reduce((total, r) => total + r[field], 0);
    const nav = performance.getEntriesByType('navigation')[0];
    const share = globalThis.__FEDERATION__?.__SHARE__ ?? {};
    const reactCopies = new Set();
    for (const scope of Object.values(share)) {
      for (const [version, provided] of Object.entries(scope?.default?.react ?? {})) {
        if (provided.loaded || provided.loading) reactCopies.add(`${version}:${provided.from}`);
      }
    }
    return {
      jsTransferred: sum('.js', 'transferSize'),
      jsBytes: sum('.js', 'decodedBodySize'),
      cssTransferred: sum('.css', 'transferSize'),
      cssBytes: sum('.css', 'decodedBodySize'),
      requests: resources.length + 1,
      reactCopies: Math.max(reactCopies.size, 1),
      ttfb: nav.responseStart,
      ...window.__vitals,
    };
  });
  const depth = (requestUrl, seen = new Set()) => {
    const parent = initiators.get(requestUrl);
    if (!parent || seen.has(parent) || parent === requestUrl) return 1;
    seen.add(parent);
    return 1 + depth(parent, seen);
  };
  figures.chain = Math.max(...[...initiators.keys()].map((u) => depth(u)));
  await context.close();
  return figures;
}

async function main() {
  const fullBuild = ensureBuilt(true);
  const remoteBuild = timeRemoteBuild();
  const gateway = await startGateway();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const pagePath of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await measure(browser, `${gateway.base}${pagePath}`));
      const m = (field) => median(runs.map((r) => r[field]));
      rows.push(
        `| \`${pagePath}\` | ${kb(m('jsTransferred'))} / ${kb(m('jsBytes'))} | ${kb(m('cssTransferred'))} / ${kb(m('cssBytes'))} | ${String(m('requests'))} | ${String(m('chain'))} | ${String(m('reactCopies'))} | ${m('fcp').toFixed(0)} | ${m('lcp').toFixed(0)} | ${m('cls').toFixed(3)} |`,
      );
    }
  } finally {
    await browser.close();
    gateway.stop();
  }
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${machine()}, Chromium ${browser.version()};`,
    `median of ${String(RUNS)} loads per page at 390×844 over loopback (no network throttling).`,
    `Full production build: ${fullBuild.toFixed(0)} s; the header remote alone: ${remoteBuild.toFixed(1)} s.`,
    '',
    '| page | JS KB (transferred / uncompressed) | CSS KB | requests | longest request chain | React copies | FCP ms | LCP ms | CLS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(table);
  writeSection('page-bench', table);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
