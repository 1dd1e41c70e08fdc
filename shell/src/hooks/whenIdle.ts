/** How long the browser may take to find an idle moment. */
export const IDLE_WAIT_MS = 1000;

/** Runs `task` at the browser's next idle moment (within IDLE_WAIT_MS); returns its cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  // Safari has no requestIdleCallback: the next task.
  const id = window.setTimeout(task, 0);
  return () => {
    window.clearTimeout(id);
  };
}
