import { createHash } from 'node:crypto';
import { createExpiringEntries } from '../expiringEntries';

/** The WordPress JWT plugin's default lifetime: a token never outlives this. */
export const MAX_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A bearer token from an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** What a token says of itself (unverified): when it expires and was issued (ms), whose it is. */
export interface TokenClaims {
  expiresAt: number;
  /** Undefined when the token does not say (the JWT plugin always does, as `iat`). */
  issuedAt: number | undefined;
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

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The claims of a token shaped like the WordPress JWT plugin's (header.payload.signature, with
 * `exp`, `iat` and `data.user.id`), or undefined for anything else. The signature is WordPress's
 * to check: this only spares WordPress the tokens that cannot be valid, and refuses tokens
 * logged out before they expire.
 */
export function tokenClaims(token: string): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return undefined;
  const payload = base64UrlJson(parts[1] ?? '');
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { exp, iat, data } = payload as {
    exp?: unknown;
    iat?: unknown;
    data?: { user?: { id?: unknown } };
  };
  const id = data?.user?.id;
  if (!finite(exp)) return undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return {
    expiresAt: exp * 1000,
    issuedAt: finite(iat) ? iat * 1000 : undefined,
    userId: String(id),
  };
}

/** A token's name in stores and logs: its SHA-256, never the token. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Sessions ended before their tokens expire: one token (a logout), or every token a learner was
 * issued up to a moment (a password reset, "Log out of all devices"). One gateway keeps them in
 * memory; several share one store (Redis) behind this same interface.
 */
export interface RevocationStore {
  /** Refuses the token named `id` until `untilMs` (when it expires anyway). */
  revoke(id: string, untilMs: number): Promise<void>;
  /** Refuses every token of `userId` issued up to `atMs`, for as long as any of them can live. */
  revokeUser(userId: string, atMs: number): Promise<void>;
  /** Whether this token's session has ended. */
  isRevoked(token: string): Promise<boolean>;
}

/**
 * Whether a token was issued by the time its user ended every session (`atMs`). `iat` counts
 * whole seconds, so a token of that same second is refused too (one issued just before must not
 * survive), and a token that does not say when it was issued is refused.
 */
export function issuedBy(claims: TokenClaims, atMs: number): boolean {
  return claims.issuedAt === undefined || claims.issuedAt <= atMs;
}

/**
 * The in-memory store: a logged-out token is forgotten once it has expired anyway, a learner's
 * "every session ended at" once every token issued before it has.
 */
export function createMemoryRevocationStore(
  options: { now?: () => number; maxEntries?: number } = {},
): RevocationStore {
  const { now = Date.now, maxEntries = 100_000 } = options;
  const tokens = createExpiringEntries<true>(now, maxEntries);
  /** user id -> the latest moment every token of theirs issued before was revoked */
  const users = createExpiringEntries<number>(now, maxEntries);
  return {
    revoke(id, untilMs) {
      tokens.set(id, true, untilMs);
      return Promise.resolve();
    },
    revokeUser(userId, atMs) {
      const latest = Math.max(atMs, users.get(userId)?.value ?? atMs);
      users.set(userId, latest, latest + MAX_TOKEN_LIFETIME_MS);
      return Promise.resolve();
    },
    isRevoked(token) {
      if (tokens.get(tokenId(token))) return Promise.resolve(true);
      const claims = tokenClaims(token);
      const atMs = claims ? users.get(claims.userId)?.value : undefined;
      return Promise.resolve(claims !== undefined && atMs !== undefined && issuedBy(claims, atMs));
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
