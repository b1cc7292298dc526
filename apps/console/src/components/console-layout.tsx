import { useAuth } from '@vitrine/react';
import { useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { errorText } from '../lib/format.js';
import { useIsOwner } from '../lib/staff-admin.js';
import { SignInPage } from '../routes/sign-in.js';

/**
 * The frame of every console page: the header with the sections and sign-out, and the page. Nobody
 * but a signed-in merchant sees a page: anyone else gets the sign-in (the server refuses them anyway).
 */
export function ConsoleLayout() {
  const { isMember } = useAuth();
  return isMember ? <SignedInLayout /> : <SignInPage />;
}

/** The header shows staff only what their role lets them use (the server refuses them the rest). */
function SignedInLayout() {
  const { logout } = useAuth();
  const isOwner = useIsOwner();
  const [signOutError, setSignOutError] = useState('');
  // On a phone the sections fold behind a "Menu" button (styles.css): open on the page it was opened on,
  // so going to another page closes it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const navId = useId();

  async function signOut() {
    setSignOutError('');
    try {
      await logout({ returnTo: `${window.location.origin}/console/` });
    } catch (error) {
      setSignOutError(errorText(error));
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <header className="console-header">
        <span className="console-header__brand">Vitrine console</span>
        <button
          type="button"
          className="button console-header__menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          Menu
        </button>
        <nav id={navId} aria-label="Sections" className={menuOpen ? 'is-open' : undefined}>
          <NavLink to="/" end>
            Dashboard
          </NavLink>
          <NavLink to="/orders">Orders</NavLink>
          <NavLink to="/customers">Customers</NavLink>
          <NavLink to="/products">Products</NavLink>
          <NavLink to="/collections">Collections</NavLink>
          <NavLink to="/coupons">Coupons</NavLink>
          <NavLink to="/shipping">Shipping</NavLink>
          <NavLink to="/taxes">Taxes</NavLink>
          <NavLink to="/memberships">Memberships</NavLink>
          <NavLink to="/mails">E-mails</NavLink>
          {isOwner ? <NavLink to="/webhooks">Webhooks</NavLink> : null}
          {isOwner ? <NavLink to="/api-keys">API keys</NavLink> : null}
          {isOwner ? <NavLink to="/staff">Staff</NavLink> : null}
          <NavLink to="/settings">Settings</NavLink>
        </nav>
        <button type="button" className="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      {signOutError ? (
        <p className="form-error" role="alert">
          Signing out failed: {signOutError}
        </p>
      ) : null}
      <main id="main" className="console-main">
        <Outlet />
      </main>
    </>
  );
}
