/** A cached upstream answer. What is kept, for how long, is the route table's (routeTable.ts). */
export interface CachedResponse {
  status: number;
  /** content-type and WordPress's paging headers. */
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry {
  value: CachedResponse;
  freshUntil: number;
  staleUntil: number;
}

const MINUTE = 60_000;

/** After it goes stale an answer may still be served, while a fresh one is fetched, this long. */
export const STALE_WHILE_REVALIDATE_MS = 5 * MINUTE;
const MAX_ENTRIES = 2000;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Keeps upstream answers for their TTL and a little longer (stale-while-revalidate), and makes
 * concurrent misses for the same URL share one upstream request.
 */
export function createResponseCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedResponse | undefined>>();

  return {
    /** A fresh or stale answer, with whether it needs refreshing. */
    lookup(key: string): { value: CachedResponse; stale: boolean } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const time = now();
      if (time > entry.staleUntil) {
        entries.delete(key);
        return undefined;
      }
      return { value: entry.value, stale: time > entry.freshUntil };
    },
    store(key: string, value: CachedResponse, ttlMs: number): void {
      if (ttlMs <= 0 || value.status !== 200 || value.body.length > MAX_BODY_BYTES) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const time = now();
      entries.set(key, {
        value,
        freshUntil: time + ttlMs,
        staleUntil: time + ttlMs + STALE_WHILE_REVALIDATE_MS,
      });
    },
    /** The pending upstream request for a key, if one is running. */
    pending(key: string): Promise<CachedResponse | undefined> | undefined {
      return inFlight.get(key);
    },
    /** Marks a request for the key as running; call the returned function with its outcome. */
    begin(key: string): (value: CachedResponse | undefined) => void {
      let settle: (value: CachedResponse | undefined) => void = () => undefined;
      const promise = new Promise<CachedResponse | undefined>((resolve) => {
        settle = resolve;
      });
      inFlight.set(key, promise);
      return (value) => {
        inFlight.delete(key);
        settle(value);
      };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
