/**
 * What a page does with the answers of its own WordPress reads (its head, its server render):
 * waits for them no longer than its budget, and reads each answer's JSON once.
 */

/** Resolves with the promise's value, or undefined once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  if (ms <= 0) return Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([promise, late]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * An answer body's JSON (undefined when it is not JSON), parsed once per body: a kept answer is
 * one body however many pages read it, and a page's head and its server render read the same.
 */
export function createAnswerJson(): (body: Buffer) => { json: unknown } | undefined {
  const parsed = new WeakMap<Buffer, { json: unknown } | undefined>();
  return (body) => {
    if (!parsed.has(body)) {
      try {
        parsed.set(body, { json: JSON.parse(body.toString('utf8')) });
      } catch {
        parsed.set(body, undefined);
      }
    }
    return parsed.get(body);
  };
}

export type AnswerJson = ReturnType<typeof createAnswerJson>;
