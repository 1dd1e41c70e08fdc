/**
 * Entries that each end at their own time, at most `maxEntries` of them: when full, the ended
 * ones are swept, then the oldest live one goes (a client filling memory loses its own first).
 */
export function createExpiringEntries<V>(now: () => number, maxEntries: number) {
  const entries = new Map<string, { value: V; untilMs: number }>();
  return {
    set(key: string, value: V, untilMs: number): void {
      if (entries.size >= maxEntries) {
        const time = now();
        for (const [name, entry] of entries) if (entry.untilMs <= time) entries.delete(name);
      }
      if (entries.size >= maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // Set anew, so the order of the map stays the order of the last writes.
      entries.delete(key);
      entries.set(key, { value, untilMs });
    },
    /** The live entry's value and end. */
    get(key: string): { value: V; untilMs: number } | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.untilMs > now()) return entry;
      entries.delete(key);
      return undefined;
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}
