// Toasts load with the first notification: most visits show none, so the home page's first load
// carries neither react-toastify nor its styles. Toasts raised before the container has mounted
// wait in react-toastify's queue and show once it has.
import 'react-toastify/ReactToastify.css';
import './toaster.css';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify/unstyled';
import type { BusEventOf } from 'shared-store';

/** A toast closes by itself after this long, unless it tells of an error. */
const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * Shows a notification. Success and news close by themselves; an error (the cart cannot be kept,
 * the session expired) stays until the visitor closes it, so a reader who looked away, or who
 * reads slowly, does not miss what went wrong.
 */
export function showToast(level: BusEventOf<'notify'>['level'], message: string): void {
  toast[level](message, level === 'error' ? { autoClose: false } : undefined);
}

/** A toast's close button: named for what it closes, and big enough for a thumb. */
function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="shell-toast-close"
      aria-label="Close notification"
      onClick={() => {
        closeToast(true);
      }}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

export default function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      closeButton={CloseButton}
    />
  );
}
