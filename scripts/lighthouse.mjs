// Lighthouse lab metrics (performance category only) for one URL in headless Chromium: mobile is
// Lighthouse's default config (simulated throttling, phone emulation), desktop its desktop config.
// The browser is killed when the runs end, also on failure and on Ctrl-C.
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
 * @typedef {object} LabMetrics
 * @property {number} score performance score, 0-100
 * @property {number} fcp First Contentful Paint, ms
 * @property {number} lcp Largest Contentful Paint, ms
 * @property {number} tbt Total Blocking Time, ms
 * @property {number} cls Cumulative Layout Shift
 * @property {number} si Speed Index, ms
 */

/**
 * Runs Lighthouse `runs` times against `url` in one fresh headless Chromium (new profile).
 * @param {string} url
 * @param {{ formFactor: 'mobile' | 'desktop', runs: number }} options
 * @returns {Promise<LabMetrics[]>}
 */
export async function lighthouseRuns(url, { formFactor, runs }) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, handleSIGINT: false });
  process.once('exit', chrome.kill); // kills Chromium's process group and removes its profile
  try {
    /** @type {LabMetrics[]} */
    const results = [];
    for (let run = 0; run < runs; run++) {
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
      const metrics = {
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
      };
      results.push({ score: Math.round((categories.performance?.score ?? 0) * 100), ...metrics });
    }
    return results;
  } finally {
    process.removeListener('exit', chrome.kill);
    chrome.kill();
  }
}
