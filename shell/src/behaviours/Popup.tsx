import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS, isMobileApp, safeStorage } from 'shared-store';
import type { PopupDialogProps } from './PopupDialog';
import { popupAllowedOn } from './popupPlaces';
import { POPUP_DELAY_MS } from './popupTiming';
import { useTyping } from './useTyping';

/** What a screen reader hears when the popup opens without taking the focus. */
export const POPUP_OPENED_QUIETLY =
  'Get exam tips from Arora Updates: a newsletter offer has opened at the end of the page. You can carry on where you were.';

/** Whether the focus is on nothing (the page's body): no visitor's place for the popup to take. */
const focusOnNothing = () =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * The dialog's code waits for it to be due: the first screen needs none of it. Offline by then,
 * the popup is skipped for this page (it was never closed, so the next page offers it again).
 */
const PopupDialog = lazy<ComponentType<PopupDialogProps>>(() =>
  import('./PopupDialog').catch((error: unknown) => {
    console.warn('The newsletter popup could not load; the next page offers it.', error);
    return { default: () => null };
  }),
);

/**
 * The newsletter popup: due 10 s after load unless it was closed before (popupClosed) or the
 * visitor is in the app. It opens on the first page it may (never on the sign-in, cart,
 * checkout or contact pages: popupAllowedOn), and hides on those it may not until the visitor
 * leaves them. It takes the focus only when it opens at its time, the visitor is not typing and
 * the focus is on nothing; otherwise (a field, a keyboard user on a header button, a heading the
 * shell focused after a move) the focus and every keystroke stay where they were, and a screen
 * reader is told it opened. Closing it, by its button, Escape or the link, remembers that.
 */
export function Popup() {
  const { pathname } = useLocation();
  const allowed = popupAllowedOn(pathname);
  const typing = useTyping();
  const [offered] = useState(
    () => !safeStorage.getItem(STORAGE_KEYS.popupClosed) && !isMobileApp(),
  );
  // The page the visitor was on when the popup fell due (null until then).
  const [dueOn, setDueOn] = useState<string | null>(null);
  const currentPath = useRef(pathname);
  const [opened, setOpened] = useState(false);
  const [closed, setClosed] = useState(false);
  const [quiet, setQuiet] = useState(false);

  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!offered) return;
    // From the page's opening: its code comes once the page has loaded.
    const timer = setTimeout(
      () => {
        setDueOn(currentPath.current);
      },
      Math.max(0, POPUP_DELAY_MS - performance.now()),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [offered]);

  // Once open, it stays open (hidden on a page it may not show on) until the visitor closes it.
  if (dueOn !== null && allowed && !opened) setOpened(true);

  if (!offered) return null;
  const shown = opened && !closed;
  const close = () => {
    safeStorage.setItem(STORAGE_KEYS.popupClosed, 'true');
    setClosed(true);
  };
  return (
    <>
      {shown && (
        <Suspense fallback={null}>
          <PopupDialog
            hidden={!allowed}
            // Only at its time, on the page it fell due on, and from nobody: one that waited for
            // the visitor to leave a page opens on the next one quietly, and the focus of a
            // visitor who has put it somewhere stays there.
            mayTakeFocus={() => allowed && pathname === dueOn && !typing() && focusOnNothing()}
            onOpenedQuietly={() => {
              setQuiet(true);
            }}
            onClose={close}
          />
        </Suspense>
      )}
      {/* There, empty, from the moment it falls due (not in the page's first paint, which is the
          served page's), so that what it says when the dialog opens quietly is heard. */}
      {dueOn !== null && (
        <p className="shell-visually-hidden" role="status">
          {shown && allowed && quiet ? POPUP_OPENED_QUIETLY : ''}
        </p>
      )}
    </>
  );
}
