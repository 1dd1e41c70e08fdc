import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/** The newsletter popup's dialog: its close button has the focus when it opens. */
export default function PopupDialog({ onClose: close }: { onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
  }, []);

  return (
    <div
      className="shell-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby="shell-popup-title"
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
