/** When every test token expires: an hour after the tests start, so a user's token is one string. */
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;

/**
 * `sig-<id>A`, its id led by zeros to a length whose last character has 2 unused bits, as in an
 * HS256 signature (43 characters): a canonical segment (`A` has those bits at 0).
 */
function signatureOf(id: number): string {
  const digits = String(id);
  return `sig-${digits.padStart(digits.length + ((6 - (digits.length % 4)) % 4), '0')}A`;
}

/**
 * A token shaped like the WordPress JWT plugin's, for user `id`, valid for an hour; issued at
 * `issuedAtMs` (its `iat`, in whole seconds) when given. Its signature names the user
 * (signerOf), so two users' tokens differ; the test's WordPress says whose it is.
 */
export function jwtFor(id: number, issuedAtMs?: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issued = issuedAtMs === undefined ? {} : { iat: Math.floor(issuedAtMs / 1000) };
  return `${part({ alg: 'HS256' })}.${part({ ...issued, exp: EXPIRES, data: { user: { id: String(id) } } })}.${signatureOf(id)}`;
}

/** The user a jwtFor token's signature names, if it is one. */
export function signerOf(token: string): number | undefined {
  const digits = /\.sig-(\d+)A$/.exec(token)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** The base64url alphabet, in the order of the values its characters stand for. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other spellings of `token` that the WordPress JWT plugin verifies as `token` (firebase/php-jwt
 * pads each segment, reads `-_` as `+/` and decodes with PHP's non-strict base64_decode, which
 * skips characters outside the alphabet and the unused low bits of the last character; it signs
 * the first two segments as received, so only the signature can be re-spelled): a character
 * added that PHP skips, padding, and the last character with its unused bits changed, when it has any.
 */
export function respellings(token: string): string[] {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  const unusedBits = [0, 0, 4, 2][signature.length % 4] ?? 0;
  const last = ALPHABET.indexOf(signature.at(-1) ?? '');
  const spellings = [`${token},`, `${token}!`, `${token}=`];
  if (unusedBits > 0 && last >= 0) {
    spellings.push(`${token.slice(0, -1)}${ALPHABET[last ^ ((1 << unusedBits) - 1)] ?? ''}`);
  }
  return spellings;
}
