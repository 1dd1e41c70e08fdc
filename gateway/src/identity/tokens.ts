import { createHash } from 'node:crypto';
import { createExpiringEntries } from '../expiringEntries';

/** The WordPress JWT plugin's default lifetime: a token never outlives this. */
export const MAX_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest token taken: the JWT plugin's are about 300 characters. */
const MAX_TOKEN_LENGTH = 4096;

/** One segment in its only spelling: base64url without padding that decodes and re-encodes to itself. */
function canonicalSegment(segment: string): boolean {
  return (
    /^[A-Za-z0-9_-]+$/.test(segment) &&
    Buffer.from(segment, 'base64url').toString('base64url') === segment
  );
}

/**
 * Whether a token is in its one spelling: three canonical base64url segments and nothing else.
 * The JWT plugin decodes with firebase/php-jwt (`JWT::urlsafeB64Decode`: padding added, `-_` read
 * as `+/`, then PHP's non-strict `base64_decode`, which skips any character outside the alphabet
 * and the unused low bits of the last one), and signs only the first two segments as received: so
 * `T,`, `T!`, `T=`, `T` with `+` or `/` in its signature, or with its last character changed in
 * unused bits, verify as `T`. Only this spelling is checked, remembered and forwarded.
 */
export function canonicalToken(token: string): boolean {
  const segments = token.split('.');
  return (
    token.length <= MAX_TOKEN_LENGTH && segments.length === 3 && segments.every(canonicalSegment)
  );
}

/**
 * The bearer token of an Authorization header, when the header is `Bearer <token>` with the token
 * in its canonical spelling (canonicalToken); undefined for anything else, which the gateway
 * refuses (sessions.ts) rather than let WordPress read its own way (the plugin takes the first
 * word after `Bearer`, once tags and %-escapes are dropped).
 */
export function bearerToken(header: string | undefined): string | undefined {
  const token = header ? /^Bearer ([^\s]+)$/i.exec(header)?.[1] : undefined;
  return token !== undefined && canonicalToken(token) ? token : undefined;
}

/** What a token says of itself (unverified): when it expires and was issued (ms), whose it is. */
export interface TokenClaims {
  expiresAt: number;
  /** Undefined when the token does not say (the JWT plugin always does, as `iat`). */
  issuedAt: number | undefined;
  userId: string;
  /** The token's own id, when it has one (the JWT plugin's have none). */
  jti: string | undefined;
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
  if (!canonicalToken(token)) return undefined;
  const payload = base64UrlJson(token.split('.')[1] ?? '');
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { exp, iat, jti, data } = payload as {
    exp?: unknown;
    iat?: unknown;
    jti?: unknown;
    data?: { user?: { id?: unknown } };
  };
  const id = data?.user?.id;
  if (!finite(exp)) return undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return {
    expiresAt: exp * 1000,
    issuedAt: finite(iat) ? iat * 1000 : undefined,
    userId: String(id),
    jti: typeof jti === 'string' || finite(jti) ? String(jti) : undefined,
  };
}

/** A token's name in caches of what it was answered: the SHA-256 of its exact text, never the token. */
function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * What one issued token IS, whatever its spelling: its user, when it was issued and its own id
 * (the JWT plugin issues one token per user and second, so user and `iat` name it), hashed.
 * Logout refuses this, so no re-spelling of a logged-out token gets through. Tokens that do not
 * say when they were issued share one name per user (the plugin's always say).
 */
export function sessionOf(claims: TokenClaims): string {
  const parts = [claims.userId, String(claims.issuedAt ?? ''), claims.jti ?? ''];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/**
 * Sessions ended before their tokens expire: one token (a logout), or every token a learner was
 * issued up to a moment (a password reset, "Log out of all devices"). One gateway keeps them in
 * memory; several share one store (Redis) behind this same interface.
 */
export interface RevocationStore {
  /** Refuses the token whose session (sessionOf) is `session` until `untilMs` (when it expires anyway). */
  revoke(session: string, untilMs: number): Promise<void>;
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

/** The longest an ending of sessions waits for its second to pass (pastSecondOf). */
const SECOND_MS = 1000;

/**
 * Resolves once `now()` has left the second `atMs` falls in (at most a second later). The JWT
 * plugin names a token by its user and its second (`iat`): a login in the second a token was
 * issued gets that same token back, and one in the second every session ended gets a token issued
 * "by then". So a logout, "Log out of all devices" and a password reset answer once that second is
 * over, and a login after their answer starts a session that works. (WordPress's clock is taken to
 * agree with the gateway's to within the second, as NTP keeps them.)
 */
export async function pastSecondOf(atMs: number, now: () => number = Date.now): Promise<void> {
  const waitMs = Math.min(SECOND_MS, Math.floor(atMs / SECOND_MS) * SECOND_MS + SECOND_MS - now());
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
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
    revoke(session, untilMs) {
      tokens.set(session, true, untilMs);
      return Promise.resolve();
    },
    revokeUser(userId, atMs) {
      const latest = Math.max(atMs, users.get(userId)?.value ?? atMs);
      users.set(userId, latest, latest + MAX_TOKEN_LIFETIME_MS);
      return Promise.resolve();
    },
    isRevoked(token) {
      const claims = tokenClaims(token);
      if (claims === undefined) return Promise.resolve(false);
      if (tokens.get(sessionOf(claims))) return Promise.resolve(true);
      const atMs = users.get(claims.userId)?.value;
      return Promise.resolve(atMs !== undefined && issuedBy(claims, atMs));
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
