// Toasts load with the first notification: most visits show none, so the home page's first load
// carries neither react-toastify nor its styles. Toasts raised before the container has mounted
// wait in react-toastify's queue and show once it has.
import 'react-toastify/ReactToastify.css';
import './toaster.css';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';

export { toast } from 'react-toastify/unstyled';

/** A toast closes by itself after this long. */
const TOAST_AUTO_CLOSE_MS = 5000;

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
