/** How long a test waits for a condition unless it says otherwise. */
const DEFAULT_DEADLINE_MS = 10_000;

/**
 * Polls `condition` until it holds, for tests that wait on what another process or connection
 * does (no fixed sleeps); fails naming `what` once `deadlineMs` have passed.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
