import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { CanaryChoice, Rollout } from './rollout';

/**
 * Canary links: a link the release tools print (scripts/releases.mjs, canaryLink) that puts the
 * browser opening it in, or out of, a remote's running canary, so the team's people can look at
 * it (or stay off it) whatever their bucket. Signed with HMAC-SHA256 under RELEASE_LINK_SECRET,
 * which the gateways and the release tools share and no link, log or browser ever holds, over
 * "canary-link/1", the remote, the version, the choice and the expiry (seconds), one a line.
 */

/** The text a link's signature is made over: the release tools make the same. */
const SIGNED_TEXT_VERSION = 'canary-link/1';

const REMOTE = /^[a-z]{1,32}$/;
/** A released version's id, as rollout.ts takes it. */
const VERSION = /^\w[\w.-]{0,63}$/;

/** A link's query: these fields, each once, nothing else (the rest of the gateway's rule). */
const linkQuery = v.strictObject({
  remote: v.pipe(v.string(), v.regex(REMOTE)),
  version: v.pipe(v.string(), v.regex(VERSION)),
  join: v.picklist(['in', 'out']),
  /** Seconds since 1970, as a whole number of at most 11 digits. */
  expires: v.pipe(v.string(), v.regex(/^[1-9]\d{0,10}$/), v.transform(Number)),
  /** A SHA-256 HMAC in base64url. */
  sig: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/** A choice a browser holds, until the link that made it expires (seconds since 1970). */
export type HeldChoice = CanaryChoice & { expires: number };

export type CanaryLinkCheck =
  | { ok: true; choice: HeldChoice }
  /**
   * off: this gateway has no secret; malformed: not a link's shape; forged: its signature is not
   * this secret's over its fields; expired; over: no canary of that version runs for that remote.
   */
  | { ok: false; reason: 'off' | 'malformed' | 'forged' | 'expired' | 'over' };

function signatureOf(secret: string, fields: v.InferOutput<typeof linkQuery>): Buffer {
  const text = [SIGNED_TEXT_VERSION, fields.remote, fields.version, fields.join, fields.expires];
  return createHmac('sha256', secret).update(text.join('\n')).digest();
}

/**
 * Whether a canary link's query (as the request gave it) is one the release tools signed, not
 * expired at `now` (ms), for the canary running now; the choice it carries when it is. The
 * signature is compared in constant time, and checked before anything else is told.
 */
export function checkCanaryLink(
  query: unknown,
  { secret, rollout, now }: { secret: string | undefined; rollout: Rollout; now: number },
): CanaryLinkCheck {
  if (secret === undefined) return { ok: false, reason: 'off' };
  const parsed = v.safeParse(linkQuery, query);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const fields = parsed.output;
  const expected = signatureOf(secret, fields);
  const given = Buffer.from(fields.sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  if (fields.expires * 1000 <= now) return { ok: false, reason: 'expired' };
  const canary = Object.hasOwn(rollout.canaries, fields.remote)
    ? rollout.canaries[fields.remote]
    : undefined;
  if (canary?.version !== fields.version) return { ok: false, reason: 'over' };
  const { remote, version, join, expires } = fields;
  return { ok: true, choice: { remote, version, join, expires } };
}

/** How many choices a browser may hold: one per remote, and no remote count beyond this. */
const MOST_CHOICES = 16;

const heldChoice = v.pipe(
  v.string(),
  v.regex(/^[a-z]{1,32}:\w[\w.-]{0,63}:(?:in|out):[1-9]\d{0,10}$/),
  v.transform((text): HeldChoice => {
    const [remote = '', version = '', join, expires] = text.split(':');
    return { remote, version, join: join === 'in' ? 'in' : 'out', expires: Number(expires) };
  }),
);

/**
 * The choices a browser's cookie holds (its value, already unsigned), those not expired at `now`
 * (ms); a value of another shape holds none.
 */
export function parseChoices(value: string | undefined, now: number): HeldChoice[] {
  if (value === undefined || value.length > MOST_CHOICES * 120) return [];
  const parsed = v.safeParse(
    v.pipe(v.array(heldChoice), v.maxLength(MOST_CHOICES)),
    value.split(','),
  );
  if (!parsed.success) return [];
  return parsed.output.filter((choice) => choice.expires * 1000 > now);
}

/** The cookie's value with `choice` added: it replaces the remote's earlier one. */
export function choicesCookie(held: readonly HeldChoice[], choice: HeldChoice): string {
  return [...held.filter((kept) => kept.remote !== choice.remote), choice]
    .slice(-MOST_CHOICES)
    .map(({ remote, version, join, expires }) => `${remote}:${version}:${join}:${String(expires)}`)
    .join(',');
}
