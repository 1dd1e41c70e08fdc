import { useEffect, useState } from 'react';
import { errorMessage } from './messages';

/** What a page knows about data it loads: nothing asked, loading, the data, or why it failed. */
export type Resource<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string };

type Settled<T> = { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * Loads `load(key)` when the page mounts and whenever `key` changes; `null` asks for nothing.
 * An answer that arrives after unmount or after the key changed is ignored, and a new key shows
 * as loading at once (derived, never set from the effect). `load` must keep its identity: pass a
 * module-level function.
 */
export function useResource<T>(key: string | null, load: (key: string) => Promise<T>): Resource<T> {
  const [settled, setSettled] = useState<{ key: string; outcome: Settled<T> } | null>(null);

  useEffect(() => {
    let live = true;
    if (key !== null) {
      load(key).then(
        (data) => {
          if (live) setSettled({ key, outcome: { status: 'ready', data } });
        },
        (error: unknown) => {
          if (live)
            setSettled({ key, outcome: { status: 'failed', message: errorMessage(error) } });
        },
      );
    }
    return () => {
      live = false;
    };
  }, [key, load]);

  if (key === null) return { status: 'idle' };
  return settled?.key === key ? settled.outcome : { status: 'loading' };
}
