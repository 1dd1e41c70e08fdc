import { createHmac, timingSafeEqual } from 'node:crypto';
import { sign } from 'jsonwebtoken';
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

/** PHP's base64 alphabet: what base64_decode reads once `-_` are `+/`. */
const PHP_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * firebase/php-jwt's `JWT::urlsafeB64Decode`, as the JWT plugin decodes each segment: `-_` read as
 * `+/`, then PHP's non-strict `base64_decode`, which skips every character outside the alphabet
 * (`=` included, wherever it is) and drops the bits of an unfinished last byte. So `T,`, `T!`,
 * `T=` and `T` with its last character changed in unused bits all decode as `T`.
 */
export function urlsafeB64Decode(input: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let pending = 0;
  for (const character of input.replace(/-/g, '+').replace(/_/g, '/')) {
    const value = PHP_BASE64.indexOf(character);
    if (value < 0) continue;
    pending = ((pending << 6) | value) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((pending >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function jsonOf(segment: string): unknown {
  try {
    return JSON.parse(urlsafeB64Decode(segment).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a token as the JWT plugin does (`JWT::decode` of firebase/php-jwt with an HS256 key):
 * three segments, each decoded by urlsafeB64Decode; the signature checked over the first two
 * segments as received; `nbf` and `exp` against the clock. Then reads the user id from it.
 */
export function checkToken(token: string, secret: string): TokenCheck {
  const segments = token.split('.');
  const [header, payload, signature] = segments;
  if (segments.length !== 3 || header === undefined || payload === undefined) {
    return { ok: false, reason: 'Wrong number of segments' };
  }
  const head = jsonOf(header);
  const claims = jsonOf(payload);
  if (!isRecord(head) || !isRecord(claims)) {
    return { ok: false, reason: 'Syntax error, malformed JSON' };
  }
  if (head.alg !== 'HS256') return { ok: false, reason: 'Incorrect key for this algorithm' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = urlsafeB64Decode(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'Signature verification failed' };
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.nbf === 'number' && claims.nbf > now) {
    return { ok: false, reason: 'Cannot handle token prior to its nbf' };
  }
  if (typeof claims.exp === 'number' && claims.exp <= now) {
    return { ok: false, reason: 'Expired token' };
  }
  const data = claims.data;
  const user = isRecord(data) ? data.user : undefined;
  const rawId = isRecord(user) ? user.id : undefined;
  const userId = typeof rawId === 'string' || typeof rawId === 'number' ? Number(rawId) : NaN;
  return Number.isSafeInteger(userId) && userId > 0
    ? { ok: true, userId }
    : { ok: false, reason: 'User ID not found in the token' };
}
