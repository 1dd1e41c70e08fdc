/**
 * Remembers a loader's answer for a while and shares one request between concurrent callers.
 * Failures are not remembered.
 */
export function createCache(now: () => number = Date.now) {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  function get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return Promise.resolve(entry.value as T);
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const request = load()
      .then((value) => {
        if (ttlMs > 0) entries.set(key, { value, expires: now() + ttlMs });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return {
    get,
    clear: () => {
      entries.clear();
    },
  };
}

export type Cache = ReturnType<typeof createCache>;
