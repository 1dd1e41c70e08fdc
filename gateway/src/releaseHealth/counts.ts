import { KEY_PREFIX, type SharedState } from '../plugins/sharedState';
import type { RemotesConfig } from '../page/remotesConfig';
import type { Rollout } from '../page/rollout';
import type { Beacon } from './beacon';

/**
 * The counts of release health: for each remote, one row for its live version and one for its
 * canary, each measured over the canary's run (the live row's window is the canary it is compared
 * with). Nothing else is kept: a beacon naming a version neither live nor in canary (a preview, an
 * old tab) is folded away, so memory is a fixed set of rows whatever is sent. With shared state
 * the rows are every instance's, in Redis (hashes under `health:`).
 */

/** Whose row: the version every browser outside the canary gets, or the canary's. */
type Cohort = 'live' | 'canary';

/**
 * Histogram bounds (upper, inclusive) of the vitals: a fixed number of counters whatever is
 * measured. Each is fine where Google's "good" and "poor" limits lie (LCP 2.5 s and 4 s, INP
 * 200 ms and 500 ms, CLS 0.1 and 0.25); a value above the last bound falls in one last bucket.
 */
export const VITAL_BOUNDS = {
  lcp: [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 7000, 10_000],
  inp: [50, 100, 150, 200, 250, 300, 400, 500, 750, 1000],
  cls: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
} as const;

export type Vital = keyof typeof VITAL_BOUNDS;
const VITALS = Object.keys(VITAL_BOUNDS) as Vital[];

/** A row's window: its remote, cohort and version, and the canary it runs beside (if any). */
/** What one beacon added to a row: `views`, `errors`, `loadFailures`, `addToCart`, `<vital>.<bucket>`. */
export interface CountedRow {
  row: RowKey;
  added: Map<string, number>;
}

export interface RowKey {
  remote: string;
  cohort: Cohort;
  version: string;
  /** The canary's version while one runs: live's row is measured over the same time. */
  canary: string | undefined;
}

export interface RowCounts {
  views: number;
  /** Page views in which the remote raised an uncaught error. */
  errors: number;
  /** Page views in which the remote failed to load. */
  loadFailures: number;
  /** Page views in which a course went into the cart. */
  addToCart: number;
  /** Each vital's histogram: a count per bound of VITAL_BOUNDS, and one above the last. */
  vitals: Record<Vital, number[]>;
}

export type HealthRow = RowKey & RowCounts;

/** The version a manifest URL names: a release's folder, or `build` for the gateway's own. */
function versionOfManifest(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  if (/^\/remotes\/[a-z]+\/mf-manifest\.json$/.test(url)) return 'build';
  return /^\/releases\/[a-z]+\/(\w[\w.-]*)\/mf-manifest\.json$/.exec(url)?.[1];
}

/** The rows a deployment has now: each remote's live one, and its canary's while one runs. */
export function currentRows(
  remoteNames: readonly string[],
  live: RemotesConfig,
  rollout: Rollout,
): RowKey[] {
  return remoteNames.flatMap((remote) => {
    const canary = Object.hasOwn(rollout.canaries, remote)
      ? rollout.canaries[remote]?.version
      : undefined;
    const liveVersion = versionOfManifest(live[remote]);
    const rows: RowKey[] = [];
    if (liveVersion !== undefined)
      rows.push({ remote, cohort: 'live', version: liveVersion, canary });
    if (canary !== undefined) rows.push({ remote, cohort: 'canary', version: canary, canary });
    return rows;
  });
}

/** The rows a beacon counts in: each remote it names at a version that is live or in canary. */
function rowsOfBeacon(beacon: Beacon, rows: readonly RowKey[]): RowKey[] {
  return rows.filter((row) => beacon.remotes[row.remote] === row.version);
}

/** The bucket of a vital's value in its histogram. */
export function bucketOf(vital: Vital, value: number): number {
  const bounds: readonly number[] = VITAL_BOUNDS[vital];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The 75th percentile of a histogram, as the upper bound of the bucket it falls in (Infinity: above
 * the last bound); undefined without a value.
 */
export function p75(vital: Vital, histogram: readonly number[]): number | undefined {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  let seen = 0;
  for (const [index, count] of histogram.entries()) {
    seen += count;
    if (seen >= total * 0.75) return VITAL_BOUNDS[vital][index] ?? Infinity;
  }
  return Infinity;
}

const emptyCounts = (): RowCounts => ({
  views: 0,
  errors: 0,
  loadFailures: 0,
  addToCart: 0,
  vitals: {
    lcp: new Array<number>(VITAL_BOUNDS.lcp.length + 1).fill(0),
    inp: new Array<number>(VITAL_BOUNDS.inp.length + 1).fill(0),
    cls: new Array<number>(VITAL_BOUNDS.cls.length + 1).fill(0),
  },
});

/** What one beacon adds to one row, as counter name -> amount. */
function additions(beacon: Beacon, remote: string): Map<string, number> {
  const added = new Map<string, number>();
  if (beacon.view) {
    added.set('views', 1);
    if (beacon.addToCart === true) added.set('addToCart', 1);
    for (const vital of VITALS) {
      const value = beacon[vital];
      if (value !== undefined) added.set(`${vital}.${String(bucketOf(vital, value))}`, 1);
    }
  }
  if (beacon.errors?.includes(remote)) added.set('errors', 1);
  if (beacon.loadFailures?.includes(remote)) added.set('loadFailures', 1);
  return added;
}

function addTo(counts: RowCounts, added: Map<string, number>): void {
  for (const [name, amount] of added) {
    const [field = '', bucket] = name.split('.');
    if (bucket !== undefined) {
      const histogram = (counts.vitals as Partial<Record<string, number[]>>)[field];
      const index = Number(bucket);
      // A field of another shape (a hash written by hand) is left out.
      if (histogram && index in histogram) histogram[index] = (histogram[index] ?? 0) + amount;
    } else if (
      field === 'views' ||
      field === 'errors' ||
      field === 'loadFailures' ||
      field === 'addToCart'
    ) {
      counts[field] += amount;
    }
  }
}

/** Counts read back from a Redis hash (field -> count). */
function countsOfHash(hash: Record<string, string>): RowCounts {
  const counts = emptyCounts();
  addTo(counts, new Map(Object.entries(hash).map(([name, value]) => [name, Number(value)])));
  return counts;
}

/** How long a row's counts stay in Redis after its last beacon: a canary runs days, not months. */
const ROW_TTL_S = 30 * 24 * 60 * 60;

const slotOf = (row: RowKey) => `${row.remote}:${row.cohort}`;
const windowOf = (row: RowKey) => `${row.version}:${row.canary ?? '-'}`;
const redisKey = (row: RowKey) =>
  `${KEY_PREFIX}health:${row.remote}:${row.cohort}:${row.version}:${row.canary ?? '-'}`;

/**
 * The counts, every instance's in Redis while it is usable, this instance's own otherwise. In
 * memory, one slot per remote and cohort: a slot whose version or canary changes starts again.
 */
export function createHealthCounts(shared: SharedState | undefined) {
  const slots = new Map<string, { window: string; counts: RowCounts }>();

  function inMemory(row: RowKey): RowCounts {
    const slot = slots.get(slotOf(row));
    if (slot?.window === windowOf(row)) return slot.counts;
    const fresh = { window: windowOf(row), counts: emptyCounts() };
    slots.set(slotOf(row), fresh);
    return fresh.counts;
  }

  return {
    /** Counts a beacon in the rows it belongs to (`rows`: the deployment's now). */
    /** Counts a beacon in the rows it reports on; answers what it added to each. */
    async count(beacon: Beacon, rows: readonly RowKey[]): Promise<CountedRow[]> {
      const counted = rowsOfBeacon(beacon, rows);
      if (counted.length === 0) return [];
      const added = counted.map((row) => ({ row, added: additions(beacon, row.remote) }));
      const stored = await shared?.attempt((redis) => {
        const batch = redis.multi();
        for (const { row, added: fields } of added) {
          const key = redisKey(row);
          for (const [name, amount] of fields) batch.hincrby(key, name, amount);
          batch.expire(key, ROW_TTL_S);
        }
        return batch.exec();
      });
      if (stored === undefined || stored === null) {
        for (const { row, added: fields } of added) addTo(inMemory(row), fields);
      }
      return added;
    },
    /** The counts of each row. */
    async read(rows: readonly RowKey[]): Promise<HealthRow[]> {
      const hashes = await shared?.attempt((redis) =>
        Promise.all(rows.map((row) => redis.hgetall(redisKey(row)))),
      );
      return rows.map((row, index) => {
        const hash = hashes?.[index];
        return { ...row, ...(hash ? countsOfHash(hash) : { ...inMemory(row) }) };
      });
    },
    /** How many rows this instance holds in memory (at most two a remote). */
    slotCount: () => slots.size,
  };
}
