import { KEY_PREFIX, type SharedState } from '../plugins/sharedState';
import {
  createMemoryRevocationStore,
  issuedBy,
  MAX_TOKEN_LIFETIME_MS,
  sessionOf,
  tokenClaims,
  type RevocationStore,
} from './tokens';

/** Revocations kept for Redis while it is unusable, at most (the oldest, nearest expiry, go first). */
const MAX_UNSENT = 100_000;

/**
 * Keeps the later of the stored moment and ARGV[1] (two gateways' clocks differ: an earlier one
 * must not give back tokens the later one refused), for ARGV[2] ms.
 */
const KEEP_LATEST = `local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

/** What Redis has not taken yet: one token until it expires, or a learner's every session. */
type Unsent = { kind: 'token'; untilMs: number } | { kind: 'user'; atMs: number };

/**
 * The ended sessions of every instance: each revocation is kept in this instance's memory and in
 * Redis (`revoked:<session>` until the token expires, the session being what the token is, never
 * its spelling: sessionOf; `revoked-user:<user id>`, the moment all
 * of a learner's tokens issued before were revoked, until the last of them expires), and a token
 * is looked up in memory first, then in Redis (one round trip). With Redis unusable the memory
 * answers; the revocations made meanwhile are written to Redis once it is back, so a logout
 * during an outage still reaches the others.
 */
export function createSharedRevocationStore(
  shared: SharedState,
  now: () => number = Date.now,
): RevocationStore {
  const memory = createMemoryRevocationStore({ now });
  /** Revocations Redis has not taken yet, by their key. */
  const unsent = new Map<string, Unsent>();
  const tokenKey = (session: string) => `${KEY_PREFIX}revoked:${session}`;
  const userKey = (userId: string) => `${KEY_PREFIX}revoked-user:${userId}`;

  async function send(key: string, entry: Unsent): Promise<void> {
    const untilMs = entry.kind === 'token' ? entry.untilMs : entry.atMs + MAX_TOKEN_LIFETIME_MS;
    const remainingMs = untilMs - now();
    if (remainingMs <= 0) {
      unsent.delete(key);
      return;
    }
    const written = await shared.attempt((redis) =>
      entry.kind === 'token'
        ? redis.set(key, '1', 'PX', remainingMs)
        : redis.eval(KEEP_LATEST, 1, key, String(entry.atMs), String(remainingMs)),
    );
    if (written !== undefined) {
      unsent.delete(key);
      return;
    }
    if (unsent.size >= MAX_UNSENT && !unsent.has(key)) {
      const oldest = unsent.keys().next().value;
      if (oldest !== undefined) unsent.delete(oldest);
    }
    unsent.set(key, entry);
  }

  shared.onChange((usable) => {
    if (usable) for (const [key, entry] of [...unsent]) void send(key, entry);
  });

  return {
    async revoke(session, untilMs) {
      await memory.revoke(session, untilMs);
      await send(tokenKey(session), { kind: 'token', untilMs });
    },
    async revokeUser(userId, atMs) {
      await memory.revokeUser(userId, atMs);
      await send(userKey(userId), { kind: 'user', atMs });
    },
    async isRevoked(token) {
      if (await memory.isRevoked(token)) return true;
      const claims = tokenClaims(token);
      if (claims === undefined) return false;
      const session = sessionOf(claims);
      const answers = await shared.attempt(async (redis) => {
        const results = await redis
          .pipeline()
          .pttl(tokenKey(session))
          .get(userKey(claims.userId))
          .exec();
        const failure = results?.find(([error]) => error !== null)?.[0];
        if (failure) throw failure;
        return results?.map(([, value]) => value) ?? [];
      });
      if (answers === undefined) return false;
      const [remainingMs, userAt] = answers;
      // Remembered here too: the next request with this token needs no round trip.
      if (typeof remainingMs === 'number' && remainingMs > 0) {
        await memory.revoke(session, now() + remainingMs);
        return true;
      }
      const atMs = Number(userAt);
      if (typeof userAt !== 'string' || !Number.isFinite(atMs)) return false;
      await memory.revokeUser(claims.userId, atMs);
      return issuedBy(claims, atMs);
    },
  };
}
