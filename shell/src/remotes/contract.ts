/**
 * The shared-store contract check: a remote states (in its manifest) the shared-store range it
 * was built against; the shell refuses a remote whose range its own shared-store does not meet.
 */

function parts(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` meets `range`. Ranges are what the build tooling writes: `^x.y.z`, `~x.y.z`,
 * `x.y.z` or `*`; anything else is not met, so an unknown contract is refused.
 */
export function satisfies(version: string, range: string): boolean {
  const have = parts(version);
  const trimmed = range.trim();
  if (trimmed === '*' || trimmed === '') return have !== null;
  const want = parts(trimmed.replace(/^[\^~]/, ''));
  if (!have || !want) return false;
  if (compare(have, want) < 0) return false;
  if (trimmed.startsWith('^'))
    return want[0] === 0 ? have[0] === 0 && have[1] === want[1] : have[0] === want[0];
  if (trimmed.startsWith('~')) return have[0] === want[0] && have[1] === want[1];
  return compare(have, want) === 0;
}

/** The shared-store range a manifest states, if any. */
export function sharedStoreRange(manifest: unknown): string | undefined {
  if (typeof manifest !== 'object' || manifest === null) return undefined;
  const shared = (manifest as { shared?: unknown }).shared;
  if (!Array.isArray(shared)) return undefined;
  const entry: unknown = shared.find(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      (item as { name?: unknown }).name === 'shared-store',
  );
  const range = (entry as { requiredVersion?: unknown } | undefined)?.requiredVersion;
  return typeof range === 'string' ? range : undefined;
}
