import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { POPUP_DELAY_MS, STORAGE_KEYS, isMobileApp, safeStorage } from 'shared-store';

/**
 * The newsletter popup: opens 10 s after load unless it was closed before (popupClosed) or the
 * visitor is in the app. Closing it, by its button, Escape or the link, remembers that.
 */
export function Popup() {
  const [open, setOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (safeStorage.getItem(STORAGE_KEYS.popupClosed) || isMobileApp()) return;
    const timer = setTimeout(() => {
      setOpen(true);
    }, POPUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  if (!open) return null;
  const close = () => {
    safeStorage.setItem(STORAGE_KEYS.popupClosed, 'true');
    setOpen(false);
  };
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
