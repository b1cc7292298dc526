import { useAuth } from '@vitrine/react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { errorText } from '../lib/format.js';
import { SignInPage } from '../routes/sign-in.js';

/**
 * The frame of every console page: the header with the sections and sign-out, and the page. Nobody
 * but a signed-in merchant sees a page: anyone else gets the sign-in (the server refuses them anyway).
 */
export function ConsoleLayout() {
  const { isMember, logout } = useAuth();
  const [signOutError, setSignOutError] = useState('');

  if (!isMember) return <SignInPage />;

  async function signOut() {
    setSignOutError('');
    try {
      await logout({ returnTo: `${window.location.origin}/console/` });
    } catch (e) {
      setSignOutError(errorText(e));
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <header className="console-header">
        <span className="console-header__brand">Vitrine console</span>
        <nav aria-label="Sections">
          <NavLink to="/" end>
            Dashboard
          </NavLink>
          <NavLink to="/orders">Orders</NavLink>
          <NavLink to="/products">Products</NavLink>
          <NavLink to="/collections">Collections</NavLink>
          <NavLink to="/coupons">Coupons</NavLink>
          <NavLink to="/shipping">Shipping</NavLink>
          <NavLink to="/taxes">Taxes</NavLink>
          <NavLink to="/memberships">Memberships</NavLink>
          <NavLink to="/mails">E-mails</NavLink>
          <NavLink to="/webhooks">Webhooks</NavLink>
          <NavLink to="/api-keys">API keys</NavLink>
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
