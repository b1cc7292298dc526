import { useAuth } from '@vitrine/react';
import type { RegisterParams } from '@vitrine/sdk';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmailCodeForm, EmailField, FlowNotice, FormAlert, useLeaveWhenMember, useSettledFlow } from '../components/account-flow.js';
import { authErrorMessage, PASSWORD_RULE } from '../lib/auth-messages.js';
import { returnToQuery, useReturnTo } from '../lib/return-to.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me.register';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Create an account · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

interface Draft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** The registration input: the optional names only when given. */
export function toRegisterParams(draft: Draft): RegisterParams {
  const firstName = draft.firstName.trim();
  const lastName = draft.lastName.trim();
  const profile = { ...(firstName && { firstName }), ...(lastName && { lastName }) };
  return { email: draft.email.trim(), password: draft.password, ...(Object.keys(profile).length && { profile }) };
}

/**
 * Create an account: e-mail, password and optional names, then the e-mailed code when the shop
 * verifies addresses, or the wait for its approval; signed in at the end, on to `?returnTo=` or `/me`.
 */
export default function RegisterPage() {
  const { flow, register, verifyEmail, resendCode, reset, isMember } = useAuth();
  const { view, pending } = useSettledFlow(flow);
  const returnTo = useReturnTo();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ firstName: '', lastName: '', email: '', password: '' });
  useLeaveWhenMember(isMember || flow.state === 'SUCCESS', returnTo);

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    void register(toRegisterParams(draft));
  }
  const back = () => {
    setDraft((current) => ({ ...current, password: '' }));
    reset();
  };

  let body: ReactNode;
  if (view.state === 'EMAIL_VERIFICATION_REQUIRED') {
    body = (
      <EmailCodeForm
        email={draft.email.trim()}
        error={view.error}
        pending={pending}
        onVerify={verifyEmail}
        onResend={resendCode}
        onCancel={back}
      />
    );
  } else if (view.state === 'INITIAL' || view.state === 'FAILURE' || view.state === 'PENDING') {
    const error = view.state === 'FAILURE' ? authErrorMessage(view.error, view.errorCode) : '';
    body = (
      <form className="account-form" onSubmit={submit} aria-label="Create an account">
        <div className="account-form__row">
          <div className="account-field">
            <label htmlFor={`${id}-firstName`}>
              First name <span className="account-field__optional">(optional)</span>
            </label>
            <input {...field('firstName')} autoComplete="given-name" maxLength={100} />
          </div>
          <div className="account-field">
            <label htmlFor={`${id}-lastName`}>
              Last name <span className="account-field__optional">(optional)</span>
            </label>
            <input {...field('lastName')} autoComplete="family-name" maxLength={100} />
          </div>
        </div>
        <EmailField id={`${id}-email`} value={draft.email} onChange={(email) => setDraft((current) => ({ ...current, email }))} />
        <div className="account-field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            {...field('password')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            aria-describedby={`${id}-password-hint`}
          />
          <p id={`${id}-password-hint`} className="account-field__hint">
            {PASSWORD_RULE}
          </p>
        </div>
        <FormAlert>{error}</FormAlert>
        <button type="submit" className="button button--primary button--large" disabled={pending}>
          {pending ? 'Creating your account…' : 'Create account'}
        </button>
        <p className="account-form__links">
          <span>
            Already have an account? <Link to={`/me/login${returnToQuery(returnTo)}`}>Sign in</Link>
          </span>
        </p>
      </form>
    );
  } else {
    body = <FlowNotice view={view} returnTo={returnTo} onBack={back} />;
  }

  return (
    <div className="container account-page">
      <div className="account-card">
        <h1>Create an account</h1>
        {body}
      </div>
    </div>
  );
}
