import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

export interface PopupDialogProps {
  /** On a page the popup may not show on, it waits there unseen. */
  hidden: boolean;
  /** Asked as the dialog opens: whether it may take the focus (the visitor has it nowhere). */
  mayTakeFocus: () => boolean;
  /** It opened and left the focus where it was. */
  onOpenedQuietly: () => void;
  onClose: () => void;
}

/**
 * The newsletter popup's dialog: its close button has the focus when it opens, unless the visitor
 * is typing or has the focus somewhere (mayTakeFocus), whose focus and keystrokes stay there.
 */
export default function PopupDialog({
  hidden,
  mayTakeFocus,
  onOpenedQuietly,
  onClose: close,
}: PopupDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  // Decided once, as it opens: the props of later renders change nothing.
  const opening = useRef({ mayTakeFocus, onOpenedQuietly });

  // As it is put on screen, not after a paint: a key pressed the moment it shows is the popup's.
  useLayoutEffect(() => {
    if (opening.current.mayTakeFocus()) closeButton.current?.focus();
    else opening.current.onOpenedQuietly();
  }, []);

  return (
    <div
      className="shell-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby="shell-popup-title"
      hidden={hidden}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <button
        ref={closeButton}
        type="button"
        className="shell-popup__close"
        aria-label="Close"
        onClick={close}
      >
        ×
      </button>
      <h2 id="shell-popup-title">Get exam tips from Arora Updates</h2>
      <p>Free UKMLA, PLAB, MSRA and MRCGP tips and course offers, straight to your inbox.</p>
      <Link className="shell-button" to="/arora-subscribe-form" onClick={close}>
        Register here
      </Link>
    </div>
  );
}
