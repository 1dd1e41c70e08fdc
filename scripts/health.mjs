// Release health as the gateways measure it from real visitors (gateway/src/releaseHealth/): the
// figures they write to the deploy folder's health.json (each remote's live version and its canary,
// measured over the same run, with the verdict by the stated thresholds), and the canaries they
// rolled back on their own (health-rollbacks.json). What `npm run remotes` shows and what
// `npm run promote` refuses.
import fs from 'node:fs';
import path from 'node:path';

/** The gateways' figures and verdicts (written every few seconds while beacons come in). */
export const HEALTH_FILE = 'health.json';
/** The canaries the gateways rolled back, by remote: { version, at, reason }. */
export const ROLLBACKS_FILE = 'health-rollbacks.json';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw new Error(`${file} is unreadable (${error.message}); fix or remove it first.`);
  }
}

/** The figures of a remote, when the gateways have written any. */
export function healthOf(dir, name) {
  return readJson(path.join(dir, HEALTH_FILE))?.remotes?.[name];
}

/** The gateways' rollback of the remote's canary, if they made one. */
export function gatewayRollbackOf(dir, name) {
  return readJson(path.join(dir, ROLLBACKS_FILE))?.[name];
}

/**
 * The history as the scripts should see it: a canary the gateways rolled back is over (`rolledBack`
 * keeps what they said), so no script promotes it or calls it running.
 */
export function withGatewayRollbacks(dir, history) {
  const rollbacks = readJson(path.join(dir, ROLLBACKS_FILE)) ?? {};
  for (const [name, entry] of Object.entries(history)) {
    const rollback = Object.hasOwn(rollbacks, name) ? rollbacks[name] : undefined;
    if (rollback && entry.canary?.version === rollback.version) {
      delete entry.canary;
      entry.rolledBack = rollback;
    }
  }
  return history;
}

const percent = (rate) => (rate == null ? 'n/a' : `${(rate * 100).toFixed(1)}%`);
// A p75 above the gateway's last histogram bound comes as the text "over <bound>".
const millis = (value) =>
  value == null ? 'n/a' : typeof value === 'string' ? `${value} ms` : `≤ ${String(value)} ms`;

/** One row of figures: page views, error rate, p75 LCP and INP, add-to-cart rate. */
export function figuresLine(label, row) {
  return (
    `${label} ${row.version}: ${String(row.views)} views, errors ${percent(row.errorRate)}, ` +
    `p75 LCP ${millis(row.lcpP75)}, p75 INP ${millis(row.inpP75)}, ` +
    `add to cart ${percent(row.addToCartRate)}`
  );
}

/**
 * The health lines of a remote for `npm run remotes`: live's figures, the canary's against them
 * and the verdict, and a rollback the gateways made.
 */
export function healthLines(dir, name) {
  const lines = [];
  const health = healthOf(dir, name);
  if (health?.live) lines.push(figuresLine('health live', health.live));
  if (health?.canary) lines.push(figuresLine('health canary', health.canary));
  if (health?.verdict) {
    const { judged, worse } = health.verdict;
    lines.push(
      !judged
        ? 'verdict: too few views to judge yet'
        : worse.length === 0
          ? 'verdict: the canary is within the thresholds'
          : `verdict: worse than live: ${worse.join('; ')}`,
    );
  }
  const rollback = gatewayRollbackOf(dir, name);
  if (rollback) {
    lines.push(
      `rolled back by the gateway at ${new Date(rollback.at).toISOString()}: ${rollback.reason}`,
    );
  }
  return lines;
}

/**
 * Why the canary `version` of a remote must not be promoted, with the figures, or undefined: it is
 * worse than live beyond the thresholds with enough views, or the gateways rolled it back.
 */
export function promoteRefusal(dir, name, version) {
  const rollback = gatewayRollbackOf(dir, name);
  if (rollback?.version === version) {
    return `${name} ${version} was rolled back by the gateway: ${rollback.reason}.`;
  }
  const health = healthOf(dir, name);
  if (health?.canary?.version !== version || !health.verdict?.judged) return undefined;
  if (health.verdict.worse.length === 0) return undefined;
  return [
    `${name} ${version} is worse than live beyond the thresholds: ${health.verdict.worse.join('; ')}.`,
    figuresLine('live', health.live),
    figuresLine('canary', health.canary),
    `npm run promote -- ${name} --force promotes it anyway.`,
  ].join('\n');
}
