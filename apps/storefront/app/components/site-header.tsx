import { Link, NavLink } from 'react-router';
import { AccountLink } from './account-link.js';
import { CartLink } from './cart-link.js';
import { SearchBox } from './search-box.js';

/** The banner: shop name, main navigation, the search box (as-you-type results), account and cart. */
export function SiteHeader({ shopName }: { shopName: string }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M8 9h4l4 11 4-11h4l-6.3 15h-3.4z" fill="var(--color-surface)" />
          </svg>
          <span>{shopName}</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul>
            <li>
              <NavLink to="/products" end>
                Shop all
              </NavLink>
            </li>
            <li>
              <NavLink to="/collections/mugs">Mugs</NavLink>
            </li>
            <li>
              <NavLink to="/collections/tees">T-shirts</NavLink>
            </li>
            <li>
              <NavLink to="/collections/posters">Prints</NavLink>
            </li>
          </ul>
        </nav>
        <SearchBox />
        <div className="site-header__actions">
          <AccountLink />
          <CartLink />
        </div>
      </div>
    </header>
  );
}
