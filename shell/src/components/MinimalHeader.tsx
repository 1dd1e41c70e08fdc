import { Link } from 'react-router-dom';
import { cartLabel, selectTotalQuantity, useAppSelector } from 'shared-store';

/** The header when the header remote cannot load: logo, cart and login still work. */
export function MinimalHeader() {
  const count = useAppSelector(selectTotalQuantity);
  return (
    <header className="shell-min-header">
      <Link to="/" className="shell-min-header__logo" aria-label="Arora Medical Education, home">
        Arora Medical Education
      </Link>
      <nav aria-label="Account">
        <Link to="/cart" aria-label={cartLabel(count)}>
          Cart ({count})
        </Link>{' '}
        <Link to="/login">Log In / Sign up</Link>
      </nav>
    </header>
  );
}
