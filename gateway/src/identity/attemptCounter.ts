import { createExpiringEntries } from '../expiringEntries';
import { KEY_PREFIX, type SharedState } from '../plugins/sharedState';

/** A count in a fixed window: at most `max` in `windowMs` from the first. */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** Where a count stands once an attempt is counted. */
export interface AttemptCount {
  count: number;
  /** When the count starts again from nothing. */
  remainingMs: number;
}

/**
 * Counts each key (creating it with its window, KEYS[i] with ARGV[i] ms) and answers each count
 * and the time its window has left, in one round trip.
 */
const ADD = `local result = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local left = redis.call('PTTL', key)
  if left < 0 then
    left = tonumber(ARGV[i])
    redis.call('PEXPIRE', key, left)
  end
  result[#result + 1] = count
  result[#result + 1] = left
end
return result`;

/** Takes one back from each key; a key at nothing is gone (never left without its window). */
const TAKE_BACK = `for _, key in ipairs(KEYS) do
  if redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 1`;

/**
 * Counts attempts per key in fixed windows: every instance's together in Redis (under
 * `attempts:`) while it is usable, this instance's own otherwise. An attempt is counted before it
 * is made and taken back when it turns out not to count (a successful login), so concurrent
 * attempts cannot all pass a check made before any was counted.
 */
export function createAttemptCounter(
  shared: SharedState | undefined,
  options: { now?: () => number; maxEntries?: number } = {},
) {
  const { now = Date.now, maxEntries = 100_000 } = options;
  const memory = createExpiringEntries<number>(now, maxEntries);
  const redisKey = (key: string) => `${KEY_PREFIX}attempts:${key}`;

  function addInMemory(limits: readonly AttemptLimit[]): AttemptCount[] {
    return limits.map(({ key, windowMs }) => {
      const entry = memory.get(key);
      const untilMs = entry?.untilMs ?? now() + windowMs;
      const count = (entry?.value ?? 0) + 1;
      memory.set(key, count, untilMs);
      return { count, remainingMs: untilMs - now() };
    });
  }

  return {
    /** Counts an attempt against each limit; answers where each count stands. */
    async add(limits: readonly AttemptLimit[]): Promise<AttemptCount[]> {
      const counted = await shared?.attempt(
        (redis) =>
          redis.eval(
            ADD,
            limits.length,
            ...limits.map(({ key }) => redisKey(key)),
            ...limits.map(({ windowMs }) => String(windowMs)),
          ) as Promise<number[]>,
      );
      if (counted === undefined) return addInMemory(limits);
      return limits.map((_limit, index) => ({
        count: Number(counted[index * 2]),
        remainingMs: Number(counted[index * 2 + 1]),
      }));
    },
    /** Forgets every attempt counted on each key. */
    async forget(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      for (const key of keys) memory.delete(key);
      await shared?.attempt((redis) => redis.del(...keys.map(redisKey)));
    },
    /** Takes back an attempt counted on each key. */
    async takeBack(keys: readonly string[]): Promise<void> {
      const taken = await shared?.attempt((redis) =>
        redis.eval(TAKE_BACK, keys.length, ...keys.map(redisKey)),
      );
      if (taken !== undefined) return;
      for (const key of keys) {
        const entry = memory.get(key);
        if (entry && entry.value > 1) memory.set(key, entry.value - 1, entry.untilMs);
        else memory.delete(key);
      }
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
