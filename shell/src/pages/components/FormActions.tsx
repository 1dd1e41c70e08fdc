import type { ActionState } from './useAction';
import { Notice } from './Notice';

export interface FormActionsProps {
  state: ActionState<unknown>;
  label: string;
  /** Shown on the button while the request runs. */
  busyLabel: string;
  /** The failure message is backend HTML (the gateway sanitized it). */
  html?: boolean;
  /**
   * False while the form is the served page's markup alone (useMounted), its page's code not yet
   * run: the button is disabled, not alive and deaf to a tap.
   */
  ready?: boolean;
}

/** A form's failure message and its submit button, disabled while the request runs. */
export function FormActions({
  state,
  label,
  busyLabel,
  html = false,
  ready = true,
}: FormActionsProps) {
  const pending = state.status === 'pending';
  return (
    <>
      {state.status === 'failed' &&
        (html ? (
          <Notice tone="error" html={state.message} />
        ) : (
          <Notice tone="error">{state.message}</Notice>
        ))}
      <button className="shell-button" type="submit" disabled={pending || !ready}>
        {pending ? busyLabel : label}
      </button>
    </>
  );
}
