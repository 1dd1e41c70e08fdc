// What a shopper on a slow phone meets, for `npm run bench`: on each product route the time to
// the first price, the largest paint, the responsiveness (INP) of Add to cart and of opening the
// header's menu; from the home page, the time from a tap on a course card to the course page's
// title and price; and on every route the share of the JavaScript loaded that the page did not
// run. "The slow phone" is Lighthouse's mobile conditions applied by Chromium: its slow 4G
// (150 ms, 1.6 Mbit/s) and its 4× CPU slowdown, at a phone's screen, with touch.
/* global window, document, requestAnimationFrame, MutationObserver, Element */
import { throttling } from 'lighthouse/core/config/constants.js';

/**
 * A price as shoppers see it: a card's or a buying box's price, a search result's, or a month
 * option naming its price (the memberships' pickers), whose text holds a pound amount.
 */
export const PRICE_SELECTOR = '.home-card__price, .shell-card__price, .home-picker';
const PRICE_TEXT = /£\s?\d/;

/** An Add to cart (or a package's Choose) that can be pressed. */
const ADD_TO_CART = 'button.home-card__add:not([disabled])';
/** The link of the first course card on the home page. */
const COURSE_CARD_LINK = '.home-card .home-card__title a[href^="/courses/"]';
/** How long a load may take to show what is waited for, on the slow phone, before it counts as not shown. */
const SHOWN_WITHIN_MS = 30_000;

/**
 * The phone the interactions are tapped on: a phone's screen with touch (a tap, as a finger
 * gives, without the hover a mouse would give first).
 */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Applies a line's latency and throughput, and a CPU slowdown, to the page, through Chromium. */
export async function emulateLine(context, page, { latencyMs, downloadKbps, uploadKbps, cpu }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (downloadKbps * 1024) / 8,
    uploadThroughput: (uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** Applies Lighthouse's slow 4G and CPU slowdown to the page, through Chromium itself. */
function slowPhone(context, page) {
  const slow4G = throttling.mobileSlow4G;
  return emulateLine(context, page, {
    latencyMs: slow4G.rttMs,
    downloadKbps: slow4G.throughputKbps,
    uploadKbps: slow4G.uploadThroughputKbps,
    cpu: slow4G.cpuSlowdownMultiplier,
  });
}

/**
 * Runs in every document before its own scripts: records the largest paint, the first frame in
 * which a price is shown, every interaction's duration (Event Timing, as web-vitals' onINP reads
 * it) and, after a tap on a course card, the frame in which the course page shows that course's
 * title as its heading and a price (in sessionStorage: the tap and the page it opens may be two
 * documents).
 */
function watchThePage({ priceSelector, priceText, cardLink }) {
  const price = new RegExp(priceText);
  const shown = { lcp: 0, priceAt: undefined, interactions: {} };
  window.__shopper = shown;
  const epoch = () => performance.timeOrigin + performance.now();
  const hasPrice = () =>
    [...document.querySelectorAll(priceSelector)].some(
      (element) => price.test(element.textContent ?? '') && element.getClientRects().length > 0,
    );
  const check = () => {
    if (shown.priceAt === undefined && hasPrice()) {
      shown.priceAt = -1;
      requestAnimationFrame(() => {
        shown.priceAt = performance.now();
      });
    }
    const expected = sessionStorage.getItem('bench:card-title');
    const heading = document.querySelector('h1')?.textContent?.trim();
    if (expected && heading === expected && hasPrice()) {
      sessionStorage.removeItem('bench:card-title');
      requestAnimationFrame(() => {
        sessionStorage.setItem('bench:course-shown-at', String(epoch()));
      });
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden', 'class', 'disabled'],
  });
  document.addEventListener(
    'pointerdown',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest(cardLink) : null;
      if (!link) return;
      sessionStorage.setItem('bench:card-title', link.textContent?.trim() ?? '');
      sessionStorage.setItem('bench:tapped-at', String(epoch()));
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) shown.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const record = (entries) => {
    for (const entry of entries) {
      if (!entry.interactionId) continue;
      shown.interactions[entry.interactionId] = Math.max(
        shown.interactions[entry.interactionId] ?? 0,
        entry.duration,
      );
    }
  };
  const interactions = new PerformanceObserver((list) => record(list.getEntries()));
  interactions.observe({ type: 'event', durationThreshold: 16, buffered: true });
  // The interactions so far, with those the observer has not been handed yet.
  window.__shopperTake = () => {
    record(interactions.takeRecords());
    return shown.interactions;
  };
}

const WATCH_ARGS = {
  priceSelector: PRICE_SELECTOR,
  priceText: PRICE_TEXT.source,
  cardLink: COURSE_CARD_LINK,
};

/** What `waiting` resolves to; undefined when it timed out (the page never showed it). */
async function unlessTimedOut(waiting) {
  try {
    return await waiting;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return undefined;
    throw error;
  }
}

async function openSlowPhone(browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await slowPhone(context, page);
  await page.addInitScript(watchThePage, WATCH_ARGS);
  return { context, page };
}

/** Resolves once the page has painted the frames after what it just did (and its tasks ran). */
function afterNextPaints(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/**
 * The INP of one tap on `locator`: the longest Event Timing duration of the interactions the tap
 * made (16 ms when none reached the 16 ms the browser reports from: it was faster). Undefined
 * when the page shows no such control.
 */
async function tapInp(page, locator) {
  const shown = await unlessTimedOut(
    locator.waitFor({ state: 'visible', timeout: SHOWN_WITHIN_MS }).then(() => true),
  );
  if (!shown) return undefined;
  const before = new Set(Object.keys(await page.evaluate(() => window.__shopperTake())));
  await locator.tap();
  await afterNextPaints(page);
  const after = await page.evaluate(() => window.__shopperTake());
  const durations = Object.entries(after)
    .filter(([id]) => !before.has(id))
    .map(([, duration]) => duration);
  return Math.max(16, ...durations);
}

/**
 * One load of a product route on the slow phone: its LCP, the time to its first price (undefined
 * when none shows), then the INP of its first Add to cart and of opening the header's menu.
 */
export async function shopperLoad(browser, url) {
  const { context, page } = await openSlowPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: SHOWN_WITHIN_MS });
    const priceMs = await unlessTimedOut(
      page
        .waitForFunction(
          () => (window.__shopper.priceAt ?? -1) >= 0 && window.__shopper.priceAt,
          undefined,
          { timeout: SHOWN_WITHIN_MS },
        )
        .then((handle) => handle.jsonValue()),
    );
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(() => window.__shopper.lcp);
    const addInp = await tapInp(page, page.locator(ADD_TO_CART).first());
    const menuInp = await tapInp(page, page.getByRole('button', { name: 'Menu', exact: true }));
    return { lcp, priceMs, addInp, menuInp };
  } finally {
    await context.close();
  }
}

/**
 * On the slow phone, from a tap on the home page's first course card (once its price shows) to
 * the frame in which the course page shows that course's title and a price, ms; undefined when
 * it never does.
 */
export async function cardToCourse(browser, base) {
  const { context, page } = await openSlowPhone(browser);
  try {
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: SHOWN_WITHIN_MS });
    const card = page.locator(COURSE_CARD_LINK).first();
    await card.scrollIntoViewIfNeeded({ timeout: SHOWN_WITHIN_MS });
    // The card's price first (its link is tapped as a shopper would, having seen it), if it shows.
    await unlessTimedOut(
      page.waitForFunction(() => (window.__shopper.priceAt ?? -1) >= 0, undefined, {
        timeout: SHOWN_WITHIN_MS,
      }),
    );
    await card.tap();
    return await unlessTimedOut(
      page
        .waitForFunction(
          () => {
            const shownAt = sessionStorage.getItem('bench:course-shown-at');
            const tappedAt = sessionStorage.getItem('bench:tapped-at');
            return shownAt && tappedAt && Number(shownAt) - Number(tappedAt);
          },
          undefined,
          { timeout: SHOWN_WITHIN_MS },
        )
        .then((handle) => handle.jsonValue()),
    );
  } finally {
    await context.close();
  }
}

/**
 * The bytes of each script a load ran, and of them the bytes of functions and blocks it never
 * ran (V8's precise block coverage, as Chromium's Coverage panel shows it): `[start, end)` ranges
 * of a function nest, the inner ones deciding for their bytes.
 */
function unusedBytes(entry) {
  const used = new Uint8Array(entry.source?.length ?? 0);
  const ranges = entry.functions
    .flatMap((fn) => fn.ranges)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges)
    used.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
  return { total: used.length, unused: used.length - used.reduce((sum, byte) => sum + byte, 0) };
}

/**
 * The JavaScript one load of `url` ran and did not run, once the network is idle (unthrottled, at
 * a phone's screen, nothing tapped): bytes loaded and unused, uncompressed, of the page's own
 * origin.
 */
export async function unusedJs(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(url, { waitUntil: 'networkidle' });
    const entries = await page.coverage.stopJSCoverage();
    const origin = new URL(url).origin;
    let total = 0;
    let unused = 0;
    for (const entry of entries.filter((e) => e.url.startsWith(origin))) {
      const bytes = unusedBytes(entry);
      total += bytes.total;
      unused += bytes.unused;
    }
    return { jsRunBytes: total, jsUnusedBytes: unused, unusedJsShare: total && unused / total };
  } finally {
    await context.close();
  }
}
