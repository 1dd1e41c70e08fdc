import * as v from 'valibot';
import { integer, objectOf, recordOf } from '../validation';
import { watchedFile, type RemotesConfig } from './remotesConfig';

/**
 * Releases not yet live for everyone (scripts/releases.mjs writes them to the shared deploy
 * folder's rollout.json, beside remotes.json): each remote's canary, a version served to a
 * percentage of browsers, and the previews, a version served to the browsers that opened a
 * preview link. This module decides which remotes a visitor's page is built from; the page
 * plugin (index.ts) reads and writes the cookies that remember it.
 */

/** A released version's manifest, as the gateway serves deploy/remotes/<name>/<version>/. */
const RELEASED_MANIFEST = /^\/releases\/([a-z]+)\/(\w[\w.-]*)\/mf-manifest\.json$/;
/** A preview's id: 128 random bits, the capability its link carries. */
const PREVIEW_ID = /^[a-f0-9]{32}$/;
/** How many buckets browsers are spread over: a canary of N percent serves buckets 0 to N-1. */
export const BUCKETS = 100;

const version = v.pipe(v.string(), v.regex(/^\w[\w.-]{0,63}$/));
const manifest = v.pipe(v.string(), v.regex(RELEASED_MANIFEST));
const rolloutSchema = objectOf({
  canaries: recordOf(
    v.string(),
    objectOf({
      version,
      manifest,
      percent: v.pipe(integer(), v.minValue(1), v.maxValue(BUCKETS - 1)),
    }),
  ),
  previews: recordOf(
    v.pipe(v.string(), v.regex(PREVIEW_ID)),
    objectOf({
      remote: v.string(),
      version,
      manifest,
      expires: v.pipe(integer(), v.gtValue(0)),
    }),
  ),
});

export type Rollout = v.InferOutput<typeof rolloutSchema>;

const NOTHING_ROLLING_OUT: Rollout = { canaries: {}, previews: {} };

/**
 * The rollout as its file says, for the remotes this shell shows only: a canary or preview of a
 * remote it does not know, or whose manifest is not that remote's release, is left out.
 */
export function parseRollout(text: string, remoteNames: readonly string[]): Rollout {
  const rollout = v.parse(rolloutSchema, JSON.parse(text));
  const releaseOf = (name: string, url: string) =>
    remoteNames.includes(name) && RELEASED_MANIFEST.exec(url)?.[1] === name;
  return {
    canaries: Object.fromEntries(
      Object.entries(rollout.canaries).filter(([name, canary]) => releaseOf(name, canary.manifest)),
    ),
    previews: Object.fromEntries(
      Object.entries(rollout.previews).filter(([, preview]) =>
        releaseOf(preview.remote, preview.manifest),
      ),
    ),
  };
}

/** rollout.json as it is now; absent, nothing is rolling out; corrupt, the last good one. */
export function createRolloutSource(
  file: string | undefined,
  remoteNames: readonly string[],
  onError: (message: string) => void,
) {
  return watchedFile(
    file,
    (text) => parseRollout(text, remoteNames),
    NOTHING_ROLLING_OUT,
    (problem) => {
      onError(`Rollout ${String(file)} unusable, keeping the last good one: ${problem}`);
    },
  );
}

export type RolloutSource = ReturnType<typeof createRolloutSource>;

/** What the preview bar says: the remote and version previewed, and whether it is shown. */
export interface PreviewNotice {
  remote: string;
  version: string;
  /** False when the version cannot be served (its manifest is gone): the live one is shown. */
  shown: boolean;
}

/** The preview a browser's cookie names, while it is not revoked nor expired. */
export function previewOf(
  rollout: Rollout,
  id: string | undefined,
  now: number,
): Rollout['previews'][string] | undefined {
  if (id === undefined || !PREVIEW_ID.test(id)) return undefined;
  const preview = Object.hasOwn(rollout.previews, id) ? rollout.previews[id] : undefined;
  return preview && preview.expires > now ? preview : undefined;
}

/** A browser's choice, by a canary link, to be in or out of a remote's canary of one version. */
export interface CanaryChoice {
  remote: string;
  version: string;
  join: 'in' | 'out';
}

/**
 * The remotes a visitor's page is built from: the live configuration, each canary for a browser
 * in its share (`bucket` below its percent) or that chose it by a link (`choices`: a choice of
 * that canary's version overrides the bucket, either way), and the browser's preview over both. A
 * version whose manifest cannot be read (`available`) is never served: the live one is, and a
 * preview's bar says so.
 */
export function remotesForVisitor(
  live: RemotesConfig,
  rollout: Rollout,
  visitor: {
    bucket: number | undefined;
    previewId: string | undefined;
    now: number;
    choices?: readonly CanaryChoice[];
  },
  available: (manifestUrl: string) => boolean,
): { remotes: RemotesConfig; preview?: PreviewNotice } {
  const remotes = { ...live };
  for (const [name, canary] of Object.entries(rollout.canaries)) {
    const choice = visitor.choices?.find(
      (chosen) => chosen.remote === name && chosen.version === canary.version,
    );
    const inShare = choice
      ? choice.join === 'in'
      : visitor.bucket !== undefined && visitor.bucket < canary.percent;
    if (name in remotes && inShare && available(canary.manifest)) remotes[name] = canary.manifest;
  }
  const preview = previewOf(rollout, visitor.previewId, visitor.now);
  if (!preview || !(preview.remote in remotes)) return { remotes };
  const shown = available(preview.manifest);
  if (shown) remotes[preview.remote] = preview.manifest;
  return { remotes, preview: { remote: preview.remote, version: preview.version, shown } };
}

/** Whether any canary is running: only then does a browser get a bucket. */
export function hasCanary(rollout: Rollout): boolean {
  return Object.keys(rollout.canaries).length > 0;
}
