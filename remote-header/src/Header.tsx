import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  LOGO_SIZE,
  cartLabel,
  headerLogoSlice,
  headerMenuSlice,
  loadHeaderMenu,
  loadHomePage,
  safeUrl,
  selectIsLoggedIn,
  selectTotalQuantity,
  useAppDispatch,
  useAppSelector,
} from 'shared-store';
import defaultLogo from './assets/logo.svg';
import { Menu } from './components/Menu';
import './header.css';

/** The site header: logo, menu, cart button with its badge, and the account buttons. */
export default function Header() {
  const dispatch = useAppDispatch();
  const menu = useAppSelector(headerMenuSlice.selectors.selectItems);
  const logo = useAppSelector(headerLogoSlice.selectors.selectItems)[0];
  const count = useAppSelector(selectTotalQuantity);
  const loggedIn = useAppSelector(selectIsLoggedIn);

  useEffect(() => {
    void dispatch(loadHeaderMenu());
    void dispatch(loadHomePage());
  }, [dispatch]);

  return (
    <header className="hdr-header">
      <Link to="/" className="hdr-logo">
        <img
          src={logo ? safeUrl(logo.url) : defaultLogo}
          alt={logo?.alt ?? 'Arora Medical Education'}
          width={LOGO_SIZE.width}
          height={LOGO_SIZE.height}
        />
      </Link>
      <Menu items={menu} />
      <div className="hdr-actions">
        <Link to="/cart" className="hdr-cart" aria-label={cartLabel(count)}>
          Cart <span className="hdr-badge">{count}</span>
        </Link>
        {!loggedIn && (
          <Link to="/login" className="hdr-button">
            Log In / Sign up
          </Link>
        )}
      </div>
    </header>
  );
}
