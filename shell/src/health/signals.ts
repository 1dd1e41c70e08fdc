/**
 * What the page's release-health report (report.ts, loaded once the page has loaded) learns from
 * the rest of the shell: each remote loaded (with the manifest it came from), each that failed to
 * load or threw while rendering, and each uncaught error with where it was raised. Kept from the
 * page's start, so the report hears of what happened before its code arrived; a page that keeps
 * failing keeps only the first MAX_KEPT.
 */
export type HealthSignal =
  | { kind: 'loaded'; remote: string; manifest: string }
  | { kind: 'load-failed'; remote: string; manifest: string }
  | { kind: 'render-failed'; remote: string }
  /** An uncaught error or rejection: the text naming its scripts (file, stack). */
  | { kind: 'uncaught'; where: string };

const MAX_KEPT = 50;
const kept: HealthSignal[] = [];
let listener: ((signal: HealthSignal) => void) | undefined;

export function signal(health: HealthSignal): void {
  if (listener) listener(health);
  else if (kept.length < MAX_KEPT) kept.push(health);
}

/** Hands the signals kept so far to `listen`, then each as it comes. */
export function listenToSignals(listen: (signal: HealthSignal) => void): void {
  listener = listen;
  for (const health of kept.splice(0)) listen(health);
}

/** The errors a remote's failed load rejected with: its slot's boundary does not count them again. */
const loadFailures = new WeakSet<object>();

export function markLoadFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
}

export function isLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadFailures.has(error);
}

const textOf = (value: unknown) =>
  value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : '';

/** Hears every uncaught error and unhandled rejection of the page, from its start. */
export function watchUncaught(target: Window = window): void {
  target.addEventListener('error', (event) => {
    signal({ kind: 'uncaught', where: `${event.filename}\n${textOf(event.error)}` });
  });
  target.addEventListener('unhandledrejection', (event) => {
    signal({ kind: 'uncaught', where: textOf(event.reason) });
  });
}
