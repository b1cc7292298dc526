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
export function VerifyEmailPage(props: VerifyEmailPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  return (
    <Layout {...props} title="Verify your email" hasErrors={hasErrors(props.error, fieldErrors)}>
      <h1>Check your email</h1>
      <p>
        {props.email ? (
          <>
            We sent a 6-digit code to <strong>{props.email}</strong>.
          </>
        ) : (
          'We sent a 6-digit code to your email address.'
        )}{' '}
        Enter it to confirm it is yours.
      </p>
      {props.notice && (
        <p className="notice" role="status">
          {props.notice}
        </p>
      )}
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <PostForm target={props}>
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
          error={fieldErrors.code}
          className="code-input"
        />
        <SubmitButton>Verify</SubmitButton>
      </PostForm>
      <form method="post" action={props.resendAction} aria-label="Resend the code">
        <HiddenInputs values={props.hidden} />
        <p className="muted">Didn't get it? Check your spam folder, or:</p>
        <SubmitButton secondary>Send a new code</SubmitButton>
      </form>
    </Layout>
  );
}
