import { useMounted } from 'shared-store';
import type { ActionState } from './useAction';
import { Notice } from './Notice';

export interface FormActionsProps {
  state: ActionState<unknown>;
  label: string;
  /** Shown on the button while the request runs. */
  busyLabel: string;
  /** The failure message is backend HTML (the gateway sanitized it). */
  html?: boolean;
}

/**
 * A form's failure message and its submit button, disabled while the request runs, and served
 * disabled until the page's code runs (the form is then the page's markup alone, and a send
 * would do nothing).
 */
export function FormActions({ state, label, busyLabel, html = false }: FormActionsProps) {
  const pending = state.status === 'pending';
  const canAct = useMounted();
  return (
    <>
      {state.status === 'failed' &&
        (html ? (
          <Notice tone="error" html={state.message} />
        ) : (
          <Notice tone="error">{state.message}</Notice>
        ))}
      <button className="shell-button" type="submit" disabled={pending || !canAct}>
        {pending ? busyLabel : label}
      </button>
    </>
  );
}
