import { createHash } from 'node:crypto';
import os from 'node:os';
import type { ChainableCommander } from 'ioredis';
import * as v from 'valibot';
import {
  createLocalCache,
  MAX_ENTRIES,
  type CacheEntry,
  type CachedResponse,
  type ResponseCache,
} from './responseCache';
import {
  CACHE_NOTICES,
  DELETE_IF_HELD,
  KEY_PREFIX,
  type SharedState,
} from '../plugins/sharedState';
import { finiteNumber, integer, objectOf, recordOf } from '../validation';

/** A lock outlives the upstream request it covers by this much (reading the body, storing it). */
const LOCK_MARGIN_MS = 1_000;

/**
 * What the kept answers are: WordPress's with their HTML sanitized by the gateway
 * (plugins/backendHtml.ts), the browser rendering them as they are. Part of every key's hash,
 * so that what an instance of an earlier release kept in Redis as WordPress sent it (the browser
 * sanitized then) is never served by this one.
 */
const KEPT_AS = 'html-sanitized';

/** What the lock on a key holds: which instance is asking the upstream, for whoever reads Redis. */
const LOCK_OWNER = `${os.hostname()}:${String(process.pid)}`;

/**
 * Where a key's answer is kept in Redis: one of MAX_ENTRIES places, by its hash. Keys are URLs with
 * whatever query a visitor sends (each search term is one), so a stream of distinct URLs must not
 * fill the Redis that keeps the logged-out tokens and the rate limits: a key takes the place of
 * another with the same place (a miss for that one, never its answer: an entry names its key).
 */
function placeOf(hash: string): number {
  return Number.parseInt(hash.slice(0, 12), 16) % MAX_ENTRIES;
}

const entryDescription = objectOf({
  hash: v.string(),
  status: integer(),
  headers: recordOf(v.string(), v.string()),
  freshUntil: finiteNumber(),
  staleUntil: finiteNumber(),
});

/**
 * An entry as Redis keeps it: the length of its description, the description (JSON, with the hash
 * of its key), the body.
 */
function encode(hash: string, { value, freshUntil, staleUntil }: CacheEntry): Buffer {
  const description = Buffer.from(
    JSON.stringify({ hash, status: value.status, headers: value.headers, freshUntil, staleUntil }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(description.length);
  return Buffer.concat([length, description, value.body]);
}

/** The entry Redis kept for the key of `hash`, or undefined for anything else. */
function decode(raw: Buffer, hash: string): CacheEntry | undefined {
  if (raw.length < 4) return undefined;
  const end = 4 + raw.readUInt32BE(0);
  if (end > raw.length) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.subarray(4, end).toString('utf8'));
  } catch {
    return undefined;
  }
  const description = v.safeParse(entryDescription, parsed);
  if (!description.success || description.output.hash !== hash) return undefined;
  const { status, headers, freshUntil, staleUntil } = description.output;
  return { value: { status, headers, body: raw.subarray(end) }, freshUntil, staleUntil };
}

/** Runs a transaction; rejects with the first command's error, as a lone command would. */
async function execAll(transaction: ChainableCommander): Promise<unknown[]> {
  const replies = (await transaction.exec()) ?? [];
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

/** How a key's upstream request is shared across instances. */
type Coordination = { found: CacheEntry } | { found?: undefined; locked: boolean };

/**
 * The cache every instance shares through Redis, with the memory cache's behaviour: entries for
 * their TTL plus stale-while-revalidate, 200s only, bodies up to the same size, and one upstream
 * request per key, across all instances. The first instance to miss takes the key's lock
 * (`lock:<hash>`, for the upstream's time limit and a margin), makes the request, stores the
 * answer (`cache:<place>`, see placeOf) and says so on CACHE_NOTICES; the others wait for that
 * notice (never longer than the lock lives) and serve what was stored, or make the request
 * themselves when nothing was (an error, a 404). Keys are URLs, so Redis names them by their
 * SHA-256.
 *
 * Each instance keeps what it has seen in memory too: a fresh answer at hand, or a request under
 * way on this instance, costs no round trip; and when Redis is unusable the memory is the cache.
 */
export function createSharedResponseCache(
  shared: SharedState,
  options: { upstreamTimeoutMs: number; now?: () => number },
): ResponseCache {
  const now = options.now ?? Date.now;
  const lockMs = options.upstreamTimeoutMs + LOCK_MARGIN_MS;
  const local = createLocalCache(now);
  const hashOf = (key: string) => createHash('sha256').update(`${KEPT_AS} ${key}`).digest('hex');
  const entryKey = (hash: string) => `${KEY_PREFIX}cache:${String(placeOf(hash))}`;
  const lockKey = (hash: string) => `${KEY_PREFIX}lock:${hash}`;

  /** Who waits for the notice of each key (by hash). */
  const waiting = new Map<string, Set<() => void>>();
  const wake = (hash: string) => {
    for (const done of [...(waiting.get(hash) ?? [])]) done();
  };
  shared.onMessage((channel, hash) => {
    if (channel === CACHE_NOTICES) wake(hash);
  });
  // With Redis gone no notice will come: the waiters go on at once.
  shared.onChange((usable) => {
    if (!usable) for (const hash of [...waiting.keys()]) wake(hash);
  });

  /**
   * Waits for the notice that a key's request is done, or for its lock to have expired. Called
   * before the lock is tried, so a notice sent after that is never missed.
   */
  function expectNotice(hash: string) {
    const waiters = waiting.get(hash) ?? new Set<() => void>();
    waiting.set(hash, waiters);
    let done: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        done();
      }, lockMs);
      done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && waiting.get(hash) === waiters) waiting.delete(hash);
        resolve();
      };
    });
    waiters.add(done);
    return { arrived, cancel: done };
  }

  const fresh = (entry: CacheEntry | undefined) =>
    entry && now() <= entry.freshUntil ? entry : undefined;

  async function sharedEntry(hash: string): Promise<CacheEntry | undefined> {
    const raw = await shared.attempt((redis) => redis.getBuffer(entryKey(hash)));
    return raw ? decode(raw, hash) : undefined;
  }

  /** Takes another instance's entry into memory, unless the one at hand is newer. */
  function adopt(key: string, entry: CacheEntry | undefined) {
    if (!entry || now() > entry.staleUntil) return;
    if (entry.freshUntil > (local.entry(key)?.freshUntil ?? -Infinity)) local.keep(key, entry);
  }

  /**
   * Stores an entry for the other instances and, holding the key's lock, lets go of it and tells
   * whoever waits for it: in one transaction, so the notice never comes before the entry.
   */
  async function share(hash: string, entry: CacheEntry | undefined, locked: boolean) {
    if (!entry && !locked) return;
    await shared.attempt((redis) => {
      const transaction = redis.multi();
      if (entry) {
        transaction.set(
          entryKey(hash),
          encode(hash, entry),
          'PX',
          Math.max(1, entry.staleUntil - now()),
        );
      }
      if (locked) {
        transaction.eval(DELETE_IF_HELD, 1, lockKey(hash), LOCK_OWNER);
        transaction.publish(CACHE_NOTICES, hash);
      }
      return execAll(transaction);
    });
  }

  /**
   * Whether another instance has a fresh answer for the key, or is getting one (then waits for it);
   * `locked` when this instance is to make the request, holding the lock.
   */
  async function coordinate(hash: string): Promise<Coordination> {
    if (!shared.usable()) return { locked: false };
    const notice = expectNotice(hash);
    const replies = await shared.attempt((redis) =>
      execAll(
        redis.multi().set(lockKey(hash), LOCK_OWNER, 'PX', lockMs, 'NX').getBuffer(entryKey(hash)),
      ),
    );
    const locked = replies?.[0] === 'OK';
    const raw = replies?.[1];
    const found = fresh(Buffer.isBuffer(raw) ? decode(raw, hash) : undefined);
    if (!replies || found || locked) {
      notice.cancel();
      // Another instance stored an answer since this one looked: nothing to fetch, and a lock
      // just taken is let go of at once.
      if (found) await share(hash, undefined, locked);
      return found ? { found } : { locked };
    }
    await notice.arrived;
    const stored = fresh(await sharedEntry(hash));
    return stored ? { found: stored } : { locked: false };
  }

  return {
    async lookup(key) {
      const mine = local.lookup(key);
      // A request under way here brings the answer: the caller joins it (claim).
      if ((mine && !mine.stale) || local.running(key)) return mine;
      adopt(key, await sharedEntry(hashOf(key)));
      return local.lookup(key);
    },
    async store(key, value, ttlMs) {
      await share(hashOf(key), local.store(key, value, ttlMs), false);
    },
    async claim(key) {
      const running = local.running(key);
      if (running) return { leader: false, answer: running };
      const settle = local.start(key);
      const hash = hashOf(key);
      const coordination = await coordinate(hash);
      if (coordination.found) {
        adopt(key, coordination.found);
        settle(coordination.found.value);
        return { leader: false, answer: Promise.resolve(coordination.found.value) };
      }
      const { locked } = coordination;
      return {
        leader: true,
        async finish(answer: CachedResponse | undefined, keepForMs: number) {
          const kept = answer && local.store(key, answer, keepForMs);
          settle(answer);
          await share(hash, kept, locked);
        },
      };
    },
  };
}
