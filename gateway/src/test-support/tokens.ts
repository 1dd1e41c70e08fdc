/** When every test token expires: an hour after the tests start, so a user's token is one string. */
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;

/**
 * A token shaped like the WordPress JWT plugin's, for user `id`, valid for an hour. Its signature
 * names the user, so two users' tokens differ; the test's WordPress says whose it is.
 */
export function jwtFor(id: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ exp: EXPIRES, data: { user: { id: String(id) } } })}.sig-${String(id)}`;
}
