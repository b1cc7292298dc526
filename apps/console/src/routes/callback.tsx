import { useRedirectLoginCallback } from '@vitrine/react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../lib/format.js';
import { forgetSessionEnd } from '../lib/session-end.js';

/** The console's path of where the merchant started (on this site only), else the orders. */
function consolePath(originalUri: string): string {
  try {
    const url = new URL(originalUri, window.location.origin);
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/console/')) return '/orders';
    return url.pathname.slice('/console'.length) + url.search;
  } catch {
    return '/orders';
  }
}

/** Why the hosted page sent the merchant back without a code, in words. */
function refusal(message: string): string {
  if (message.startsWith('access_denied')) return 'This account is not a merchant of the shop. Ask the shop’s owner for access.';
  return errorText({ message });
}

/** Where the hosted login returns: the code is exchanged once for the merchant's tokens. */
export function CallbackPage() {
  const navigate = useNavigate();
  const failed = useRedirectLoginCallback((originalUri) => {
    forgetSessionEnd();
    navigate(consolePath(originalUri), { replace: true });
  });
  const error = failed ? refusal(errorText(failed.failure)) : '';

  return (
    <main id="main" className="sign-in">
      <div className="card">
        <h1>Signing in</h1>
        {error ? (
          <>
            <p className="form-error" role="alert">
              We could not sign you in: {error}
            </p>
            <Link to="/" className="button">
              Back to sign in
            </Link>
          </>
        ) : (
          <p role="status">Signing you in…</p>
        )}
      </div>
    </main>
  );
}
