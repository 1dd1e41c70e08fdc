import { bucketOf, VITAL_BOUNDS, type HealthRow } from './counts';
import { judge, MIN_VIEWS } from './verdict';

/** A row of `views` page views, `errors` of them with an error, each with these vitals. */
function row(
  cohort: HealthRow['cohort'],
  views: number,
  errors: number,
  vitals: { lcp: number; inp: number },
): HealthRow {
  const histogram = (vital: 'lcp' | 'inp') => {
    const counts = new Array<number>(VITAL_BOUNDS[vital].length + 1).fill(0);
    counts[bucketOf(vital, vitals[vital])] = views;
    return counts;
  };
  return {
    remote: 'header',
    cohort,
    version: cohort === 'live' ? 'v1' : 'v2',
    canary: 'v2',
    views,
    errors,
    loadFailures: 0,
    addToCart: 0,
    vitals: { lcp: histogram('lcp'), inp: histogram('inp'), cls: [] },
  };
}

const usual = { lcp: 1800, inp: 120 };
const live = row('live', 1000, 5, usual);

test('a canary as good as live is not worse beyond the thresholds', () => {
  expect(judge(live, row('canary', MIN_VIEWS, 1, usual))).toEqual({
    judged: true,
    worse: [],
    rollBack: undefined,
  });
});

test('a canary with fewer views than the minimum is not judged, however bad', () => {
  const verdict = judge(live, row('canary', MIN_VIEWS - 1, MIN_VIEWS - 1, { lcp: 9000, inp: 900 }));
  expect(verdict).toEqual({ judged: false, worse: [], rollBack: undefined });
});

test('an error rate, a p75 INP or a p75 LCP worse than live beyond its threshold is named with both figures', () => {
  const { worse } = judge(live, row('canary', MIN_VIEWS, 8, { lcp: 2800, inp: 250 }));
  expect(worse).toEqual([
    "error rate 4.0% against live's 0.5% (at most 2 points more)",
    "p75 INP ≤ 250 ms against live's ≤ 150 ms (at most 50 ms more)",
    "p75 LCP ≤ 3000 ms against live's ≤ 2000 ms (at most 500 ms more)",
  ]);
});

test('within the thresholds is not worse: one histogram step of INP or LCP, fewer than two points more errors', () => {
  const { worse } = judge(live, row('canary', MIN_VIEWS, 4, { lcp: 2400, inp: 180 }));
  expect(worse).toEqual([]);
});

test('an error rate past the ceiling rolls back, with enough views, whatever live does', () => {
  expect(judge(undefined, row('canary', MIN_VIEWS, 11, usual)).rollBack).toBe(
    'error rate 5.5% over 200 views passes the ceiling of 5.0%',
  );
  expect(judge(undefined, row('canary', MIN_VIEWS, 10, usual)).rollBack).toBeUndefined();
});
