import { pathOf } from '../plugins/canonicalPaths';
import { routeOf } from './routeTable';

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
type Claim =
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
/** How many bytes of answers an instance keeps in memory at most. */
export const MAX_BYTES = 32 * 1024 * 1024;
/** The largest body kept, in memory or in Redis: a larger answer is served, never kept. */
export const MAX_BODY_BYTES = 1024 * 1024;

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
 * The route a key's answers belong to (its rule's name in the route table); the gateway's other
 * keys (its commerce reads) are one more.
 */
function routeNameOf(key: string): string {
  return routeOf('GET', pathOf(key))?.rule?.name ?? '';
}

/** The memory an entry takes: its key, headers and body. */
function bytesOf(key: string, { value }: CacheEntry): number {
  const headers = Object.entries(value.headers).reduce(
    (sum, [name, text]) => sum + name.length + text.length,
    0,
  );
  return key.length + headers + value.body.length;
}

/** A route's kept answers, oldest first, and their size. */
interface RouteShare {
  keys: Set<string>;
  bytes: number;
}

/**
 * This instance's own kept answers and upstream requests under way: the whole cache of a lone
 * instance, and the first place a shared one looks (no round trip to Redis for what is at hand).
 *
 * It keeps at most MAX_ENTRIES answers and MAX_BYTES. When either is reached, the oldest answer of
 * the route that holds the most goes first: a stream of distinct URLs of one route (every search
 * term, every slug) only ever takes the place of that route's own answers, never of the course
 * list every visitor reads.
 */
export function createLocalCache(now: () => number) {
  const entries = new Map<string, CacheEntry & { route: string; bytes: number }>();
  const routes = new Map<string, RouteShare>();
  let bytes = 0;
  const inFlight = new Map<string, Promise<CachedResponse | undefined>>();

  function forget(key: string): void {
    const found = entries.get(key);
    if (!found) return;
    entries.delete(key);
    bytes -= found.bytes;
    const share = routes.get(found.route);
    if (!share) return;
    share.keys.delete(key);
    share.bytes -= found.bytes;
    if (share.keys.size === 0) routes.delete(found.route);
  }

  /** Forgets the oldest answer of the route holding the most by `measure`. */
  function evictFromLargest(measure: (share: RouteShare) => number): void {
    let largest: RouteShare | undefined;
    for (const share of routes.values()) {
      if (!largest || measure(share) > measure(largest)) largest = share;
    }
    const oldest = largest?.keys.values().next().value;
    if (oldest !== undefined) forget(oldest);
  }

  /** The entry for a key unless it has been forgotten. */
  function entry(key: string): CacheEntry | undefined {
    const found = entries.get(key);
    if (found && now() > found.staleUntil) {
      forget(key);
      return undefined;
    }
    return found;
  }

  /** Keeps an entry as the newest of its route, within the cache's bounds. */
  function keep(key: string, kept: CacheEntry): void {
    forget(key);
    const route = routeNameOf(key);
    const size = bytesOf(key, kept);
    entries.set(key, { ...kept, route, bytes: size });
    const share = routes.get(route) ?? { keys: new Set<string>(), bytes: 0 };
    share.keys.add(key);
    share.bytes += size;
    routes.set(route, share);
    bytes += size;
    while (entries.size > MAX_ENTRIES) evictFromLargest((held) => held.keys.size);
    while (bytes > MAX_BYTES) evictFromLargest((held) => held.bytes);
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
