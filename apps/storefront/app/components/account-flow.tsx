/** The pieces the sign-in and registration pages share: flow steps, errors, the hosted sign-in button. */
import { type AuthFlowState, useAuth } from '@vitrine/react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { authErrorMessage } from '../lib/auth-messages.js';

/**
 * The flow state to show: while a call is out (`PENDING`) the step it started from stays on screen
 * (the code form does not flicker back to the sign-in form), with its buttons disabled.
 */
export function useSettledFlow(flow: AuthFlowState): { view: AuthFlowState; pending: boolean } {
  const [settled, setSettled] = useState(flow);
  if (flow.state !== 'PENDING' && flow !== settled) setSettled(flow);
  return { view: flow.state === 'PENDING' ? settled : flow, pending: flow.state === 'PENDING' };
}

/** An error for the form, read out as it appears. */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="account-form__error" role="alert">
      {children}
    </p>
  );
}

/** Opens the shop's hosted sign-in page (PKCE) and comes back to `returnTo` through `/me/callback`. */
export function HostedLoginButton({ returnTo, children }: { returnTo: string; children?: ReactNode }) {
  const { loginWithRedirect } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function go() {
    setBusy(true);
    setError('');
    try {
      const origin = window.location.origin;
      await loginWithRedirect({ redirectUri: `${origin}/me/callback`, originalUri: `${origin}${returnTo}` });
    } catch (failure) {
      setBusy(false);
      setError(authErrorMessage(failure instanceof Error ? failure.message : String(failure)));
    }
  }
  return (
    <div className="account-hosted">
      <button type="button" className="button account-hosted__button" onClick={go} disabled={busy}>
        {children ?? 'Continue with the shop’s sign-in page'}
      </button>
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** The step after registration or sign-in when the shop wants the e-mail address confirmed. */
export function EmailCodeForm(props: {
  email: string;
  error?: string;
  pending: boolean;
  onVerify(code: string): Promise<AuthFlowState>;
  onResend(): Promise<AuthFlowState>;
  onCancel(): void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    setResent(false);
    void props.onVerify(code.trim());
  }
  async function resend() {
    const next = await props.onResend();
    setResent(next.state === 'EMAIL_VERIFICATION_REQUIRED' && !next.error);
  }
  return (
    <form className="account-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Check your e-mail</h2>
      <p>
        We sent a 6-digit code to <strong>{props.email}</strong>. Enter it to confirm your e-mail address.
      </p>
      <div className="account-field">
        <label htmlFor={`${id}-code`}>Verification code</label>
        <input
          id={`${id}-code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={12}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={props.error ? `${id}-error` : undefined}
        />
      </div>
      {props.error ? (
        <p id={`${id}-error`} className="account-form__error" role="alert">
          {authErrorMessage(props.error)}
        </p>
      ) : null}
      {resent ? (
        <p className="account-form__note" role="status">
          We sent a new code.
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--large" disabled={props.pending}>
        {props.pending ? 'Checking…' : 'Confirm'}
      </button>
      <p className="account-form__links">
        <button type="button" className="account-link-button" onClick={resend} disabled={props.pending}>
          Send a new code
        </button>
        <button type="button" className="account-link-button" onClick={props.onCancel} disabled={props.pending}>
          Start over
        </button>
      </p>
    </form>
  );
}

/** The steps of a flow that are not a form of the page's own: owner approval, a captcha, success. */
export function FlowNotice({ view, returnTo, onBack }: { view: AuthFlowState; returnTo: string; onBack(): void }) {
  switch (view.state) {
    case 'OWNER_APPROVAL_REQUIRED':
      return (
        <div className="account-notice" role="status">
          <h2>Waiting for the shop’s approval</h2>
          <p>The shop approves new accounts by hand. You can sign in as soon as your account is approved.</p>
          <button type="button" className="button" onClick={onBack}>
            Back
          </button>
        </div>
      );
    case 'USER_CAPTCHA_REQUIRED':
    case 'SILENT_CAPTCHA_REQUIRED':
      return (
        <div className="account-notice" role="alert">
          <h2>One more check</h2>
          <p>The shop needs to check that you are not a robot, which only its own sign-in page can do. Please continue there.</p>
          <HostedLoginButton returnTo={returnTo}>Use the shop’s sign-in page</HostedLoginButton>
          <button type="button" className="account-link-button" onClick={onBack}>
            Back
          </button>
        </div>
      );
    case 'SUCCESS':
      return (
        <p className="account-notice" role="status">
          You are signed in. Taking you on…
        </p>
      );
    default:
      return null;
  }
}

/** Once signed in (now, or already when the page opened): on to `returnTo`, once. */
export function useLeaveWhenMember(isMember: boolean, returnTo: string): void {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!isMember || left.current) return;
    left.current = true;
    navigate(returnTo, { replace: true });
  }, [isMember, returnTo, navigate]);
}

/** The e-mail address field of the account forms (the browser fills it in and checks its shape). */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  return (
    <div className="account-field">
      <label htmlFor={id}>E-mail address</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A password field of the account forms: the one the shopper signs in with (`current-password`) or a new
 * one (`new-password`, so the browser offers to make one up); 256 characters at most, as the server takes.
 */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  value,
  onChange,
  hintId,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
  /** The id of the hint under the form that says what the password needs, when there is one. */
  hintId?: string;
}) {
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        maxLength={256}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
      />
    </div>
  );
}
