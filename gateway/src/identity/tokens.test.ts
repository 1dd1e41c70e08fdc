import { jwtFor } from '../test-support/tokens';
import { createMemoryRevocationStore, MAX_TOKEN_LIFETIME_MS, tokenClaims, tokenId } from './tokens';

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
    await revocations.revoke(tokenId('a.b.c'), START + 1_000);
    time = START + MAX_TOKEN_LIFETIME_MS - 1;
    expect(await revocations.isRevoked(jwtFor(3, START - 1_000))).toBe(true);
    time = START + MAX_TOKEN_LIFETIME_MS;
    expect(await revocations.isRevoked(jwtFor(3, START - 1_000))).toBe(false);
    expect(await revocations.isRevoked('a.b.c')).toBe(false);
  });

  it('one logged-out token is refused until it expires', async () => {
    const revocations = store();
    const token = jwtFor(3, START);
    await revocations.revoke(tokenId(token), START + 60_000);
    expect(await revocations.isRevoked(token)).toBe(true);
    expect(await revocations.isRevoked(jwtFor(3, START + 2_000))).toBe(false);
    time = START + 60_000;
    expect(await revocations.isRevoked(token)).toBe(false);
  });
});
