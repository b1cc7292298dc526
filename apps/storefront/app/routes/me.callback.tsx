import { useRedirectLoginCallback } from '@vitrine/react';
import { Link, useNavigate } from 'react-router';
import { authErrorMessage } from '../lib/auth-messages.js';
import { safeReturnTo } from '../lib/return-to.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me.callback';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Signing in · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

/** The path of `originalUri` when it is on this site (checked as `returnTo` is), else `/me`. */
export function sameOriginPath(originalUri: string, origin: string): string {
  try {
    const url = new URL(originalUri, origin);
    return url.origin === origin ? safeReturnTo(`${url.pathname}${url.search}${url.hash}`) : '/me';
  } catch {
    return '/me';
  }
}

/**
 * Where the shop's hosted sign-in page sends the shopper back (PKCE): the code is exchanged for member
 * tokens once (`useRedirectLoginCallback`: a strict-mode second effect, a reload or a replayed URL
 * cannot use it again), then on to
 * the page they started from when it is on this site, else `/me`.
 */
export default function CallbackPage() {
  const navigate = useNavigate();
  const failed = useRedirectLoginCallback((originalUri) =>
    navigate(sameOriginPath(originalUri, window.location.origin), { replace: true }),
  );
  const error = failed ? authErrorMessage(failed.failure instanceof Error ? failed.failure.message : String(failed.failure)) : '';

  return (
    <div className="container account-page">
      <div className="account-card">
        <h1>Signing in</h1>
        {error ? (
          <>
            <p className="account-form__error" role="alert">
              We could not sign you in: {error}
            </p>
            <Link to="/me/login" className="button button--primary">
              Back to sign in
            </Link>
          </>
        ) : (
          <p role="status">Signing you in…</p>
        )}
      </div>
    </div>
  );
}
