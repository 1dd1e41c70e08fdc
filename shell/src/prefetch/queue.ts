import { whenIdle } from './rules';

/** Speculative reads ahead (links in view) running at once, at most: the line stays the page's. */
const PREFETCHES_AT_ONCE = 2;

export interface PrefetchQueue {
  /**
   * Reads ahead what `key` names with `job`, once for the page: a key read ahead before is never
   * read again. An `urgent` one (a link the visitor points at, focuses or touches) starts at once
   * when there is a free place, else first in line; the others wait for the browser to be idle
   * and for a free place.
   */
  add(key: string, job: () => Promise<unknown>, urgent: boolean): void;
}

export function prefetchQueue(
  atOnce: number = PREFETCHES_AT_ONCE,
  idle: (run: () => void) => void = whenIdle,
): PrefetchQueue {
  const started = new Set<string>();
  const waiting = new Map<string, () => Promise<unknown>>();
  let running = 0;

  function run(key: string, job: () => Promise<unknown>): void {
    waiting.delete(key);
    started.add(key);
    running += 1;
    // A read ahead that fails is the page's to ask again when it opens.
    void job()
      .catch(() => undefined)
      .finally(() => {
        running -= 1;
        next();
      });
  }

  function next(): void {
    if (running >= atOnce || waiting.size === 0) return;
    idle(() => {
      const [first] = waiting;
      if (first && running < atOnce) run(...first);
      next();
    });
  }

  return {
    add(key, job, urgent) {
      if (started.has(key)) return;
      if (urgent && running < atOnce) {
        run(key, job);
      } else if (urgent) {
        // Still a few at once (a keyboard tabbing through a menu), but first in line.
        const rest = [...waiting].filter(([other]) => other !== key);
        waiting.clear();
        for (const [other, each] of [[key, job] as const, ...rest]) waiting.set(other, each);
        next();
      } else if (!waiting.has(key)) {
        waiting.set(key, job);
        next();
      }
    },
  };
}
