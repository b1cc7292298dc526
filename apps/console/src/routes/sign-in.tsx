import { useAuth } from '@vitrine/react';
import { useState } from 'react';
import { Problem } from '../components/problem.js';
import { callbackUrl } from '../lib/console-client.js';
import { errorText } from '../lib/format.js';
import { sessionEndedNoted } from '../lib/session-end.js';

/** Sign-in: the shop's hosted login page (PKCE), which lets only the shop's merchants through. */
export function SignInPage() {
  const { loginWithRedirect } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [ended] = useState(sessionEndedNoted);

  async function signIn() {
    setBusy(true);
    setError('');
    try {
      await loginWithRedirect({ redirectUri: callbackUrl(), originalUri: window.location.href });
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure));
    }
  }

  return (
    <main id="main" className="sign-in">
      <div className="card">
        <h1>Vitrine console</h1>
        {ended ? (
          <p className="form-error" role="alert">
            Your session ended: sign in again. What you were editing is kept and comes back once you are signed in.
          </p>
        ) : null}
        <p>Sign in with your merchant account to manage the shop’s orders and catalogue.</p>
        <Problem text={error} />
        <button type="button" className="button button--primary" onClick={signIn} disabled={busy}>
          {busy ? 'Opening the sign-in page…' : 'Sign in'}
        </button>
        <p className="muted">
          No account? The shop’s owner makes one with <code>vitrine merchants create</code>.
        </p>
      </div>
    </main>
  );
}
