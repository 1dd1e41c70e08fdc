/** The base64url alphabet, in the order of the values its characters stand for. */
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Spellings of a WordPress JWT that the JWT plugin reads as the token itself (firebase/php-jwt
 * decodes with PHP's non-strict base64_decode): a character PHP skips, padding, and the last
 * character of the signature with its unused bits changed (an HS256 signature has 43 characters,
 * the last with 2 unused bits).
 */
export function respelled(token: string): string[] {
  const last = BASE64URL.indexOf(token.at(-1) ?? '');
  return [
    `${token},`,
    `${token}!`,
    `${token}=`,
    `${token.slice(0, -1)}${BASE64URL[last ^ 3] ?? ''}`,
  ];
}
