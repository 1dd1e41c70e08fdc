import type { ReactNode } from 'react';

/** Moves the focus to the confirmation once, when it replaces the form the focus was in. */
function focusOnMount(node: HTMLElement | null): void {
  node?.focus();
}

export interface ConfirmationProps {
  heading: string;
  children?: ReactNode;
}

/** What replaces a form once the server said yes: a heading, its message and a way on. */
export function Confirmation({ heading, children }: ConfirmationProps) {
  return (
    <div className="shell-confirmation" role="status" tabIndex={-1} ref={focusOnMount}>
      <h2 className="shell-confirmation__title">{heading}</h2>
      {children}
    </div>
  );
}
