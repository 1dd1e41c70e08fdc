import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  STORAGE_KEYS,
  askToOpenCart,
  cartLabel,
  dashboardUrl,
  isMobileApp,
  readPublicConfig,
  safeStorage,
  selectIsLoggedIn,
  selectLogoutStatus,
  useAppSelector,
  useCartCount,
  useSession,
} from 'shared-store';
import { useDropdown } from './dropdowns';

/**
 * A plain press on the cart button asks the page to show the cart in place (the cart team's
 * drawer); the link goes on to the cart page when nobody takes that, or for a press that opens a
 * new tab or window.
 */
function openCart(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  if (askToOpenCart(event.currentTarget)) event.preventDefault();
}

/**
 * The cart button with its badge: an icon on phones, the word Cart on wider screens; it opens the
 * cart's drawer (openCart). The count is the cart's; while the cart cannot load, the one the
 * page's storage kept.
 */
export function CartButton() {
  const count = useCartCount();
  return (
    <Link to="/cart" className="hdr-cart" aria-label={cartLabel(count)} onClick={openCart}>
      <svg className="hdr-cart__icon" aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2v2h2l3.6 7.6-1.4 2.4A2 2 0 0 0 7 17h12v-2H7.4l1.1-2h7.5a2 2 0 0 0 1.7-1l3.6-6.5A1 1 0 0 0 20.4 4H5.2l-.9-2H1z"
        />
      </svg>
      {/* "Cart 2" as seen is in the name "Cart, 2 items" as heard (WCAG 2.5.3). */}
      <span className="hdr-cart__text" aria-hidden="true">
        Cart
      </span>{' '}
      <span className="hdr-badge" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}

/** The learner's session token, when a learner is logged in (null for a visitor). */
function useLearnerToken(): string | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = safeStorage.getItem(STORAGE_KEYS.token);
  return loggedIn && token ? token : null;
}

/** Whether a learner is logged in (their header carries more buttons). */
export function useIsLearner(): boolean {
  return useLearnerToken() !== null;
}

const ACCOUNT_LIST_ID = 'hdr-account-list';
const ACCOUNT_DROPDOWN = ['account'] as const;

/**
 * The learner's buttons folded under one "My account" button, for a header short of room; one of
 * the header's dropdowns (one open at a time, Escape and a click outside close it).
 */
export function AccountMenu() {
  const { open, toggle, buttonRef, areaRef } = useDropdown(ACCOUNT_DROPDOWN);
  // While a logout runs or asks what to do with an unsaved cart, Logout stays in view: the
  // question gives the focus back to it.
  const loggingOut = useAppSelector(selectLogoutStatus) !== 'idle';
  const shown = open || loggingOut;
  return (
    <div ref={areaRef} className="hdr-account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="hdr-button hdr-account-menu__toggle"
        aria-expanded={shown}
        aria-controls={ACCOUNT_LIST_ID}
        onClick={toggle}
      >
        My account
        <span className="hdr-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={ACCOUNT_LIST_ID} className="hdr-account-menu__list" hidden={!shown}>
        <AccountButtons />
      </div>
    </div>
  );
}

/**
 * The buttons of the visitor's role: Log In / Sign up for visitors; My Dashboard, My courses and
 * Logout for learners. In the header on wide screens (or its My account dropdown), inside the
 * opened menu on phones.
 */
export function AccountButtons() {
  const token = useLearnerToken();
  const loggingOut = useAppSelector(selectLogoutStatus) === 'saving';
  const session = useSession();

  return (
    <div className="hdr-account">
      {token ? (
        <>
          <a
            className="hdr-button"
            href={dashboardUrl(readPublicConfig().portalUrl, token, isMobileApp())}
          >
            My Dashboard
          </a>
          <Link to="/my-courses" className="hdr-button">
            My courses
          </Link>
          <button
            type="button"
            className="hdr-button hdr-button--ghost"
            aria-disabled={loggingOut}
            aria-busy={loggingOut}
            onClick={() => {
              // Not `disabled`: a disabled button loses the focus, which the question a failed
              // save asks must give back to it. A click while the logout runs starts nothing:
              // the session allows one logout at a time.
              void session.logout();
            }}
          >
            Logout
          </button>
        </>
      ) : (
        <Link to="/login" className="hdr-button">
          Log In / Sign up
        </Link>
      )}
    </div>
  );
}
