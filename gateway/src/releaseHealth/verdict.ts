import { p75, type HealthRow, type RowCounts } from './counts';

/**
 * Below this many page views a canary is not judged: at a 1% error rate, 200 views see about two
 * errors, and one visitor's bad phone could not tip a verdict much further than that.
 */
export const MIN_VIEWS = 200;

/**
 * How many percentage points the canary's error rate (page views with an error or a failed load
 * of the remote) may be above live's: a broken banner on one phone model in fifty shows.
 */
export const MAX_ERROR_RATE_RISE = 0.02;

/**
 * How much slower the canary's p75 INP may be than live's, in ms: one step of the histogram
 * (counts.ts) around Google's 200 ms "good" limit; two steps is a real slowdown, not noise.
 */
export const MAX_INP_RISE_MS = 50;

/** How much slower its p75 LCP may be, in ms: one step of the histogram (half a second). */
export const MAX_LCP_RISE_MS = 500;

/**
 * A canary whose error rate passes this (with MIN_VIEWS) is rolled back by the gateway itself: one
 * page view in twenty failing is broken for someone, whatever live does, and waiting for a person
 * to run a command leaves it broken for its whole share meanwhile.
 */
export const ERROR_RATE_CEILING = 0.05;

/** The figures a row shows. */
export interface Figures {
  views: number;
  errorRate: number | undefined;
  lcpP75: number | undefined;
  inpP75: number | undefined;
  clsP75: number | undefined;
  addToCartRate: number | undefined;
}

export function figuresOf(counts: RowCounts): Figures {
  const rate = (count: number) => (counts.views > 0 ? count / counts.views : undefined);
  return {
    views: counts.views,
    errorRate: rate(Math.min(counts.views, counts.errors + counts.loadFailures)),
    lcpP75: p75('lcp', counts.vitals.lcp),
    inpP75: p75('inp', counts.vitals.inp),
    clsP75: p75('cls', counts.vitals.cls),
    addToCartRate: rate(counts.addToCart),
  };
}

const percent = (rate: number | undefined) =>
  rate === undefined ? 'n/a' : `${(rate * 100).toFixed(1)}%`;
const millis = (value: number | undefined) =>
  value === undefined
    ? 'n/a'
    : value === Infinity
      ? 'over the last bound'
      : `≤ ${String(value)} ms`;

export interface Verdict {
  /** Whether both rows have MIN_VIEWS: below, nothing is judged. */
  judged: boolean;
  /** Why the canary is worse than live beyond the thresholds (empty: it is not). */
  worse: string[];
  /** Why the gateway rolls it back (its error rate over the ceiling), if it does. */
  rollBack: string | undefined;
}

/** The canary against live, by the thresholds above. */
export function judge(live: HealthRow | undefined, canary: HealthRow): Verdict {
  const c = figuresOf(canary);
  const rollBack =
    c.views >= MIN_VIEWS && (c.errorRate ?? 0) > ERROR_RATE_CEILING
      ? `error rate ${percent(c.errorRate)} over ${String(c.views)} views passes the ceiling of ${percent(ERROR_RATE_CEILING)}`
      : undefined;
  if (!live || c.views < MIN_VIEWS || live.views < MIN_VIEWS) {
    return { judged: false, worse: [], rollBack };
  }
  const l = figuresOf(live);
  const worse: string[] = [];
  if ((c.errorRate ?? 0) - (l.errorRate ?? 0) > MAX_ERROR_RATE_RISE) {
    worse.push(
      `error rate ${percent(c.errorRate)} against live's ${percent(l.errorRate)} (at most ${String(MAX_ERROR_RATE_RISE * 100)} points more)`,
    );
  }
  const slower = (canaryMs: number | undefined, liveMs: number | undefined, allowed: number) =>
    canaryMs !== undefined && liveMs !== undefined && canaryMs - liveMs > allowed;
  if (slower(c.inpP75, l.inpP75, MAX_INP_RISE_MS)) {
    worse.push(
      `p75 INP ${millis(c.inpP75)} against live's ${millis(l.inpP75)} (at most ${String(MAX_INP_RISE_MS)} ms more)`,
    );
  }
  if (slower(c.lcpP75, l.lcpP75, MAX_LCP_RISE_MS)) {
    worse.push(
      `p75 LCP ${millis(c.lcpP75)} against live's ${millis(l.lcpP75)} (at most ${String(MAX_LCP_RISE_MS)} ms more)`,
    );
  }
  return { judged: true, worse, rollBack };
}
