// What the benchmarks share: the production build served (../scripts/serve-build.mjs, which
// npm run screenshots uses too), load with autocannon, medians, the budgets they hold the figures
// to, progress with the time elapsed, and writing figures into the docs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/serve-build.mjs';

export { ROOT, ensureBuilt, startGateway, track } from '../scripts/serve-build.mjs';
export { waitFor } from '../scripts/processes.mjs';

const started = Date.now();

/**
 * autocannon against `url` (`seconds`, 50 connections unless `options` say otherwise: any of its
 * options); rejects on any non-2xx answer or error, and on any body its `verifyBody` refused.
 */
export function load(url, { seconds, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, ...options }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0 || result.mismatches > 0) {
        reject(
          new Error(
            `${url}: of ${String(result.requests.total)} requests, ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors, ${String(result.mismatches)} bodies not as expected`,
          ),
        );
      } else resolve(result);
    });
  });
}

/** The value at or below which `p` % of `values` lie (nearest rank): one of the values. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(Math.ceil((p / 100) * sorted.length) - 1, 0)];
}

export const median = (values) => percentile(values, 50);

/** A figure of budget.json by its dotted name (`routes.tbtMs`); throws when it is not a number. */
export function budgetOf(name) {
  const budget = JSON.parse(fs.readFileSync(path.join(ROOT, 'budget.json'), 'utf8'));
  const value = name.split('.').reduce((at, key) => at?.[key], budget);
  if (typeof value !== 'number') throw new Error(`budget.json has no number at ${name}.`);
  return value;
}

/**
 * Prints every failed check (a broken budget: what, the figure, the budget; or a failure of the
 * bench itself), or that all hold; any failure makes the process exit with 1.
 */
export function reportFailures(failures) {
  if (failures.length === 0) {
    console.log('Every budget holds.');
    return;
  }
  console.error(`The bench failed ${String(failures.length)} check(s):`);
  for (const line of failures) console.error(`  ${line}`);
  process.exitCode = 1;
}

/** Prints `message` after the time since the bench started, [m:ss]. */
export function progress(message) {
  const seconds = Math.round((Date.now() - started) / 1000);
  const clock = `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
  console.log(`[${clock}] ${message}`);
}

/** The biggest content-hashed JavaScript file (name.0123abcd.js) in `dir`. */
export function biggestChunk(dir) {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.[0-9a-f]{8}\.js$/.test(file))
    .map((file) => ({ file, size: fs.statSync(path.join(dir, file)).size }))
    .sort((a, b) => b.size - a.size)[0].file;
}

export function machine() {
  return `${String(os.cpus().length)} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Replaces the section between <!-- name:start --> and <!-- name:end --> in docs/PERFORMANCE.md. */
export function writeSection(name, markdown) {
  const file = path.join(ROOT, 'docs', 'PERFORMANCE.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const updated = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, updated);
}
