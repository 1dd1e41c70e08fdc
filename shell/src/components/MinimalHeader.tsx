import { Link } from 'react-router-dom';
import { cartLabel, useCartCount } from 'shared-store';
import { SiteLogo } from './BrandMark';

/**
 * The header when the header remote cannot load: logo, cart and login still work, in the height
 * the header's space keeps (one row on phones too).
 */
export function MinimalHeader() {
  const count = useCartCount();
  return (
    <header className="shell-min-header">
      <Link to="/" aria-label="Arora Medical Education, home">
        <SiteLogo />
      </Link>
      <nav className="shell-min-header__nav" aria-label="Account">
        <Link to="/cart" aria-label={cartLabel(count)}>
          Cart ({count})
        </Link>
        <Link to="/login">Log In / Sign up</Link>
      </nav>
    </header>
  );
}
