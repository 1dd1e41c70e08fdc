import { Link } from 'react-router-dom';
import {
  STORAGE_KEYS,
  cartLabel,
  dashboardUrl,
  isMobileApp,
  readPublicConfig,
  safeStorage,
  selectIsLoggedIn,
  selectLogoutStatus,
  selectTotalQuantity,
  useAppSelector,
  useSession,
} from 'shared-store';

/** The cart button with its badge, and the buttons of the visitor's role. */
export function AccountButtons() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const count = useAppSelector(selectTotalQuantity);
  const loggingOut = useAppSelector(selectLogoutStatus) === 'saving';
  const session = useSession();
  const token = safeStorage.getItem(STORAGE_KEYS.token);

  return (
    <div className="hdr-actions">
      <Link to="/cart" className="hdr-cart" aria-label={cartLabel(count)}>
        <span aria-hidden="true">Cart</span>
        <span className="hdr-badge" aria-hidden="true">
          {count}
        </span>
      </Link>
      {loggedIn && token ? (
        <>
          <a
            className="hdr-button"
            href={dashboardUrl(readPublicConfig().portalUrl, token, isMobileApp())}
          >
            My Dashboard
          </a>
          <button
            type="button"
            className="hdr-button hdr-button--ghost"
            aria-disabled={loggingOut}
            aria-busy={loggingOut}
            onClick={() => {
              // Not `disabled`: a disabled button loses the focus, which the question a failed
              // save asks must give back to it.
              if (!loggingOut) void session.logout();
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
