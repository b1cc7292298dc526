import { Field, FormError, type FormTarget, HiddenInputs, hasErrors, PostForm, SubmitButton } from './components.js';
import { Layout, type PageBase } from './layout.js';

const labels = { code: 'Verification code' };

/**
 * The e-mail verification form; it posts `code` with the hidden values. The resend button is a
 * second form posting the same hidden values to `resendAction`.
 */
export interface VerifyEmailPageProps extends PageBase, FormTarget {
  /** Where the code went ("We sent a 6-digit code to …"). */
  email?: string;
  resendAction: string;
  /** A status line, e.g. "We sent a new code." after a resend. */
  notice?: string;
  error?: string;
  fieldErrors?: Partial<Record<keyof typeof labels, string>>;
}

/** "Check your email": the 6-digit code input (numeric keyboard, one-time-code autofill) and a resend form. */
export function VerifyEmailPage(p: VerifyEmailPageProps) {
  const fe = p.fieldErrors ?? {};
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Verify your email" hasErrors={hasErrors(p.error, fe)}>
      <h1>Check your email</h1>
      <p>
        {p.email ? (
          <>
            We sent a 6-digit code to <strong>{p.email}</strong>.
          </>
        ) : (
          'We sent a 6-digit code to your email address.'
        )}{' '}
        Enter it to confirm it is yours.
      </p>
      {p.notice && (
        <p className="notice" role="status">
          {p.notice}
        </p>
      )}
      <FormError error={p.error} fieldErrors={fe} labels={labels} />
      <PostForm target={p}>
        <Field
          name="code"
          label={labels.code}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          minLength={6}
          maxLength={6}
          hint="6 digits"
          error={fe.code}
          className="code-input"
        />
        <SubmitButton>Verify</SubmitButton>
      </PostForm>
      <form method="post" action={p.resendAction} aria-label="Resend the code">
        <HiddenInputs values={p.hidden} />
        <p className="muted">Didn't get it? Check your spam folder, or:</p>
        <SubmitButton secondary>Send a new code</SubmitButton>
      </form>
    </Layout>
  );
}
