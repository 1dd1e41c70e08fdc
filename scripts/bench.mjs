#!/usr/bin/env node
// npm run bench: builds production (timed, one remote alone too) and the single-bundle variant
// (npm run build:monolith), serves each through the gateway on 127.0.0.1 and measures, for /,
// /cart and /search?s=plab:
// - in Chromium driven by Playwright (median of 3 loads, phone viewport): JavaScript, CSS files
//   and the page itself transferred (as served) and uncompressed, requests, the longest chain of
//   dependent requests, copies of React in the page;
// - with Lighthouse: mobile (median of 5 runs, min-max beside it) and desktop (median of 3):
//   performance score, FCP, LCP, TBT, CLS, Speed Index.
// Prints one table and writes it to docs/PERFORMANCE.md with federated / monolith ratios. Every
// server and browser it starts is stopped, also on Ctrl-C or failure.
/* global window */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';
import { ROOT, ensureBuilt, machine, startGateway, writeSection } from './bench-support.mjs';
import { lighthouseRuns } from './lighthouse.mjs';
import { buildMonolith, monolithGatewayEnv } from './monolith.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/cart', '/search?s=plab'];
const BROWSER_RUNS = 3;
const MOBILE_RUNS = 5;
const DESKTOP_RUNS = 3;

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
const ms = (value) => value.toFixed(0);

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

/** One page load on a phone-sized page: what the network and the browser saw. */
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
    window.__vitals = { lcp: 0, cls: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500); // the footer appears after 2 s: its shift counts
  const figures = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const sum = (type, field) =>
      resources
        .filter((r) => r.name.split('?')[0].endsWith(type))
        .reduce((total, r) => total + r[field], 0);
    const share = globalThis.__FEDERATION__?.__SHARE__ ?? {};
    const reactCopies = new Set();
    for (const scope of Object.values(share)) {
      for (const [version, provided] of Object.entries(scope?.default?.react ?? {})) {
        if (provided.loaded || provided.loading) reactCopies.add(`${version}:${provided.from}`);
      }
    }
    // The page itself: it carries the style sheets it can, so their bytes are counted here.
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      htmlTransferred: navigation?.transferSize ?? 0,
      htmlBytes: navigation?.decodedBodySize ?? 0,
      jsTransferred: sum('.js', 'transferSize'),
      jsBytes: sum('.js', 'decodedBodySize'),
      cssTransferred: sum('.css', 'transferSize'),
      cssBytes: sum('.css', 'decodedBodySize'),
      requests: resources.length + 1,
      reactCopies: Math.max(reactCopies.size, 1),
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

/**
 * The LCP of one page load in Chromium with Lighthouse's mobile conditions applied rather than
 * simulated: its settings for applied ("devtools") throttling of slow 4G, and its CPU slowdown.
 */
async function throttledLcp(browser, url) {
  const slow4G = throttling.mobileSlow4G;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4G.requestLatencyMs,
    downloadThroughput: (slow4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow4G.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4G.cpuSlowdownMultiplier });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { lcp };
}

/**
 * Everything measured for one page of one build: medians, and the mobile score's range. The
 * monolith is there to compare bytes and LCP with: it skips the desktop runs.
 */
async function measurePage(browser, base, pagePath, { desktop: withDesktop }) {
  const url = `${base}${pagePath}`;
  const loads = [];
  const throttled = [];
  for (let i = 0; i < BROWSER_RUNS; i += 1) {
    loads.push(await measure(browser, url));
    throttled.push(await throttledLcp(browser, url));
  }
  const mobile = await lighthouseRuns(url, { formFactor: 'mobile', runs: MOBILE_RUNS });
  const desktop = withDesktop
    ? await lighthouseRuns(url, { formFactor: 'desktop', runs: DESKTOP_RUNS })
    : undefined;
  const of = (runs) => (field) => median(runs.map((r) => r[field]));
  const scores = mobile.map((r) => r.score);
  return {
    load: of(loads),
    throttled: of(throttled),
    mobile: of(mobile),
    desktop: desktop && of(desktop),
    mobileRange: `${String(Math.min(...scores))}–${String(Math.max(...scores))}`,
  };
}

function row(pagePath, build, m) {
  const desktop = m.desktop
    ? `${String(m.desktop('score'))} | ${ms(m.desktop('fcp'))} / ${ms(m.desktop('lcp'))} / ${ms(m.desktop('tbt'))} | ${m.desktop('cls').toFixed(3)}`
    : '– | – | –';
  return `| \`${pagePath}\` | ${build} | ${kb(m.load('jsTransferred'))} / ${kb(m.load('jsBytes'))} | ${kb(m.load('cssTransferred'))} / ${kb(m.load('cssBytes'))} | ${kb(m.load('htmlTransferred'))} / ${kb(m.load('htmlBytes'))} | ${String(m.load('requests'))} | ${String(m.load('chain'))} | ${String(m.load('reactCopies'))} | ${String(m.mobile('score'))} (${m.mobileRange}) | ${ms(m.mobile('fcp'))} / ${ms(m.mobile('lcp'))} / ${ms(m.mobile('tbt'))} | ${m.mobile('cls').toFixed(3)} | ${ms(m.mobile('si'))} | ${desktop} |`;
}

async function main() {
  const fullBuild = ensureBuilt(true);
  const remoteBuild = timeRemoteBuild();
  const monolith = buildMonolith();
  const federated = await startGateway();
  const single = await startGateway(monolithGatewayEnv());
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
  const ratios = [];
  try {
    for (const pagePath of PAGES) {
      console.log(`Measuring ${pagePath} …`);
      const fed = await measurePage(browser, federated.base, pagePath, { desktop: true });
      const mono = await measurePage(browser, single.base, pagePath, { desktop: false });
      rows.push(row(pagePath, 'federated', fed), row(pagePath, 'monolith', mono));
      ratios.push(
        `| \`${pagePath}\` | ${(fed.load('jsTransferred') / mono.load('jsTransferred')).toFixed(2)} | ${(fed.mobile('lcp') / mono.mobile('lcp')).toFixed(2)} | ${(fed.load('lcp') / mono.load('lcp')).toFixed(2)} | ${(fed.throttled('lcp') / mono.throttled('lcp')).toFixed(2)} (${ms(fed.throttled('lcp'))} / ${ms(mono.throttled('lcp'))} ms) |`,
      );
    }
  } finally {
    await browser.close();
    federated.stop();
    single.stop();
  }
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ).version;
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${machine()}, Chromium ${browser.version()}, Lighthouse ${lighthouseVersion}, over loopback.`,
    `Builds: full production ${fullBuild.toFixed(0)} s; the header remote alone ${remoteBuild.toFixed(1)} s; the single bundle (monolith) ${monolith.seconds.toFixed(0)} s.`,
    `Bytes, requests, chain and React copies: median of ${String(BROWSER_RUNS)} loads in Chromium at 390×844; likewise the LCP with Lighthouse's slow 4G and 4× CPU applied by Chromium (its devtools throttling settings) instead of simulated.`,
    `Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown): median of ${String(MOBILE_RUNS)} runs, score range in brackets; desktop (federated only): median of ${String(DESKTOP_RUNS)}.`,
    '',
    '| page | build | JS KB (transferred / uncompressed) | CSS KB (files) | HTML KB (with the styles it carries) | requests | longest request chain | React copies | mobile score | mobile FCP / LCP / TBT ms | mobile CLS | mobile SI ms | desktop score | desktop FCP / LCP / TBT ms | desktop CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Federation overhead, federated / monolith:',
    '',
    '| page | JS transferred | LCP (Lighthouse mobile) | LCP (Chromium, unthrottled) | LCP (Chromium, slow 4G and 4× CPU applied) |',
    '|---|---:|---:|---:|---:|',
    ...ratios,
  ].join('\n');
  console.log(table);
  writeSection('page-bench', table);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
