import { sign, verify } from 'jsonwebtoken';
import { isRecord } from '../json';

/** Login tokens last 7 days, like the WordPress JWT plugin's default. */
const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * Issues an HS256 token with the WordPress JWT plugin's payload: `iss` (the site URL), `iat`,
 * `nbf`, `exp` and `data.user.id`. The plugin writes the id as a string (it comes from the
 * database row); so does this.
 */
export function issueToken(userId: number, issuer: string, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    {
      iss: issuer,
      iat: now,
      nbf: now,
      exp: now + TOKEN_LIFETIME_SECONDS,
      data: { user: { id: String(userId) } },
    },
    secret,
    { algorithm: 'HS256' },
  );
}

/** Why a token was refused, in the JWT plugin's words. */
export type TokenCheck = { ok: true; userId: number } | { ok: false; reason: string };

/** Verifies a token's signature, algorithm and expiry, and reads the user id from it. */
export function checkToken(token: string, secret: string): TokenCheck {
  let payload: unknown;
  try {
    payload = verify(token, secret, { algorithms: ['HS256'] });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'Invalid token';
    return { ok: false, reason: reason === 'jwt expired' ? 'Expired token' : reason };
  }
  const data = isRecord(payload) ? payload.data : undefined;
  const user = isRecord(data) ? data.user : undefined;
  const rawId = isRecord(user) ? user.id : undefined;
  const userId = typeof rawId === 'string' || typeof rawId === 'number' ? Number(rawId) : NaN;
  return Number.isSafeInteger(userId) && userId > 0
    ? { ok: true, userId }
    : { ok: false, reason: 'User ID not found in the token' };
}
