/** What the browser says of the visitor's line (the Network Information API, where it has one). */
export interface Line {
  connection?: { saveData?: boolean; effectiveType?: string };
}

/** Whether reading ahead is welcome: not when the visitor asks to save data, nor on a 2G line. */
export const prefetchAllowed = ({ connection }: Line): boolean =>
  !connection?.saveData && !(connection?.effectiveType ?? '').includes('2g');

/** Runs `run` when the browser is idle (a moment later where it cannot tell). */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run);
  else setTimeout(run, 1);
}
