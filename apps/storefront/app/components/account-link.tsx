import { useAuth } from '@vitrine/react';
import { Link, useLocation } from 'react-router';

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.4-5 8-5s6.5 1.5 8 5" strokeLinecap="round" />
    </svg>
  );
}

/** The sign-in link's target: back to this page afterwards, except from the account pages and home. */
function signInTo(pathname: string, search: string): string {
  if (pathname === '/' || pathname === '/me' || pathname.startsWith('/me/')) return '/me/login';
  return `/me/login?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * The header's account link: "Sign in" for a visitor, "Account" for a member. The server (and so the
 * first browser render, which must match it) always renders the visitor's link: `useAuth` reports
 * `visitor` there; a member's link replaces it right after hydration.
 */
export function AccountLink() {
  const { isMember } = useAuth();
  const { pathname, search } = useLocation();
  return (
    <Link to={isMember ? '/me' : signInTo(pathname, search)} className="site-header__account" data-testid="account-link">
      <PersonIcon />
      <span>{isMember ? 'Account' : 'Sign in'}</span>
    </Link>
  );
}
