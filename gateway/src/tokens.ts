import { createHash } from 'node:crypto';

/** The WordPress JWT plugin's default lifetime: a token never outlives this. */
export const MAX_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A bearer token from an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** What a token says of itself (unverified): when it expires (ms) and whose it claims to be. */
export interface TokenClaims {
  expiresAt: number;
  userId: string;
}

function base64UrlJson(part: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The claims of a token shaped like the WordPress JWT plugin's (header.payload.signature, with
 * `exp` and `data.user.id`), or undefined for anything else. The signature is WordPress's to
 * check: this only spares WordPress the tokens that cannot be valid.
 */
export function tokenClaims(token: string): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return undefined;
  const payload = base64UrlJson(parts[1] ?? '');
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { exp, data } = payload as { exp?: unknown; data?: { user?: { id?: unknown } } };
  const id = data?.user?.id;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { expiresAt: exp * 1000, userId: String(id) };
}

/** A token's name in stores and logs: its SHA-256, never the token. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Tokens logged out before they expire. One gateway keeps them in memory; several share one
 * store (Redis) behind this same interface.
 */
export interface RevocationStore {
  revoke(id: string, untilMs: number): Promise<void>;
  isRevoked(id: string): Promise<boolean>;
}

/** The in-memory store: each entry is forgotten once its token has expired anyway. */
export function createMemoryRevocationStore(
  options: { now?: () => number; maxEntries?: number } = {},
): RevocationStore {
  const { now = Date.now, maxEntries = 100_000 } = options;
  const until = new Map<string, number>();
  const sweep = () => {
    const time = now();
    for (const [id, end] of until) if (end <= time) until.delete(id);
  };
  return {
    revoke(id, untilMs) {
      if (until.size >= maxEntries) sweep();
      // Full of live entries: the oldest revocation goes first (its token is nearest expiry).
      if (until.size >= maxEntries) {
        const oldest = until.keys().next().value;
        if (oldest !== undefined) until.delete(oldest);
      }
      until.set(id, untilMs);
      return Promise.resolve();
    },
    isRevoked(id) {
      const end = until.get(id);
      if (end !== undefined && end <= now()) until.delete(id);
      return Promise.resolve(end !== undefined && end > now());
    },
  };
}

export interface TokenOwnerLookup {
  /** The user id WordPress gives this token, null when it belongs to nobody. */
  ownerOf(token: string): Promise<string | null>;
  /** Whether the answer for this token is at hand (no WordPress call needed). */
  knows(token: string): boolean;
}

/**
 * Learns whose token this is by asking WordPress (users/me), remembering the answer for a few
 * minutes. A token that cannot be valid (malformed, expired) belongs to nobody without a call.
 */
export function createTokenOwnerLookup(
  wordpressUrl: string,
  options: { timeoutMs: number; ttlMs?: number; now?: () => number },
): TokenOwnerLookup {
  const { timeoutMs, ttlMs = 5 * 60 * 1000, now = Date.now } = options;
  const known = new Map<string, { userId: string | null; expires: number }>();

  function cached(token: string) {
    const hit = known.get(tokenId(token));
    return hit && hit.expires > now() ? hit : undefined;
  }

  return {
    knows(token) {
      const claims = tokenClaims(token);
      return !claims || claims.expiresAt <= now() || cached(token) !== undefined;
    },
    async ownerOf(token) {
      const claims = tokenClaims(token);
      if (!claims || claims.expiresAt <= now()) return null;
      const hit = cached(token);
      if (hit) return hit.userId;
      const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/users/me`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      let userId: string | null = null;
      if (response.ok) {
        const body = (await response.json()) as { id?: unknown };
        userId = typeof body.id === 'number' ? String(body.id) : null;
      } else if (response.status >= 500) {
        throw new Error(`users/me answered ${String(response.status)}`);
      }
      if (known.size > 10_000) known.clear();
      // Never remembered past the token's own expiry.
      known.set(tokenId(token), { userId, expires: Math.min(now() + ttlMs, claims.expiresAt) });
      return userId;
    },
  };
}
