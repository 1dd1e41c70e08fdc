import { createExpiringEntries } from '../expiringEntries';
import { DELETE_IF_HELD, KEY_PREFIX, type SharedState } from '../plugins/sharedState';

/** What taking a key found: it was free and is now held, or another value holds it. */
export type Taken = { held: true } | { held: false; holder: string };

/**
 * Values kept under keys for a while, each key taken only while it is free, and changed or let go
 * only by the value that holds it: the points a learner's order is redeeming, the order placed
 * under an Idempotency-Key. Every value has a lifetime, so a request that never finishes (its
 * instance stopped) cannot keep a key for ever.
 */
export interface Claims<TakeAnswer = Taken | undefined> {
  /** Takes `key` with `value` for `ttlMs` when it is free; undefined when it cannot be known. */
  take(key: string, value: string, ttlMs: number): Promise<TakeAnswer>;
  /** Puts `next` in the place of `held` for `ttlMs`, if `held` still holds the key. */
  replace(key: string, held: string, next: string, ttlMs: number): Promise<void>;
  /** Frees the key, if `held` still holds it. */
  release(key: string, held: string): Promise<void>;
}

/**
 * This instance's claims. At most `maxKeys` are kept (the ended ones go first, then the oldest),
 * so keys made up by clients cannot fill the memory.
 */
export function createMemoryClaims(maxKeys: number, now: () => number = Date.now): Claims<Taken> {
  const kept = createExpiringEntries<string>(now, maxKeys);
  return {
    take(key, value, ttlMs) {
      const holder = kept.get(key)?.value;
      if (holder !== undefined) return Promise.resolve({ held: false, holder });
      kept.set(key, value, now() + ttlMs);
      return Promise.resolve({ held: true });
    },
    replace(key, held, next, ttlMs) {
      if (kept.get(key)?.value === held) kept.set(key, next, now() + ttlMs);
      return Promise.resolve();
    },
    release(key, held) {
      if (kept.get(key)?.value === held) kept.delete(key);
      return Promise.resolve();
    },
  };
}

/** Takes a free key, or answers the value that holds it: one step, so two takers never both win. */
const TAKE = `local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

/** Replaces a value only where it still holds the key (it may have expired and been taken since). */
const REPLACE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 0`;

/**
 * Every instance's claims, in Redis under `<space>:<key>`. A take answers undefined when Redis is
 * unusable or the command failed: the caller decides whether to refuse or to go on from memory.
 * A replace or release that fails leaves the value to its lifetime.
 */
export function createRedisClaims(shared: SharedState, space: string): Claims {
  const keyOf = (key: string) => `${KEY_PREFIX}${space}:${key}`;
  return {
    async take(key, value, ttlMs) {
      const answer = await shared.attempt((redis) =>
        redis.eval(TAKE, 1, keyOf(key), value, String(ttlMs)),
      );
      if (answer === undefined) return undefined;
      return typeof answer === 'string' ? { held: false, holder: answer } : { held: true };
    },
    async replace(key, held, next, ttlMs) {
      await shared.attempt((redis) =>
        redis.eval(REPLACE, 1, keyOf(key), held, next, String(ttlMs)),
      );
    },
    async release(key, held) {
      await shared.attempt((redis) => redis.eval(DELETE_IF_HELD, 1, keyOf(key), held));
    },
  };
}
