import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { safeUrl, useAppDispatch, useAppSelector, useMounted } from 'shared-store';
import defaultLogo from './assets/logo.svg';
import { AccountButtons, AccountMenu, CartButton, useIsLearner } from './components/AccountButtons';
import { DropdownGroup } from './components/dropdowns';
import { Menu } from './components/Menu';
import {
  headerLogoSlice,
  headerMenuSlice,
  loadHeaderLogo,
  loadHeaderMenu,
} from './data/headerData';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';
import './header.css';

/** The logo's box, whatever the image's own size. */
const LOGO_SIZE = { width: 190, height: 79 } as const;

/**
 * Wide screens short of room for a learner's three buttons beside the menu (992 px to 1279 px,
 * phones having the menu panel): they fold under one My account button, so the header keeps to
 * one row.
 */
const FOLD_ACCOUNT_QUERY = '(max-width: 1279px)';

// The search dialog's code (its suggestions included) loads when it is first opened: most visits
// never open it.
const SearchModal = lazy(() => import('./components/SearchModal'));

/**
 * The site header, one row at every width: logo, menu, search, cart button with its badge, and
 * the account buttons (a learner's under My account from 992 px to 1279 px). On phones one row of
 * logo, search, cart and hamburger, the account buttons inside the menu it opens. Its dropdowns
 * open one at a time (DropdownGroup). Not rendered until mounted on the client; its height is
 * reserved meanwhile.
 */
export default function Header() {
  const dispatch = useAppDispatch();
  const mounted = useMounted();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const foldAccount = useMediaQuery(FOLD_ACCOUNT_QUERY);
  const learner = useIsLearner();
  const menuItems = useAppSelector(headerMenuSlice.selectors.selectItems);
  // A menu that arrives is rendered in a background render that yields to the browser every few
  // milliseconds, not in one long task.
  const deferredMenu = useDeferredValue(menuItems);
  const logo = useAppSelector(headerLogoSlice.selectors.selectItems)[0];
  const { pathname } = useLocation();
  // The mobile menu is open for the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const closeMenu = useCallback(() => {
    setMenuOpenOn(null);
  }, []);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    searchButton.current?.focus();
  }, []);
  // Closed by a move to another page: the focus is that page's (the shell gives it its heading).
  const leaveSearch = useCallback(() => {
    setSearchOpen(false);
  }, []);

  // Escape closes the search also while the dialog's code is still on its way (the dialog
  // handles its own Escape once it is there).
  useEffect(() => {
    if (!searchOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [searchOpen, closeSearch]);

  // The site's logo comes with the page's data; the bundled one stands in only once that read
  // has ended without one. Shown at once, it would be downloaded to be replaced a moment later.
  const [pageRead, setPageRead] = useState(false);

  useEffect(() => {
    let live = true;
    const settle = () => {
      if (live) setPageRead(true);
    };
    void dispatch(loadHeaderMenu());
    dispatch(loadHeaderLogo()).then(settle, settle);
    return () => {
      live = false;
    };
  }, [dispatch]);

  if (!mounted) return <div className="hdr-header hdr-header--placeholder" aria-hidden="true" />;

  const logoUrl = logo ? safeUrl(logo.url) : '#';
  const logoSrc = logoUrl !== '#' ? logoUrl : pageRead ? defaultLogo : undefined;
  const logoAlt = logo?.alt || 'Arora Medical Education';
  const menu = (
    <Menu
      items={deferredMenu}
      mobile={mobile}
      open={menuOpen}
      onToggle={() => {
        setMenuOpenOn(menuOpen ? null : pathname);
      }}
      onClose={closeMenu}
    >
      <AccountButtons />
    </Menu>
  );
  return (
    <DropdownGroup>
      <header className={learner ? 'hdr-header hdr-header--learner' : 'hdr-header'}>
        <Link to="/" className="hdr-logo">
          {logoSrc ? (
            <img src={logoSrc} alt={logoAlt} width={LOGO_SIZE.width} height={LOGO_SIZE.height} />
          ) : (
            <span className="hdr-logo-space" role="img" aria-label={logoAlt} />
          )}
        </Link>
        {!mobile && menu}
        <div className="hdr-tools">
          <button
            ref={searchButton}
            type="button"
            className="hdr-icon-button"
            aria-label="Search"
            onClick={() => {
              setSearchOpen(true);
            }}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <path
                fill="currentColor"
                d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.42 1.4-5.39-5.38A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
              />
            </svg>
          </button>
          <CartButton />
          {mobile ? menu : learner && foldAccount ? <AccountMenu /> : <AccountButtons />}
        </div>
        {searchOpen && (
          <Suspense fallback={null}>
            <SearchModal onClose={closeSearch} onLeave={leaveSearch} />
          </Suspense>
        )}
      </header>
    </DropdownGroup>
  );
}
