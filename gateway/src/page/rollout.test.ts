import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createRolloutSource,
  parseRollout,
  remotesForVisitor,
  type CanaryChoice,
  type Rollout,
} from './rollout';
import { defaultRemotesConfig } from './remotesConfig';

const NAMES = ['header', 'footer', 'home', 'cart'];
const LIVE = defaultRemotesConfig(NAMES);
const CANARY = '/releases/header/1.1.0-canary/mf-manifest.json';
const PREVIEWED = '/releases/header/1.2.0-preview/mf-manifest.json';
const PREVIEW_ID = 'a'.repeat(32);
const NOW = 1_800_000_000_000;

const ROLLOUT: Rollout = {
  canaries: { header: { version: '1.1.0-canary', manifest: CANARY, percent: 10 } },
  previews: {
    [PREVIEW_ID]: {
      remote: 'header',
      version: '1.2.0-preview',
      manifest: PREVIEWED,
      expires: NOW + 60_000,
    },
  },
};

const everyManifest = () => true;
const visitor = (
  bucket: number | undefined,
  previewId?: string,
  now = NOW,
  choices: CanaryChoice[] = [],
) => ({ bucket, previewId, now, choices });

describe('which remotes a visitor gets', () => {
  it('a canary of 10% serves buckets 0 to 9, the live version to the others and to a browser with no bucket', () => {
    const headerOf = (bucket: number | undefined) =>
      remotesForVisitor(LIVE, ROLLOUT, visitor(bucket), everyManifest).remotes.header;
    expect([0, 5, 9].map(headerOf)).toEqual([CANARY, CANARY, CANARY]);
    expect([10, 50, 99, undefined].map(headerOf)).toEqual(Array(4).fill(LIVE.header));
  });

  it('a canary whose manifest cannot be read is not served: its browsers get the live version', () => {
    const answer = remotesForVisitor(LIVE, ROLLOUT, visitor(0), (url) => url !== CANARY);
    expect(answer.remotes).toEqual(LIVE);
  });

  it('a preview is served to the browser naming it, over the canary, and its bar says so', () => {
    const answer = remotesForVisitor(LIVE, ROLLOUT, visitor(0, PREVIEW_ID), everyManifest);
    expect(answer.remotes).toEqual({ ...LIVE, header: PREVIEWED });
    expect(answer.preview).toEqual({ remote: 'header', version: '1.2.0-preview', shown: true });
  });

  it('a preview whose version was removed: the live version, and a bar that says it is not shown', () => {
    const answer = remotesForVisitor(
      LIVE,
      ROLLOUT,
      visitor(50, PREVIEW_ID),
      (url) => url !== PREVIEWED,
    );
    expect(answer.remotes).toEqual(LIVE);
    expect(answer.preview).toEqual({ remote: 'header', version: '1.2.0-preview', shown: false });
  });

  it('a browser that chose the canary by a link gets it whatever its bucket; one that left it gets the live version', () => {
    const headerOf = (bucket: number | undefined, join: 'in' | 'out') =>
      remotesForVisitor(
        LIVE,
        ROLLOUT,
        visitor(bucket, undefined, NOW, [{ remote: 'header', version: '1.1.0-canary', join }]),
        everyManifest,
      ).remotes.header;
    expect([50, 99, undefined].map((bucket) => headerOf(bucket, 'in'))).toEqual(
      Array(3).fill(CANARY),
    );
    expect([0, 9, undefined].map((bucket) => headerOf(bucket, 'out'))).toEqual(
      Array(3).fill(LIVE.header),
    );
  });

  it('a choice of another canary (another version, another remote) changes nothing', () => {
    for (const choice of [
      { remote: 'header', version: '1.0.9-older', join: 'in' as const },
      { remote: 'footer', version: '1.1.0-canary', join: 'in' as const },
    ]) {
      const answer = remotesForVisitor(
        LIVE,
        ROLLOUT,
        visitor(50, undefined, NOW, [choice]),
        everyManifest,
      );
      expect(answer.remotes).toEqual(LIVE);
    }
  });

  it('an expired, unknown or malformed preview id is no preview', () => {
    for (const [id, now] of [
      [PREVIEW_ID, NOW + 60_000],
      ['b'.repeat(32), NOW],
      ['constructor', NOW],
      ['__proto__', NOW],
    ] as const) {
      const answer = remotesForVisitor(LIVE, ROLLOUT, visitor(50, id, now), everyManifest);
      expect(answer).toEqual({ remotes: LIVE });
    }
  });
});

describe('the rollout file', () => {
  const text = (value: unknown) => JSON.stringify(value);

  it('keeps only canaries and previews of remotes this shell shows, at their own releases', () => {
    const parsed = parseRollout(
      text({
        canaries: {
          header: { version: '1.1.0-canary', manifest: CANARY, percent: 10 },
          banner: { version: '1', manifest: '/releases/banner/1/mf-manifest.json', percent: 10 },
          footer: { version: '1', manifest: '/releases/header/1/mf-manifest.json', percent: 10 },
        },
        previews: {
          [PREVIEW_ID]: { remote: 'cart', version: '1', manifest: PREVIEWED, expires: NOW },
        },
      }),
      NAMES,
    );
    expect(parsed).toEqual({ canaries: { header: ROLLOUT.canaries.header }, previews: {} });
  });

  it.each([
    [
      'a manifest on another origin',
      { ...ROLLOUT.canaries.header, manifest: 'https://evil.test/m.json' },
    ],
    [
      'a manifest outside the releases',
      { ...ROLLOUT.canaries.header, manifest: '/releases/header/../mf-manifest.json' },
    ],
    ['a share of everyone', { ...ROLLOUT.canaries.header, percent: 100 }],
    ['a share of no one', { ...ROLLOUT.canaries.header, percent: 0 }],
  ])('refuses %s', (_what, canary) => {
    expect(() =>
      parseRollout(text({ canaries: { header: canary }, previews: {} }), NAMES),
    ).toThrow();
  });

  it('absent, nothing rolls out; turned corrupt, the last good one stays in service', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollout-'));
    const file = path.join(dir, 'rollout.json');
    const onError = jest.fn();
    const source = createRolloutSource(file, NAMES, onError);
    expect(source.get()).toEqual({ canaries: {}, previews: {} });
    fs.writeFileSync(file, text(ROLLOUT));
    expect(source.get()).toEqual(ROLLOUT);
    fs.writeFileSync(file, '{"canaries": {"hea');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(source.get()).toEqual(ROLLOUT);
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('keeping the last good one'));
  });
});
