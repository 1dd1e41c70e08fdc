import { jwtFor, respellings } from '../test-support/tokens';
import {
  bearerToken,
  canonicalToken,
  createMemoryRevocationStore,
  MAX_TOKEN_LIFETIME_MS,
  pastSecondOf,
  sessionOf,
  tokenClaims,
  type TokenClaims,
} from './tokens';

describe('the one spelling of a token', () => {
  const token = jwtFor(3, Date.UTC(2026, 4, 14, 9));

  it('a token is taken only as three canonical base64url segments: no spelling WordPress reads as it', () => {
    expect(canonicalToken(token)).toBe(true);
    const others = respellings(token);
    expect(others).toHaveLength(4);
    for (const spelling of others) expect(canonicalToken(spelling)).toBe(false);
    expect(canonicalToken(token.replace(/-/g, '+'))).toBe(false);
    expect(canonicalToken(`${token}.x`)).toBe(false);
    expect(tokenClaims(`${token},`)).toBeUndefined();
  });

  it('the Authorization header holds `Bearer <token>` and nothing else', () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    for (const header of [
      `Bearer ${token},`,
      `Bearer ${token} ${token}`,
      `Bearer  ${token}`,
      `Bearer\t${token}`,
      `Bearer ${token}%41`,
      `Basic ${token}`,
      token,
    ]) {
      expect(bearerToken(header)).toBeUndefined();
    }
  });
});

function claimsOf(token: string): TokenClaims {
  const claims = tokenClaims(token);
  if (!claims) throw new Error(`not a token: ${token}`);
  return claims;
}

describe('ending sessions', () => {
  const START = Date.UTC(2026, 4, 14, 9, 0, 0, 500);
  let time = START;
  const store = () => createMemoryRevocationStore({ now: () => time });
  beforeEach(() => {
    time = START;
  });

  it('reads when a token was issued from its iat', () => {
    expect(tokenClaims(jwtFor(3, START))).toMatchObject({
      userId: '3',
      issuedAt: Date.UTC(2026, 4, 14, 9, 0, 0),
    });
    expect(tokenClaims(jwtFor(3))?.issuedAt).toBeUndefined();
  });

  it('every session of a learner: tokens issued up to then are refused, to the second; later ones and other learners’ are not', async () => {
    const revocations = store();
    await revocations.revokeUser('3', START);
    // `iat` has whole seconds: one issued in that same second may be from before, so it goes too.
    expect(await revocations.isRevoked(jwtFor(3, START - 60_000))).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3, START - 500))).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3, START + 499))).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3))).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3, START + 500))).toBe(false);
    expect(await revocations.isRevoked(jwtFor(4, START - 60_000))).toBe(false);
    expect(await revocations.isRevoked('not-a-token')).toBe(false);
  });

  it('an earlier moment never gives back what a later one ended', async () => {
    const revocations = store();
    await revocations.revokeUser('3', START + 10_000);
    await revocations.revokeUser('3', START);
    expect(await revocations.isRevoked(jwtFor(3, START + 5_000))).toBe(true);
  });

  it('is kept as long as a token issued before can live, then forgotten', async () => {
    const revocations = store();
    await revocations.revokeUser('3', START);
    const loggedOut = jwtFor(4, START);
    await revocations.revoke(sessionOf(claimsOf(loggedOut)), START + 1_000);
    time = START + MAX_TOKEN_LIFETIME_MS - 1;
    expect(await revocations.isRevoked(jwtFor(3, START - 1_000))).toBe(true);
    time = START + MAX_TOKEN_LIFETIME_MS;
    expect(await revocations.isRevoked(jwtFor(3, START - 1_000))).toBe(false);
    expect(await revocations.isRevoked(loggedOut)).toBe(false);
  });

  it('one logged-out token is refused until it expires, by what it is: its user and issue time, whatever its signature segment says', async () => {
    const revocations = store();
    const token = jwtFor(3, START);
    await revocations.revoke(sessionOf(claimsOf(token)), START + 60_000);
    expect(await revocations.isRevoked(token)).toBe(true);
    const [header, payload] = token.split('.') as [string, string];
    expect(await revocations.isRevoked(`${header}.${payload}.c2lnbmF0dXJl`)).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3, START + 2_000))).toBe(false);
    time = START + 60_000;
    expect(await revocations.isRevoked(token)).toBe(false);
  });

  it('two tokens of one user and second are told apart by their own id (jti) when they have one', () => {
    const claims = claimsOf(jwtFor(3, START));
    expect(sessionOf({ ...claims, jti: 'a' })).not.toBe(sessionOf({ ...claims, jti: 'b' }));
    expect(sessionOf({ ...claims, jti: 'a' })).toBe(sessionOf({ ...claims, jti: 'a' }));
  });
});

describe('an ending of sessions answers once its second is over', () => {
  afterEach(() => jest.useRealTimers());

  it('waits until the clock has left the second the session ended in, and no longer', async () => {
    jest.useFakeTimers({ now: 7_000_250 });
    let over = false;
    void pastSecondOf(7_000_100).then(() => {
      over = true;
    });
    await jest.advanceTimersByTimeAsync(749);
    expect(over).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
  });

  it('does not wait for a second already over, and never more than a second', async () => {
    jest.useFakeTimers({ now: 7_000_250 });
    let past = false;
    void pastSecondOf(6_999_999).then(() => {
      past = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(past).toBe(true);
    let ahead = false;
    void pastSecondOf(9_000_000).then(() => {
      ahead = true;
    });
    await jest.advanceTimersByTimeAsync(1000);
    expect(ahead).toBe(true);
  });
});
