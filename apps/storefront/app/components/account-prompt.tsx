/** What the member-only pages show before they know who is there, and to a visitor. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

/**
 * Whether the page has hydrated: member state lives in the browser's storage, so the server (and the
 * first browser render) cannot know it; until then the page says it is loading rather than showing a
 * visitor's prompt to a member.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** For a visitor on a member's page: sign in (or register), then back here. */
export function SignInPrompt({ returnTo, children }: { returnTo: string; children: string }) {
  const query = `?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="account-notice">
      <p>{children}</p>
      <p className="account-notice__actions">
        <Link to={`/me/login${query}`} className="button button--primary">
          Sign in
        </Link>
        <Link to={`/me/register${query}`} className="button">
          Create an account
        </Link>
      </p>
    </div>
  );
}
