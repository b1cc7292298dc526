import { useAuth } from '@vitrine/react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmailField, FormAlert } from '../components/account-flow.js';
import { authErrorMessage } from '../lib/auth-messages.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me.forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Reset your password · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; email: string } | { state: 'failed'; error: string };

/**
 * "Forgot your password?": e-mails a reset link that leads back to the sign-in page. The answer is
 * the same whether or not an account uses the address (nobody learns who shops here); only a failure
 * to reach the shop, or a malformed request, is reported as such.
 */
export default function ForgotPasswordPage() {
  const { sendPasswordReset } = useAuth();
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setSending({ state: 'sending' });
    try {
      await sendPasswordReset(address, { redirectUri: `${window.location.origin}/me/login` });
      setSending({ state: 'sent', email: address });
    } catch (err) {
      const status = (err as { status?: number }).status;
      // an unknown address must read like a known one: only network and request failures are shown
      if (status === 404 || status === 403) setSending({ state: 'sent', email: address });
      else setSending({ state: 'failed', error: authErrorMessage(err instanceof Error ? err.message : String(err)) });
    }
  }

  return (
    <div className="container account-page">
      <div className="account-card">
        <h1>Reset your password</h1>
        {sending.state === 'sent' ? (
          <div className="account-notice" role="status">
            <p>
              If an account exists for <strong>{sending.email}</strong>, we sent a link to reset its password. It may take a minute to
              arrive; check your spam folder too.
            </p>
            <Link to="/me/login" className="button">
              Back to sign in
            </Link>
          </div>
        ) : (
          <form className="account-form" onSubmit={submit} aria-label="Reset your password">
            <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
            <FormAlert>{sending.state === 'failed' ? sending.error : ''}</FormAlert>
            <button type="submit" className="button button--primary button--large" disabled={sending.state === 'sending'}>
              {sending.state === 'sending' ? 'Sending…' : 'Send the link'}
            </button>
            <p className="account-form__links">
              <Link to="/me/login">Back to sign in</Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
