import { KEY_PREFIX, type SharedState } from './sharedState';
import { createMemoryRevocationStore, type RevocationStore } from './tokens';

/** Revocations kept for Redis while it is unusable, at most (the oldest, nearest expiry, go first). */
const MAX_UNSENT = 100_000;

/**
 * The logged-out tokens of every instance: each revocation is kept in this instance's memory and
 * in Redis (`revoked:<id>`, until the token expires), and a token is looked up in memory first,
 * then in Redis. With Redis unusable the memory answers; the revocations made meanwhile are
 * written to Redis once it is back, so a logout during an outage still reaches the others.
 */
export function createSharedRevocationStore(
  shared: SharedState,
  now: () => number = Date.now,
): RevocationStore {
  const memory = createMemoryRevocationStore({ now });
  /** Revocations Redis has not taken yet: id -> when the token expires. */
  const unsent = new Map<string, number>();
  const keyOf = (id: string) => `${KEY_PREFIX}revoked:${id}`;

  async function send(id: string, untilMs: number): Promise<void> {
    const remainingMs = untilMs - now();
    if (remainingMs <= 0) {
      unsent.delete(id);
      return;
    }
    const written = await shared.attempt((redis) => redis.set(keyOf(id), '1', 'PX', remainingMs));
    if (written !== undefined) {
      unsent.delete(id);
      return;
    }
    if (unsent.size >= MAX_UNSENT && !unsent.has(id)) {
      const oldest = unsent.keys().next().value;
      if (oldest !== undefined) unsent.delete(oldest);
    }
    unsent.set(id, untilMs);
  }

  shared.onChange((usable) => {
    if (usable) for (const [id, untilMs] of [...unsent]) void send(id, untilMs);
  });

  return {
    async revoke(id, untilMs) {
      await memory.revoke(id, untilMs);
      await send(id, untilMs);
    },
    async isRevoked(id) {
      if (await memory.isRevoked(id)) return true;
      const remainingMs = await shared.attempt((redis) => redis.pttl(keyOf(id)));
      if (remainingMs === undefined || remainingMs <= 0) return false;
      // Remembered here too: the next request with this token needs no round trip.
      await memory.revoke(id, now() + remainingMs);
      return true;
    },
  };
}
