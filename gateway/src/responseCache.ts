/** A cached upstream answer. What is kept, for how long, is the route table's (routeTable.ts). */
export interface CachedResponse {
  status: number;
  /** content-type and WordPress's paging headers. */
  headers: Record<string, string>;
  body: Buffer;
}

/** A kept answer with the times (ms since the epoch) it turns stale and is forgotten. */
export interface CacheEntry {
  value: CachedResponse;
  freshUntil: number;
  staleUntil: number;
}

/** A kept answer found, with whether it needs refreshing. */
export interface CacheHit {
  value: CachedResponse;
  stale: boolean;
}

/**
 * A caller's part in the one upstream request for a key. The leader makes the request and must
 * finish it, whatever happens (an answer, an error, the browser gone); anyone else is handed that
 * request's answer: undefined when none came (a waiter then goes to the upstream itself).
 */
export type Claim =
  | {
      leader: true;
      /** Hands `answer` to every waiter and keeps it for `keepForMs` (0: not kept). */
      finish: (answer: CachedResponse | undefined, keepForMs: number) => Promise<void>;
    }
  | { leader: false; answer: Promise<CachedResponse | undefined> };

/**
 * Keeps upstream answers for their TTL and a little longer (stale-while-revalidate), and makes
 * concurrent misses for the same key share one upstream request. In memory (one instance) or in
 * Redis (every instance: sharedResponseCache.ts), with the same behaviour.
 */
export interface ResponseCache {
  /** A fresh or stale answer, with whether it needs refreshing. */
  lookup(key: string): Promise<CacheHit | undefined>;
  /** Keeps `value` for `ttlMs`: 200s only, and none too large to be worth keeping. */
  store(key: string, value: CachedResponse, ttlMs: number): Promise<void>;
  /** Joins the upstream request under way for the key, or leads a new one. */
  claim(key: string): Promise<Claim>;
}

const MINUTE = 60_000;

/** After it goes stale an answer may still be served, while a fresh one is fetched, this long. */
export const STALE_WHILE_REVALIDATE_MS = 5 * MINUTE;
/** How many answers a cache keeps at most (in memory; in Redis, the places it has). */
export const MAX_ENTRIES = 2000;
const MAX_BODY_BYTES = 1024 * 1024;

/** The entry `value` is kept as from `time` for `ttlMs`, or undefined when it is not kept. */
function entryOf(value: CachedResponse, ttlMs: number, time: number): CacheEntry | undefined {
  if (ttlMs <= 0 || value.status !== 200 || value.body.length > MAX_BODY_BYTES) return undefined;
  return {
    value,
    freshUntil: time + ttlMs,
    staleUntil: time + ttlMs + STALE_WHILE_REVALIDATE_MS,
  };
}

/**
 * This instance's own kept answers and upstream requests under way: the whole cache of a lone
 * instance, and the first place a shared one looks (no round trip to Redis for what is at hand).
 */
export function createLocalCache(now: () => number) {
  const entries = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<CachedResponse | undefined>>();

  /** The entry for a key unless it has been forgotten. */
  function entry(key: string): CacheEntry | undefined {
    const found = entries.get(key);
    if (found && now() > found.staleUntil) {
      entries.delete(key);
      return undefined;
    }
    return found;
  }

  /** Keeps an entry, the oldest one going first when full. */
  function keep(key: string, kept: CacheEntry): void {
    if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, kept);
  }

  return {
    entry,
    keep,
    lookup(key: string): CacheHit | undefined {
      const found = entry(key);
      return found && { value: found.value, stale: now() > found.freshUntil };
    },
    /** Keeps `value` for `ttlMs` when it is worth keeping; returns the entry kept. */
    store(key: string, value: CachedResponse, ttlMs: number): CacheEntry | undefined {
      const kept = entryOf(value, ttlMs, now());
      if (kept) keep(key, kept);
      return kept;
    },
    /** The upstream request under way for a key on this instance, if one is. */
    running(key: string): Promise<CachedResponse | undefined> | undefined {
      return inFlight.get(key);
    },
    /** Marks a request for the key as running; call the returned function with its answer. */
    start(key: string): (answer: CachedResponse | undefined) => void {
      let settle: (answer: CachedResponse | undefined) => void = () => undefined;
      inFlight.set(
        key,
        new Promise((resolve) => {
          settle = resolve;
        }),
      );
      return (answer) => {
        inFlight.delete(key);
        settle(answer);
      };
    },
  };
}

/** The cache of a lone instance: everything in its memory. */
export function createResponseCache(now: () => number = Date.now): ResponseCache {
  const local = createLocalCache(now);
  return {
    lookup: (key) => Promise.resolve(local.lookup(key)),
    store(key, value, ttlMs) {
      local.store(key, value, ttlMs);
      return Promise.resolve();
    },
    claim(key) {
      const running = local.running(key);
      if (running) return Promise.resolve({ leader: false, answer: running });
      const settle = local.start(key);
      return Promise.resolve({
        leader: true,
        finish(answer, keepForMs) {
          if (answer) local.store(key, answer, keepForMs);
          settle(answer);
          return Promise.resolve();
        },
      });
    },
  };
}
