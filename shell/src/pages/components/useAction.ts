import { useRef, useState } from 'react';
import { errorMessage } from './messages';

/** A form's request: not sent, on its way, answered, or failed with a message to show. */
export type ActionState<R> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; result: R }
  | { status: 'failed'; message: string };

/**
 * Runs a form's request and keeps its state. `run` answers the final state, so the caller can
 * act on success (navigate) without waiting for a render; a second run while one is on its way
 * is ignored.
 */
export function useAction<I, R>(action: (input: I) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>({ status: 'idle' });
  const busy = useRef(false);

  async function run(input: I): Promise<ActionState<R> | null> {
    if (busy.current) return null;
    busy.current = true;
    setState({ status: 'pending' });
    let next: ActionState<R>;
    try {
      next = { status: 'done', result: await action(input) };
    } catch (error) {
      next = { status: 'failed', message: errorMessage(error) };
    } finally {
      busy.current = false;
    }
    setState(next);
    return next;
  }

  return { state, run, pending: state.status === 'pending' };
}
