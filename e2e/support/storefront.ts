import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import type { ConsoleWatch } from './fixtures';

/**
 * A request the page has made: its URL, when it started and ended (ms from navigation), and what
 * asked for it (`link` for the page's own hints, `script` or `fetch` for code that found it).
 */
export interface Loaded {
  url: string;
  start: number;
  end: number;
  initiator: string;
}

/** Everything the page has downloaded so far, by the browser's resource timing. */
export function loadedResources(page: Page): Promise<Loaded[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        url: timing.name,
        start: timing.startTime,
        end: timing.responseEnd,
        initiator: timing.initiatorType,
      };
    }),
  );
}

/**
 * Scrolls to the end of the page, as a visitor who reads on, until `target` shows: the footer's
 * code and data come only once the page has loaded and the visitor nears it. The visitor scrolls
 * on while the page grows (its content arriving, or the page taking it back to its top as it
 * starts).
 */
export async function scrollUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect(target).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The footer, once the visitor has scrolled to it and it has come. */
export async function reachFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await scrollUntilVisible(page, footer);
  return footer;
}

export interface Learner {
  email: string;
  password: string;
}

/** The demo learner of the sample backend. */
export const DEMO: Learner = { email: 'learner@example.com', password: 'Learner#2026' };

/**
 * A learner of its own for a test that depends on the server-side cart, so tests running in
 * parallel never share one.
 */
export async function newLearner(request: APIRequestContext): Promise<Learner> {
  const id = `${String(Date.now())}${String(Math.random()).slice(2, 8)}`;
  const learner = { email: `e2e-${id}@example.com`, password: 'Testing#2026' };
  const response = await request.post('/wp-json/custom/v1/register', {
    data: { username: `e2e${id}`, ...learner },
  });
  expect(response.ok()).toBe(true);
  return learner;
}

/** Logs in through the login page and waits until the header knows it. */
export async function logIn(page: Page, learner: Learner = DEMO): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(learner.email);
  await page.getByLabel('Password').fill(learner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Login ends by going home, once the saved cart is merged.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
}

/** The home page's first course's Add to cart. */
export function firstCourseAdd(page: Page): Locator {
  return page
    .locator('#courses-section')
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first();
}

/** Adds the first course of the home page with its first month option; returns its title. */
export async function addFirstCourse(page: Page): Promise<string> {
  await page.goto('/#courses-section');
  const add = firstCourseAdd(page);
  await expect(add).toBeEnabled();
  const label = ((await add.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await add.click();
  return label.replace(/^Add (.*) to cart$/, '$1');
}

/**
 * Without the header remote, the shell's minimal header (account links, cart) stands in and the
 * rest of the home page works.
 */
export async function expectHomeWithMinimalHeader(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
  await expect(firstCourseAdd(page)).toBeVisible();
}

/** Loads pages with no script at all: what the browser paints from the page's own markup. */
export async function withoutScripts(page: Page, consoleWatch: ConsoleWatch): Promise<void> {
  consoleWatch.allow(/Failed to load resource/);
  await page.route('**/*.js', (route) => route.abort());
}

/** Two boxes of what should be the same place on screen, within a pixel (nothing moved). */
export function expectSamePlace(
  early: { x: number; y: number; width: number; height: number } | null,
  late: { x: number; y: number; width: number; height: number } | null,
): void {
  expect(early).not.toBeNull();
  expect(late).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((early?.[side] ?? 0) - (late?.[side] ?? 0))).toBeLessThanOrEqual(1);
  }
}

/**
 * The consent cookie a visitor's browser holds (`value`, as the shell writes it, or anything else):
 * what an earlier visit left of their answer to the cookie question.
 */
export async function withConsentCookie(
  context: BrowserContext,
  baseURL: string | undefined,
  value: string,
): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value, url: baseURL ?? 'http://127.0.0.1' }]);
}

/**
 * A visitor who answered the cookie question on an earlier visit, allowing analytics: the page
 * asks nothing and its events reach the data layer.
 */
export function allowingAnalytics(context: BrowserContext, baseURL: string | undefined) {
  return withConsentCookie(context, baseURL, 'v1-a1-m0');
}

/**
 * Counts every layout shift of the page from its first paint on (window.shifted), and keeps what
 * moved, from where to where (window.shiftedWhat), for the failure to say.
 */
export async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Shift extends PerformanceEntry {
      value: number;
      sources?: {
        node: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    }
    const watched = window as unknown as { shifted: number; shiftedWhat: string[] };
    watched.shifted = 0;
    watched.shiftedWhat = [];
    const rect = ({ x, y, width, height }: DOMRectReadOnly) =>
      `${String(x)},${String(y)} ${String(width)}×${String(height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        watched.shifted += entry.value;
        for (const { node, previousRect, currentRect } of entry.sources ?? []) {
          const what =
            node instanceof Element ? `${node.tagName}.${node.className}` : node?.nodeName;
          watched.shiftedWhat.push(
            `${String(what)} at ${String(Math.round(entry.startTime))} ms: ${rect(previousRect)} -> ${rect(currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shifts so far (watchShifts), and what moved. */
function layoutShifts(page: Page): Promise<{ total: number; what: string[] }> {
  return page.evaluate(() => {
    const watched = window as unknown as { shifted: number; shiftedWhat: string[] };
    return { total: watched.shifted, what: watched.shiftedWhat };
  });
}

/** Forgets the layout shifts so far (watchShifts): the next check is of what moves from here. */
export async function forgetShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watched = window as unknown as { shifted: number; shiftedWhat: string[] };
    watched.shifted = 0;
    watched.shiftedWhat = [];
  });
}

/**
 * Nothing on the page moved since it opened, or since forgetShifts (watchShifts); when something
 * did, the failure says what, from where to where.
 */
export async function expectNothingShifted(page: Page): Promise<void> {
  const { total, what } = await layoutShifts(page);
  expect(total, what.join('\n')).toBe(0);
}

/** What axe finds wrong with the page as it is, against WCAG 2.1 A and AA, one line each. */
export async function wcagViolations(page: Page, within: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of within) builder = builder.include(selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * A visitor whose browser asks to save data (Save-Data, navigator.connection.saveData): the page
 * reads nothing ahead of their taps.
 */
export async function savingData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
    });
  });
}

/**
 * A remote's code held on the line from now on, as on a slow one: every request for its files
 * waits until `release`, which lets them all through.
 */
export function holdRemote(page: Page, name: string) {
  return holdCode(page, `**/remotes/${name}/**`);
}

/** The shell's code (its entry, /main.js) held on the line from now on, as holdRemote does. */
export function holdShell(page: Page) {
  return holdCode(page, (url) => url.pathname === '/main.js');
}

async function holdCode(page: Page, files: string | ((url: URL) => boolean)) {
  const held: Route[] = [];
  let released = false;
  await page.route(files, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    /** Resolves once the page has asked for some of the remote's code. */
    asked: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Lighthouse's slow phone from now on: 150 ms each way, 1.6 Mbps down, 750 kbps up, 4× slower CPU. */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The first Add to cart of the page's main content, once it can be pressed; and its title. */
export async function firstAdd(page: Page): Promise<{ add: Locator; title: string }> {
  const add = page
    .getByRole('main')
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first();
  await expect(add).toBeEnabled();
  const label = ((await add.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return { add, title: label.replace(/^Add (.*) to cart$/, '$1') };
}

/** The page's code has taken over what the gateway served: its controls act, its links move in-app. */
export async function pageTakenOver(page: Page): Promise<void> {
  await expect(page.locator('[data-server-render]')).toHaveCount(0);
}
