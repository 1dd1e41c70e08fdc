// Lighthouse lab metrics (performance category only) in headless Chromium: mobile is Lighthouse's
// default config (simulated throttling, phone emulation), desktop its desktop config. One browser
// serves many runs; it is killed when closed, also on failure and on Ctrl-C.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
// Its SIGINT/SIGTERM handlers exit through process.exit, which runs the 'exit' hook below.
import './bench-support.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The rows of the phase table of Lighthouse's `largest-contentful-paint-element` audit, in its
 * order (en-US, Lighthouse's default locale). Its phases add up to the LCP Lighthouse reports,
 * simulated throttling included; the `lcp-breakdown-insight` audit's subparts are those of the
 * unthrottled load over loopback, so they would not explain the figure beside them.
 */
const LCP_PHASES = ['TTFB', 'Load Delay', 'Load Time', 'Render Delay'];

/**
 * @typedef {object} LabMetrics
 * @property {number} score performance score, 0-100
 * @property {number} fcp First Contentful Paint, ms
 * @property {number} lcp Largest Contentful Paint, ms
 * @property {number} [ttfb] the LCP's first phase: time to first byte, ms (the four phases are
 *   undefined when Lighthouse gave none)
 * @property {number} [loadDelay] the LCP's second phase: from the first byte until the LCP
 *   element's resource starts loading (0 when it has none, e.g. text), ms
 * @property {number} [loadTime] the LCP's third phase: its resource loading, ms
 * @property {number} [renderDelay] the LCP's last phase: from then until it is painted, ms
 * @property {number} tbt Total Blocking Time, ms
 * @property {number} cls Cumulative Layout Shift
 * @property {number} si Speed Index, ms
 */

/**
 * The LCP's phases from the `largest-contentful-paint-element` audit: a list whose table with
 * `phase` and `timing` columns holds them. None when the audit has no such table (it logs why):
 * the run's other figures stand.
 * @param {{ details?: { type: string, items: Array<{ type: string, headings: Array<{ key: string }>, items: Array<Record<string, unknown>> }> } } | undefined} audit
 * @param {string} url
 */
function lcpPhases(audit, url) {
  const tables = audit?.details?.type === 'list' ? audit.details.items : [];
  const phases = tables
    .filter((table) => table.type === 'table' && table.headings.some((h) => h.key === 'phase'))
    .flatMap((table) => table.items);
  const names = phases.map((item) => item.phase);
  if (names.join() !== LCP_PHASES.join()) {
    console.warn(`Lighthouse gave no LCP phases on ${url} (${names.join(', ') || 'none'}).`);
    return {};
  }
  const [ttfb, loadDelay, loadTime, renderDelay] = phases.map((item) => Number(item.timing));
  return { ttfb, loadDelay, loadTime, renderDelay };
}

/**
 * One fresh headless Chromium (new profile) for Lighthouse runs; Lighthouse opens a tab and clears
 * the page's cache and storage for each run. `close()` kills it (also done on exit).
 */
export async function openLighthouse() {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, handleSIGINT: false });
  process.once('exit', chrome.kill); // kills Chromium's process group and removes its profile
  return {
    /**
     * @param {string} url
     * @param {'mobile' | 'desktop'} formFactor
     * @returns {Promise<LabMetrics>}
     */
    async run(url, formFactor) {
      const result = await lighthouse(
        url,
        { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const { runtimeError, audits, categories } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code}`);
      /** @param {string} id */
      const value = (id) => {
        const audit = audits[id];
        if (audit?.numericValue === undefined)
          throw new Error(`Lighthouse measured no ${id} on ${url} (${audit?.errorMessage ?? ''})`);
        return audit.numericValue;
      };
      return {
        score: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        ...lcpPhases(audits['largest-contentful-paint-element'], url),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
      };
    },
    close() {
      process.removeListener('exit', chrome.kill);
      chrome.kill();
    },
  };
}
