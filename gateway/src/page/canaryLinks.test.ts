import { createHmac } from 'node:crypto';
import { checkCanaryLink, choicesCookie, parseChoices } from './canaryLinks';
import type { Rollout } from './rollout';

const SECRET = 'a-secret-of-thirty-two-characters!!';
const NOW = 1_800_000_000_000;
const EXPIRES = 1_800_003_600;
const ROLLOUT: Rollout = {
  canaries: {
    header: {
      version: '1.1.0-canary',
      manifest: '/releases/header/1.1.0-canary/mf-manifest.json',
      percent: 10,
    },
  },
  previews: {},
};

/** A link's query as scripts/releases.mjs signs it (canaryLink). */
function linkQuery(fields: { remote: string; version: string; join: string; expires: number }) {
  const signed = ['canary-link/1', fields.remote, fields.version, fields.join, fields.expires].join(
    '\n',
  );
  return {
    ...fields,
    expires: String(fields.expires),
    sig: createHmac('sha256', SECRET).update(signed).digest('base64url'),
  };
}

const GOOD = linkQuery({ remote: 'header', version: '1.1.0-canary', join: 'in', expires: EXPIRES });
const check = (query: unknown, now = NOW, secret = SECRET) =>
  checkCanaryLink(query, { secret, rollout: ROLLOUT, now });

describe('a canary link', () => {
  it('signed with the secret, for the running canary, before its expiry: the choice it carries', () => {
    expect(check(GOOD)).toEqual({
      ok: true,
      choice: { remote: 'header', version: '1.1.0-canary', join: 'in', expires: EXPIRES },
    });
    const out = linkQuery({ ...GOOD, expires: EXPIRES, join: 'out' });
    expect(check(out)).toMatchObject({ ok: true, choice: { join: 'out' } });
  });

  it('signed with the release tools’ text: the same signature as scripts/releases.mjs gives', () => {
    // The vector scripts/releases.test.mjs checks canaryLink against.
    const vector = linkQuery({
      remote: 'header',
      version: '1.0.0-0123456789',
      join: 'in',
      expires: 1_900_000_000,
    });
    expect(vector.sig).toBe(
      createHmac('sha256', SECRET)
        .update('canary-link/1\nheader\n1.0.0-0123456789\nin\n1900000000')
        .digest('base64url'),
    );
  });

  it('forged: any field changed, or a signature made with another secret, is refused as not valid', () => {
    const forgeries = [
      { ...GOOD, join: 'out' },
      { ...GOOD, version: '1.1.1-canary' },
      { ...GOOD, remote: 'footer' },
      { ...GOOD, expires: String(EXPIRES + 3600) },
      { ...GOOD, sig: `${GOOD.sig.slice(0, -1)}${GOOD.sig.endsWith('A') ? 'B' : 'A'}` },
    ];
    for (const query of forgeries) expect(check(query)).toEqual({ ok: false, reason: 'forged' });
    expect(check(GOOD, NOW, 'another-secret-of-thirty-two-chars!!')).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('expired: refused as expired from its expiry on', () => {
    expect(check(GOOD, EXPIRES * 1000 - 1)).toMatchObject({ ok: true });
    expect(check(GOOD, EXPIRES * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('malformed: a field missing, repeated, of another shape, or one more field, is refused before any signature is computed', () => {
    for (const query of [
      Object.fromEntries(Object.entries(GOOD).filter(([field]) => field !== 'sig')),
      { ...GOOD, join: 'maybe' },
      { ...GOOD, remote: 'Header' },
      { ...GOOD, version: '../x' },
      { ...GOOD, expires: '-1' },
      { ...GOOD, expires: '1e12' },
      { ...GOOD, sig: 'short' },
      { ...GOOD, remote: ['header', 'footer'] },
      { ...GOOD, secret: SECRET },
      { ...GOOD, bucket: '0' },
      'remote=header',
      null,
    ]) {
      expect(check(query)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('for a canary that is over (another version runs, or none): refused as over', () => {
    const older = linkQuery({ ...GOOD, expires: EXPIRES, version: '1.0.9-older' });
    expect(check(older)).toEqual({ ok: false, reason: 'over' });
    const footer = linkQuery({ ...GOOD, expires: EXPIRES, remote: 'footer' });
    expect(check(footer)).toEqual({ ok: false, reason: 'over' });
  });

  it('a gateway without RELEASE_LINK_SECRET takes no canary link', () => {
    expect(checkCanaryLink(GOOD, { secret: undefined, rollout: ROLLOUT, now: NOW })).toEqual({
      ok: false,
      reason: 'off',
    });
  });
});

describe('the choices a browser holds', () => {
  it('are kept one per remote, the newest last, and read back until each expires', () => {
    const cookie = choicesCookie(
      [
        { remote: 'header', version: '1.0.9-older', join: 'in', expires: EXPIRES },
        { remote: 'footer', version: '2.0.0-f', join: 'out', expires: EXPIRES + 10 },
      ],
      { remote: 'header', version: '1.1.0-canary', join: 'out', expires: EXPIRES + 5 },
    );
    expect(parseChoices(cookie, NOW)).toEqual([
      { remote: 'footer', version: '2.0.0-f', join: 'out', expires: EXPIRES + 10 },
      { remote: 'header', version: '1.1.0-canary', join: 'out', expires: EXPIRES + 5 },
    ]);
    expect(parseChoices(cookie, (EXPIRES + 5) * 1000)).toEqual([
      { remote: 'footer', version: '2.0.0-f', join: 'out', expires: EXPIRES + 10 },
    ]);
  });

  it('a value of another shape is no choice', () => {
    for (const value of [
      undefined,
      '',
      'header',
      'header:1.0.0:maybe:1',
      'a:b:in:x',
      'x'.repeat(5000),
    ]) {
      expect(parseChoices(value, NOW)).toEqual([]);
    }
  });
});
