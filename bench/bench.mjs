#!/usr/bin/env node
// npm run bench: builds production (timed, one remote alone too) and the single-bundle variant
// (npm run build:monolith), serves each through the gateway on 127.0.0.1 and measures every route
// of the storefront (ROUTES, on the sample backend's content), both builds taking turns:
// - in Chromium driven by Playwright (median of 3 loads at a phone's viewport and at Lighthouse's
//   desktop one): JavaScript, CSS files and the page itself transferred (as served) and
//   uncompressed, requests, the longest chain of dependent requests, copies of React in the page;
// - with Lighthouse: mobile (median of 5 runs, min-max of the score beside it) and desktop
//   (median of 3): performance score, FCP, LCP and its phases (those of the median run), TBT,
//   CLS, Speed Index.
// - on the slow phone (bench-shopper.mjs), on every product route: the time to the first
//   price, the LCP, the INP of Add to cart and of opening the menu; from the home page, a tap on a
//   course card to the course page's title and price; on every route, the JavaScript not run.
// Says whether the machine was quiet or loaded (what share of its CPU time other processes took).
// Writes one table per form factor to docs/PERFORMANCE.md with federated / monolith ratios, then
// prints every budget of budget.json the federated build breaks (the monolith is there to compare
// with, never budgeted) and exits with 1 if any is. Every server and browser it starts is stopped,
// also on Ctrl-C or failure.
//
// `npm run bench -- --loaded` runs beside a process spinning on one core, as loaded as CI: its
// figures are reported (in a section of their own) but not judged; budgets are judged on a run
// without it.
//
// A quick look: BENCH_ROUTES=/courses,/cart measures only those routes, BENCH_RUNS=1 makes every
// run count 1; either one measures the builds in the tree without rebuilding them, and the table
// says it is not the full bench.
/* global window, document */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import {
  ROOT,
  budgetOf,
  ensureBuilt,
  machine,
  median,
  progress,
  reportFailures,
  startGateway,
  track,
  writeSection,
} from './bench-support.mjs';
import {
  PRICE_SELECTOR,
  cardToCourse,
  emulateLine,
  shopperLoad,
  unusedJs,
} from './bench-shopper.mjs';
import { openLighthouse } from './lighthouse.mjs';
import { startMachineShare, ticksOf } from './machineShare.mjs';
import { MONOLITH_ROOT, buildMonolith, monolithGatewayEnv } from './monolith.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The storefront's addresses on the sample backend's content (scripts/sample-routes.json, which
 * the end-to-end tests read too): `bench`, one address of each route, measured here; `sells`, the
 * page shows a product with its price and Add to cart.
 */
const SAMPLE_ROUTES = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'scripts', 'sample-routes.json'), 'utf8'),
);
/** Every route, each with an address the sample backend has content for. */
const ROUTES = SAMPLE_ROUTES.filter((route) => route.bench).map((route) => route.path);
/** The routes that sell: a shopper's figures (time to price, Add to cart) are taken on these. */
const PRODUCT_ROUTES = new Set(
  SAMPLE_ROUTES.filter((route) => route.bench && route.sells).map((route) => route.path),
);
/** `--loaded`: measured beside a process spinning on one core, as loaded as CI. */
const LOADED = process.argv.includes('--loaded');
/**
 * A machine is quiet when the processes other than the bench's took at most this share of its CPU
 * time while the bench ran (a machine left alone takes 1 or 2 %; `--loaded`'s burner 50 %).
 */
const QUIET_SHARE = 0.1;
const FULL_RUNS = { browser: 3, mobile: 5, desktop: 3 };
const BUILDS = ['federated', 'monolith'];
const FORM_FACTORS = ['mobile', 'desktop'];
/** The Playwright loads' screens: a phone's, and the one Lighthouse's desktop runs emulate. */
const SCREENS = {
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  desktop: {
    viewport: {
      width: screenEmulationMetrics.desktop.width,
      height: screenEmulationMetrics.desktop.height,
    },
    deviceScaleFactor: screenEmulationMetrics.desktop.deviceScaleFactor,
  },
};

if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium".`,
  );
  process.exit(1);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (value) => value.toFixed(0);

/** The routes BENCH_ROUTES names (comma-separated, each one of ROUTES), or all of them. */
function routesToMeasure() {
  const asked = process.env.BENCH_ROUTES;
  if (asked === undefined) return ROUTES;
  const routes = asked
    .split(',')
    .map((route) => route.trim())
    .filter(Boolean);
  const unknown = routes.filter((route) => !ROUTES.includes(route));
  if (routes.length === 0 || unknown.length > 0) {
    throw new Error(
      `BENCH_ROUTES names ${unknown.join(', ') || 'no route'}; the routes are: ${ROUTES.join(', ')}`,
    );
  }
  return routes;
}

/** The run counts: BENCH_RUNS (a whole number from 1) for all of them, or the full bench's. */
function runCounts() {
  const asked = process.env.BENCH_RUNS;
  if (asked === undefined) return FULL_RUNS;
  const runs = Number(asked);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_RUNS is "${asked}": give a whole number of runs, 1 or more.`);
  }
  return { browser: runs, mobile: runs, desktop: runs };
}

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

/**
 * The builds to measure: the full bench builds (and times) both; a quick look takes those in the
 * tree, building only what is missing. Returns the sentence the table says about them.
 */
function prepareBuilds(quick) {
  if (quick) {
    ensureBuilt(false);
    if (!fs.existsSync(path.join(MONOLITH_ROOT, 'shell', 'dist', 'index.html'))) buildMonolith();
    return 'Builds: those in the tree, not rebuilt (a quick look).';
  }
  const fullBuild = ensureBuilt(true);
  const remoteBuild = timeRemoteBuild();
  const monolith = buildMonolith();
  return `Builds: full production ${fullBuild.toFixed(0)} s; the header remote alone ${remoteBuild.toFixed(1)} s; the single bundle (monolith) ${monolith.seconds.toFixed(0)} s.`;
}

/** One page load on the form factor's screen: what the network and the browser saw. */
async function measure(browser, url, screen) {
  const context = await browser.newContext(screen);
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
    // The page's own code: what the served page names to load once it has painted
    // (code-after-paint, the gateway's pageAssembly.ts); a page without that list, all of it.
    const named = document.getElementById('code-after-paint')?.textContent;
    const code = named ? JSON.parse(named) : undefined;
    const pageCode = code && new Set([...(code.scripts ?? []), ...(code.preloads ?? [])]);
    const isPageCode = (r) => !pageCode || pageCode.has(new URL(r.name).pathname);
    const bodies = (own) =>
      resources
        .filter((r) => r.name.split('?')[0].endsWith('.js') && isPageCode(r) === own)
        .reduce((total, r) => total + r.encodedBodySize, 0);
    // The page itself: it carries the style sheets it can, so their bytes are counted here.
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      htmlTransferred: navigation?.transferSize ?? 0,
      htmlBytes: navigation?.decodedBodySize ?? 0,
      jsTransferred: sum('.js', 'transferSize'),
      // As compressed on the line, without the headers: what the home page's budget counts (the
      // page's own code, as scripts/size-budget.mjs counts it), and what comes after it once the
      // page is idle (the release-health beacon, the read-ahead of the next page's code).
      jsBody: bodies(true),
      jsLaterBody: bodies(false),
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
  const context = await browser.newContext(SCREENS.mobile);
  const page = await context.newPage();
  await emulateLine(context, page, {
    latencyMs: slow4G.requestLatencyMs,
    downloadKbps: slow4G.downloadThroughputKbps,
    uploadKbps: slow4G.uploadThroughputKbps,
    cpu: slow4G.cpuSlowdownMultiplier,
  });
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
 * A field's median over runs, as a function of the field's name: over the runs that measured it
 * (a price or a button a load never showed is undefined), undefined when none did.
 */
const medianOf = (runs) => (field) => {
  const values = runs.map((run) => run[field]).filter((value) => value !== undefined);
  return values.length === 0 ? undefined : median(values);
};

/** Lighthouse's runs of one build and form factor: medians, the median LCP's run, score range. */
function lighthouseSummary(runs) {
  const lcp = median(runs.map((run) => run.lcp));
  const scores = runs.map((run) => run.score);
  return {
    of: medianOf(runs),
    // Its phases add up to its LCP; medians of each phase would not.
    medianRun: runs.find((run) => run.lcp === lcp),
    scoreRange: `${String(Math.min(...scores))}–${String(Math.max(...scores))}`,
  };
}

/**
 * Everything measured for one route, both builds taking turns at every step so that the machine's
 * changing load falls on both alike: per build, per form factor, the medians.
 */
async function measureRoute(route, gateways, browser, runs) {
  const figures = Object.fromEntries(
    BUILDS.map((build) => [
      build,
      {
        loads: { mobile: [], desktop: [] },
        throttled: [],
        shopper: [],
        lighthouse: { mobile: [], desktop: [] },
      },
    ]),
  );
  for (let run = 0; run < runs.browser; run += 1) {
    for (const build of BUILDS) {
      const { base } = gateways[build];
      const url = `${base}${route}`;
      for (const formFactor of FORM_FACTORS)
        figures[build].loads[formFactor].push(await measure(browser, url, SCREENS[formFactor]));
      figures[build].throttled.push(await throttledLcp(browser, url));
      figures[build].shopper.push({
        ...(await unusedJs(browser, url)),
        ...(PRODUCT_ROUTES.has(route) ? await shopperLoad(browser, url) : {}),
        ...(route === '/' ? { cardToCourse: await cardToCourse(browser, base) } : {}),
      });
    }
    progress(`${route}: Chromium loads ${String(run + 1)}/${String(runs.browser)}`);
  }
  for (const formFactor of FORM_FACTORS) {
    const lighthouse = await openLighthouse();
    try {
      for (let run = 0; run < runs[formFactor]; run += 1) {
        for (const build of BUILDS) {
          const result = await lighthouse.run(`${gateways[build].base}${route}`, formFactor);
          figures[build].lighthouse[formFactor].push(result);
          progress(
            `${route}: Lighthouse ${formFactor} ${String(run + 1)}/${String(runs[formFactor])} ${build}: LCP ${ms(result.lcp)} ms, TBT ${ms(result.tbt)} ms`,
          );
        }
      }
    } finally {
      lighthouse.close();
    }
  }
  return Object.fromEntries(
    BUILDS.map((build) => {
      const { loads, throttled, shopper, lighthouse } = figures[build];
      return [
        build,
        {
          load: { mobile: medianOf(loads.mobile), desktop: medianOf(loads.desktop) },
          throttled: medianOf(throttled),
          shopper: medianOf(shopper),
          lighthouse: {
            mobile: lighthouseSummary(lighthouse.mobile),
            desktop: lighthouseSummary(lighthouse.desktop),
          },
        },
      ];
    }),
  );
}

function row(route, build, measured, formFactor) {
  const load = measured.load[formFactor];
  const { of, medianRun, scoreRange } = measured.lighthouse[formFactor];
  const phases = [medianRun.ttfb, medianRun.loadDelay, medianRun.loadTime, medianRun.renderDelay]
    .map((phase) => (phase === undefined ? '–' : ms(phase)))
    .join(' / ');
  return `| \`${route}\` | ${build} | ${String(of('score'))} (${scoreRange}) | ${ms(of('fcp'))} | ${ms(of('lcp'))} | ${phases} | ${ms(of('tbt'))} | ${of('cls').toFixed(3)} | ${ms(of('si'))} | ${kb(load('jsTransferred'))} / ${kb(load('jsBytes'))} | ${kb(load('cssTransferred'))} / ${kb(load('cssBytes'))} | ${kb(load('htmlTransferred'))} / ${kb(load('htmlBytes'))} | ${String(load('requests'))} | ${String(load('chain'))} | ${String(load('reactCopies'))} |`;
}

function ratioRow(route, { federated: fed, monolith: mono }) {
  const lcp = (build) => build.lighthouse.mobile.of('lcp');
  return `| \`${route}\` | ${(fed.load.mobile('jsTransferred') / mono.load.mobile('jsTransferred')).toFixed(2)} | ${(lcp(fed) / lcp(mono)).toFixed(2)} | ${(fed.load.mobile('lcp') / mono.load.mobile('lcp')).toFixed(2)} | ${(fed.throttled('lcp') / mono.throttled('lcp')).toFixed(2)} (${ms(fed.throttled('lcp'))} / ${ms(mono.throttled('lcp'))} ms) |`;
}

/** budget.json's figures for the routes, read before anything is measured. */
function readBudgets() {
  return {
    mobileLcpMs: budgetOf('routes.mobileLcpMs'),
    tbtMs: budgetOf('routes.tbtMs'),
    cls: budgetOf('routes.cls'),
    homePageJsKb: budgetOf('homePageJsKb'),
    inpMs: budgetOf('routes.inpMs'),
    cardToCourseMs: budgetOf('routes.cardToCourseMs'),
    unusedJsPercent: budgetOf('routes.unusedJsPercent'),
  };
}

/**
 * The JavaScript the federated home page downloaded (brotli bodies), KB: its own code, and what
 * came after it once idle; undefined unmeasured.
 */
function homePageJs(measured) {
  const home = measured.find(([route]) => route === '/');
  const { mobile } = home?.[1].federated.load ?? {};
  return mobile && { own: mobile('jsBody') / 1024, later: mobile('jsLaterBody') / 1024 };
}

/** The budgets the federated build breaks, one line each: route, figure, budget. */
function brokenBudgets(measured, budgets) {
  const broken = [];
  const check = (route, figure, value, limit, shown) => {
    if (value > limit)
      broken.push(`\`${route}\` ${figure}: ${shown(value)}, budget ${shown(limit)}`);
  };
  const msShown = (value) => `${ms(value)} ms`;
  const clsShown = (value) => String(Number(value.toPrecision(3)));
  const kbShown = (value) => `${value.toFixed(1)} KB`;
  for (const [route, { federated }] of measured) {
    const { mobile, desktop } = federated.lighthouse;
    check(route, 'mobile LCP', mobile.of('lcp'), budgets.mobileLcpMs, msShown);
    check(route, 'mobile TBT', mobile.of('tbt'), budgets.tbtMs, msShown);
    check(route, 'desktop TBT', desktop.of('tbt'), budgets.tbtMs, msShown);
    check(route, 'mobile CLS', mobile.of('cls'), budgets.cls, clsShown);
    check(route, 'desktop CLS', desktop.of('cls'), budgets.cls, clsShown);
    const shopper = federated.shopper;
    const unused = 100 * shopper('unusedJsShare');
    check(route, 'unused JavaScript', unused, budgets.unusedJsPercent, (v) => `${v.toFixed(0)} %`);
    if (!PRODUCT_ROUTES.has(route)) continue;
    const price = shopper('priceMs');
    if (price === undefined) broken.push(`\`${route}\` time to price: no price shown`);
    else check(route, 'time to price (over its LCP)', price, shopper('lcp'), msShown);
    for (const [field, name] of [
      ['addInp', 'INP of Add to cart'],
      ['menuInp', 'INP of opening the menu'],
    ]) {
      const inp = shopper(field);
      if (inp !== undefined) check(route, name, inp, budgets.inpMs, msShown);
    }
    if (route === '/') {
      const card = shopper('cardToCourse');
      if (card === undefined) broken.push('`/` card to course page: never shown');
      else check(route, 'card to course page', card, budgets.cardToCourseMs, msShown);
    }
  }
  const homeJs = homePageJs(measured);
  if (homeJs !== undefined) {
    check('/', 'JavaScript downloaded (brotli bodies)', homeJs.own, budgets.homePageJsKb, kbShown);
  }
  return broken;
}

function formFactorTable(formFactor, measured) {
  const screen = SCREENS[formFactor].viewport;
  return [
    `**${formFactor === 'mobile' ? 'Mobile' : 'Desktop'}** (Playwright at ${String(screen.width)}×${String(screen.height)}):`,
    '',
    '| route | build | score (range) | FCP ms | LCP ms | LCP phases ms: TTFB / load delay / load time / render delay | TBT ms | CLS | SI ms | JS KB (transferred / uncompressed) | CSS KB (files) | HTML KB (with the styles it carries) | requests | longest request chain | React copies |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...measured.flatMap(([route, builds]) =>
      BUILDS.map((build) => row(route, build, builds[build], formFactor)),
    ),
  ];
}

/** A figure in ms, or a dash where the page never showed what it times. */
const msOrDash = (value) => (value === undefined ? '–' : ms(value));

function shopperTable(measured) {
  return [
    `**The slow phone** (Chromium at 390×844 with touch, 150 ms, 1.6 Mbit/s and 4× CPU applied; federated build): time to price is from the navigation to the first frame showing a price (\`${PRICE_SELECTOR}\` with a £ amount), LCP from the browser's own entries in the same load; INP of a tap on the first Add to cart and on the header's Menu (Event Timing, 16 ms when faster); card to course from a tap on the home page's first course card to the course page's title and price painted. Unused JavaScript: of the scripts a load ran (unthrottled, nothing tapped), the bytes never run (V8 block coverage), uncompressed.`,
    '',
    '| route | build | time to price ms | LCP ms | INP Add to cart ms | INP menu ms | card to course ms | JS run / unused KB | unused JS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...measured.flatMap(([route, builds]) =>
      BUILDS.map((build) => {
        const of = builds[build].shopper;
        const sells = PRODUCT_ROUTES.has(route);
        return `| \`${route}\` | ${build} | ${sells ? msOrDash(of('priceMs')) : ''} | ${sells ? msOrDash(of('lcp')) : ''} | ${sells ? msOrDash(of('addInp')) : ''} | ${sells ? msOrDash(of('menuInp')) : ''} | ${route === '/' ? msOrDash(of('cardToCourse')) : ''} | ${kb(of('jsRunBytes'))} / ${kb(of('jsUnusedBytes'))} | ${(100 * of('unusedJsShare')).toFixed(0)} % |`;
      }),
    ),
  ];
}

/** Whether the machine was quiet or loaded while the bench ran: what the other processes took. */
function machineLoad(othersShare) {
  const quiet = othersShare <= QUIET_SHARE;
  return `${quiet ? 'quiet' : 'loaded'} (processes other than the bench's took ${(100 * othersShare).toFixed(0)} % of the machine's CPU time while it ran; quiet is at most ${(100 * QUIET_SHARE).toFixed(0)} %)${LOADED ? ', with `--loaded`: a process spinning on one core beside the bench' : ''}`;
}

/**
 * `--loaded`: a process spinning on one core until the bench ends. Stopping it answers the CPU
 * ticks it took (another process's load, though the bench started it).
 */
function startCpuBurner() {
  const burner = track(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    const ticks = ticksOf(burner.pid);
    burner.kill('SIGTERM');
    return ticks;
  };
}

async function main() {
  const share = startMachineShare();
  const stopBurner = LOADED ? startCpuBurner() : () => 0;
  const routes = routesToMeasure();
  const runs = runCounts();
  const quick = runs !== FULL_RUNS || routes !== ROUTES;
  const budgets = readBudgets();
  const builds = prepareBuilds(quick);
  const gateways = {
    federated: await startGateway(),
    monolith: await startGateway(monolithGatewayEnv()),
  };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const measured = [];
  let burnerTicks = 0;
  try {
    for (const route of routes) {
      progress(`Measuring ${route} (${String(measured.length + 1)} of ${String(routes.length)})`);
      measured.push([route, await measureRoute(route, gateways, browser, runs)]);
    }
  } finally {
    await browser.close();
    for (const gateway of Object.values(gateways)) gateway.stop();
    burnerTicks = stopBurner();
  }
  const othersShare = share.stop()(burnerTicks);
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ).version;
  const broken = brokenBudgets(measured, budgets);
  const homeJs = homePageJs(measured);
  const command = [
    process.env.BENCH_ROUTES === undefined ? '' : `BENCH_ROUTES=${process.env.BENCH_ROUTES} `,
    process.env.BENCH_RUNS === undefined ? '' : `BENCH_RUNS=${process.env.BENCH_RUNS} `,
    'npm run bench',
    LOADED ? ' -- --loaded' : '',
  ].join('');
  const table = [
    ...(quick
      ? [
          `**Not the full bench**: a quick look with \`${command}\` (\`npm run bench\` alone measures every route with the full run counts).`,
          '',
        ]
      : []),
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` on ${machine()}, ${machineLoad(othersShare)}, Chromium ${browser.version()}, Lighthouse ${lighthouseVersion}, over loopback.`,
    builds,
    `Both builds take turns at every step. Bytes, requests, chain and React copies: median of ${String(runs.browser)} loads in Chromium per form factor; likewise, on the phone, the LCP with Lighthouse's slow 4G and 4× CPU applied by Chromium (its devtools throttling settings) instead of simulated.`,
    `Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown): median of ${String(runs.mobile)} runs, score range in brackets; desktop (its desktop preset): median of ${String(runs.desktop)}. The LCP's phases are those of the median LCP's run (its \`largest-contentful-paint-element\` audit: they add up to that LCP, simulation included); load delay and load time are 0 when the largest element is text.`,
    `Budgets (budget.json, the federated build only${LOADED ? '; reported, not judged, on a loaded run' : ''}): mobile LCP at most ${String(budgets.mobileLcpMs)} ms, TBT at most ${String(budgets.tbtMs)} ms and CLS at most ${String(budgets.cls)} (mobile and desktop) on every route, unused JavaScript at most ${String(budgets.unusedJsPercent)} % on every route; on the product routes, time to price at most the LCP, INP at most ${String(budgets.inpMs)} ms; card to course page at most ${String(budgets.cardToCourseMs)} ms; the JavaScript \`/\` downloads for itself (brotli bodies: what the served page names to load) at most ${String(budgets.homePageJsKb)} KB${homeJs === undefined ? '' : ` (here ${homeJs.own.toFixed(1)} KB, and ${homeJs.later.toFixed(1)} KB more once the page is idle: the release-health beacon and the read-ahead of the next page's code)`}. ${broken.length === 0 ? 'All hold.' : `Broken: ${broken.join('; ')}.`}`,
    '',
    ...formFactorTable('mobile', measured),
    '',
    ...formFactorTable('desktop', measured),
    '',
    ...shopperTable(measured),
    '',
    'Federation overhead, federated / monolith (mobile):',
    '',
    '| route | JS transferred | LCP (Lighthouse mobile) | LCP (Chromium, unthrottled) | LCP (Chromium, slow 4G and 4× CPU applied) |',
    '|---|---:|---:|---:|---:|',
    ...measured.map(([route, builds]) => ratioRow(route, builds)),
  ].join('\n');
  console.log(table);
  writeSection(LOADED ? 'page-bench-loaded' : 'page-bench', table);
  if (LOADED) {
    // As loaded as CI: what the budgets would say, reported, not judged.
    console.log(
      broken.length === 0
        ? 'Every budget holds, loaded.'
        : `Loaded, not judged: ${broken.join('; ')}`,
    );
  } else reportFailures(broken);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
