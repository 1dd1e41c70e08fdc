import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { STORAGE_KEYS, isMobileApp, safeStorage } from 'shared-store';

/** How long after the page opened the newsletter popup opens. */
const POPUP_DELAY_MS = 10_000;

/**
 * The dialog's code waits for it to be due: the first screen needs none of it. Offline by then,
 * the popup is skipped for this page (it was never closed, so the next page offers it again).
 */
const PopupDialog = lazy<ComponentType<{ onClose: () => void }>>(() =>
  import('./PopupDialog').catch((error: unknown) => {
    console.warn('The newsletter popup could not load; the next page offers it.', error);
    return { default: () => null };
  }),
);

/**
 * The newsletter popup: opens 10 s after load unless it was closed before (popupClosed) or the
 * visitor is in the app. Closing it, by its button, Escape or the link, remembers that.
 */
export function Popup() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (safeStorage.getItem(STORAGE_KEYS.popupClosed) || isMobileApp()) return;
    const timer = setTimeout(() => {
      setOpen(true);
    }, POPUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  if (!open) return null;
  const close = () => {
    safeStorage.setItem(STORAGE_KEYS.popupClosed, 'true');
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <PopupDialog onClose={close} />
    </Suspense>
  );
}
