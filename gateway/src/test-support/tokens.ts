/** When every test token expires: an hour after the tests start, so a user's token is one string. */
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;

/**
 * A token shaped like the WordPress JWT plugin's, for user `id`, valid for an hour; issued at
 * `issuedAtMs` (its `iat`, in whole seconds) when given. Its signature names the user, so two
 * users' tokens differ; the test's WordPress says whose it is.
 */
export function jwtFor(id: number, issuedAtMs?: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issued = issuedAtMs === undefined ? {} : { iat: Math.floor(issuedAtMs / 1000) };
  return `${part({ alg: 'HS256' })}.${part({ ...issued, exp: EXPIRES, data: { user: { id: String(id) } } })}.sig-${String(id)}`;
}
