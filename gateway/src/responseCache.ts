/** A cached upstream answer. */
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

/** How long a content read stays fresh, by path. */
export interface CacheRule {
  pattern: RegExp;
  ttlMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Upstream reads the gateway keeps: the footer for an hour, product attributes for 10 minutes,
 * other content briefly. home_banner is never kept (the specification disables its cache).
 */
export const CACHE_RULES: readonly CacheRule[] = [
  { pattern: /^\/wp-json\/wp\/v2\/home_banner(?:[/?]|$)/, ttlMs: 0 },
  { pattern: /^\/wp-json\/wp\/v2\/footer(?:[/?]|$)/, ttlMs: 60 * MINUTE },
  { pattern: /^\/wp-json\/custom\/v1\/products\/attributes(?:[/?]|$)/, ttlMs: 10 * MINUTE },
  {
    pattern:
      /^\/wp-json\/wp\/v2\/(?:menu_home|courseList|our_partner|events|pages|posts|categories|course\/)/,
    ttlMs: 60 * SECOND,
  },
  { pattern: /^\/wp-json\/custom\/v2\/getPromotionalBanner(?:[/?]|$)/, ttlMs: 60 * SECOND },
  {
    pattern: /^\/wp-json\/custom\/v1\/(?:search|404|acceptable-use-policy)(?:[/?]|$)/,
    ttlMs: 60 * SECOND,
  },
  { pattern: /^\/wp-json\/wc\/v3\/products\/\d+(?:\/variations)?(?:\?|$)/, ttlMs: 60 * SECOND },
];

/** After it goes stale an answer may still be served, while a fresh one is fetched, this long. */
export const STALE_WHILE_REVALIDATE_MS = 5 * MINUTE;
const MAX_ENTRIES = 2000;
const MAX_BODY_BYTES = 1024 * 1024;

/** The TTL for a GET of this URL, or 0 when it must not be cached. */
export function ttlFor(url: string): number {
  return CACHE_RULES.find((rule) => rule.pattern.test(url))?.ttlMs ?? 0;
}

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
