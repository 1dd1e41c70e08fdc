import * as v from 'valibot';

/**
 * What a page reports of itself (shell/src/health/beacon.ts), sent with navigator.sendBeacon as
 * text: the versions of the remotes it loaded, whether this is its first report (a page view), its
 * Web Vitals, the remotes that raised an uncaught error or failed to load, and whether a course
 * went into the cart. Nothing that tells one visitor from another: no id, no address, no page.
 * Any other field, or a value out of its range, is refused.
 */

/** A version as the release scripts name its folder (rollout.ts), or `build` (the local build). */
const VERSION = /^\w[\w.-]{0,63}$/;

/** A metric in milliseconds: a page measured for over ten minutes is not measured. */
const millis = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000));

export function beaconSchema(remoteNames: readonly [string, ...string[]]) {
  const remote = v.picklist(remoteNames);
  const remoteSet = v.pipe(v.array(remote), v.maxLength(remoteNames.length));
  return v.strictObject({
    remotes: v.pipe(
      v.record(remote, v.pipe(v.string(), v.regex(VERSION))),
      v.check((record) => Object.keys(record).length > 0, 'names no remote'),
    ),
    view: v.boolean(),
    lcp: v.optional(millis),
    inp: v.optional(millis),
    cls: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
    errors: v.optional(remoteSet),
    loadFailures: v.optional(remoteSet),
    addToCart: v.optional(v.boolean()),
  });
}

export type Beacon = v.InferOutput<ReturnType<typeof beaconSchema>>;

/** The beacon a body holds (JSON, sent as text or as JSON), or undefined for anything else. */
export function readBeacon(
  schema: ReturnType<typeof beaconSchema>,
  body: unknown,
): Beacon | undefined {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : undefined;
}
