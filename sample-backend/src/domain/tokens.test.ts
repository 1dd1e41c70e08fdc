import { checkToken, issueToken, urlsafeB64Decode } from './tokens';

const SECRET = 'a-test-secret';

describe('tokens as the WordPress JWT plugin reads them', () => {
  it('decodes a segment as PHP 8.2 does (firebase/php-jwt over non-strict base64_decode)', () => {
    // Each expected value is what `base64_decode(strtr($padded, '-_', '+/'))` printed in PHP 8.2.
    const segment = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const bytes = '69b71d79f8218a39259a7a29aabb2dbafc31cb300108310518720928b30d38f4';
    for (const spelling of [segment, `${segment},`, `${segment}!`, `${segment}=`]) {
      expect(urlsafeB64Decode(spelling).toString('hex')).toBe(bytes);
    }
    // 43 characters: the last one's 2 low bits are unused.
    expect(urlsafeB64Decode(`${segment.slice(0, -1)}T`).toString('hex')).toBe(bytes);
    expect(urlsafeB64Decode('ab=cd').toString('hex')).toBe('69b71d');
    expect(urlsafeB64Decode('a').toString('hex')).toBe('');
    expect(urlsafeB64Decode('ab%41').toString('hex')).toBe('69be35');
    expect(urlsafeB64Decode('a+b/c-d_').toString('hex')).toBe('6be6ff73e77f');
  });

  it('accepts every spelling of a token that the plugin accepts, and refuses a changed payload or signature', () => {
    const token = issueToken(3, 'https://example.test', SECRET);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const spellings = [token, `${token},`, `${token}!`, `${token}=`, `${token}%`];
    for (const spelling of spellings) {
      expect(checkToken(spelling, SECRET)).toEqual({ ok: true, userId: 3 });
    }
    // An HS256 signature has 43 characters: changing the last one’s unused bits changes nothing.
    const last = signature.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const unused = alphabet[alphabet.indexOf(last) ^ 3] ?? '';
    expect(checkToken(`${header}.${payload}.${signature.slice(0, -1)}${unused}`, SECRET)).toEqual({
      ok: true,
      userId: 3,
    });
    expect(checkToken(`${header}.${payload}x.${signature}`, SECRET)).toEqual({
      ok: false,
      reason: 'Signature verification failed',
    });
    expect(checkToken(`${header}.${payload}.${signature.slice(0, -2)}`, SECRET).ok).toBe(false);
    expect(checkToken(issueToken(3, 'https://example.test', 'another'), SECRET).ok).toBe(false);
    expect(checkToken(`${header}.${payload}`, SECRET)).toEqual({
      ok: false,
      reason: 'Wrong number of segments',
    });
  });
});
