import { useAuth } from '@vitrine/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  EmailCodeForm,
  EmailField,
  FlowNotice,
  FormAlert,
  HostedLoginButton,
  PasswordField,
  useLeaveWhenMember,
  useSettledFlow,
} from '../components/account-flow.js';
import { authErrorMessage } from '../lib/auth-messages.js';
import { returnToQuery, useReturnTo } from '../lib/return-to.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me.login';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sign in · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * Sign in: e-mail and password in the page (the direct login flow of @vitrine/react, every state
 * shown), or the shop's hosted sign-in page (PKCE). Afterwards, or for a member already signed in,
 * on to `?returnTo=` (a path on this site) or `/me`.
 */
export default function LoginPage() {
  const { flow, login, verifyEmail, resendCode, reset, isMember } = useAuth();
  const { view, pending } = useSettledFlow(flow);
  const returnTo = useReturnTo();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useLeaveWhenMember(isMember || flow.state === 'SUCCESS', returnTo);

  function submit(event: FormEvent) {
    event.preventDefault();
    void login({ email: email.trim(), password });
  }
  const back = () => {
    setPassword('');
    reset();
  };

  let body: ReactNode;
  if (view.state === 'EMAIL_VERIFICATION_REQUIRED') {
    body = (
      <EmailCodeForm email={email} error={view.error} pending={pending} onVerify={verifyEmail} onResend={resendCode} onCancel={back} />
    );
  } else if (view.state === 'INITIAL' || view.state === 'FAILURE' || view.state === 'PENDING') {
    const error = view.state === 'FAILURE' ? authErrorMessage(view.error, view.errorCode) : '';
    body = (
      <>
        <form className="account-form" onSubmit={submit} aria-label="Sign in with your e-mail address">
          <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
          <PasswordField
            id={`${id}-password`}
            name="password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <FormAlert>{error}</FormAlert>
          <button type="submit" className="button button--primary button--large" disabled={pending}>
            {pending ? 'Signing in…' : 'Sign in'}
          </button>
          <p className="account-form__links">
            <Link to="/me/forgot-password">Forgot your password?</Link>
            <Link to={`/me/register${returnToQuery(returnTo)}`}>Create an account</Link>
          </p>
        </form>
        <p className="account-divider">
          <span>or</span>
        </p>
        <HostedLoginButton returnTo={returnTo} />
      </>
    );
  } else {
    body = <FlowNotice view={view} returnTo={returnTo} onBack={back} />;
  }

  return (
    <div className="container account-page">
      <div className="account-card">
        <h1>Sign in</h1>
        {body}
      </div>
    </div>
  );
}
