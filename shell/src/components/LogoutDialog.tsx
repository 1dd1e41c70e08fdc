import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { keepTabWithin, selectLogoutStatus, useAppSelector, useSession } from 'shared-store';

export const LOGOUT_PROMPT_TITLE = 'Your cart could not be saved';
export const LOGOUT_PROMPT_TEXT =
  'We could not save your cart to your account, so you are still logged in. Try again, or log out and keep the cart on this device: it will be added back to your account the next time you log in.';

/**
 * The question a logout asks when the cart could not be saved: try again, log out keeping the
 * cart on this device, or stay logged in (Escape). Modal: focus starts on "Try again" and goes
 * back to where it was when the question closes. Mounted from the moment a logout starts
 * (LogoutPrompt.tsx).
 */
export default function LogoutDialog() {
  const status = useAppSelector(selectLogoutStatus);
  const session = useSession();
  const [open, setOpen] = useState(false);
  const retry = useRef<HTMLButtonElement>(null);

  // Open on a failed save; stay open (busy) while the learner's retry runs; close when done.
  if (status === 'failed' && !open) setOpen(true);
  if (status === 'idle' && open) setOpen(false);

  // Focus goes back where it was when the question closes, or when the logout ends it. Both moves
  // happen as the question is put on screen or taken off, not after a paint: a key pressed the
  // moment it shows (Escape) is the question's.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement;
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [open]);

  // Each time the question is asked (again after a retry that failed), "Try again" has the focus.
  useLayoutEffect(() => {
    if (open && status === 'failed') retry.current?.focus();
  }, [open, status]);

  if (!open) return null;
  const busy = status === 'saving';
  const stay = () => {
    session.cancelLogout();
  };
  /** While busy the buttons say so (aria-disabled) but keep the focus; clicks do nothing. */
  const unlessBusy = (run: () => void) => () => {
    if (!busy) run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !busy) stay();
    // Modal: Tab and Shift+Tab go round the dialog's buttons.
    keepTabWithin(event.currentTarget, event);
  };

  return (
    <div className="shell-overlay">
      <div
        className="shell-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="shell-logout-title"
        aria-describedby="shell-logout-text"
        aria-busy={busy}
        onKeyDown={onKeyDown}
      >
        <h2 id="shell-logout-title">{LOGOUT_PROMPT_TITLE}</h2>
        <p id="shell-logout-text">{LOGOUT_PROMPT_TEXT}</p>
        <div className="shell-dialog__actions">
          <button
            ref={retry}
            type="button"
            className="shell-button"
            aria-disabled={busy}
            onClick={unlessBusy(() => void session.logout())}
          >
            {busy ? 'Saving your cart…' : 'Try again'}
          </button>
          <button
            type="button"
            className="shell-button shell-button--secondary"
            aria-disabled={busy}
            onClick={unlessBusy(() => void session.logout({ keepCartOnDevice: true }))}
          >
            Log out and keep the cart on this device
          </button>
          <button
            type="button"
            className="shell-button shell-button--quiet"
            aria-disabled={busy}
            onClick={unlessBusy(stay)}
          >
            Stay logged in
          </button>
        </div>
      </div>
    </div>
  );
}
