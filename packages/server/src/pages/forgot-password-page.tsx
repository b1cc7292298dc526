import { CaptchaWidget, EmailField, FormError, type FormTarget, hasErrors, PostForm, SubmitButton } from './components.js';
import { type CaptchaAssets, Layout, type PageBase } from './layout.js';

const labels = { email: 'Email' };

/** The recovery request form; it posts `email` (and `altcha` with the captcha) with the hidden values. */
export interface ForgotPasswordPageProps extends PageBase, FormTarget {
  email?: string;
  error?: string;
  fieldErrors?: Partial<Record<keyof typeof labels, string>>;
  captcha?: CaptchaAssets;
  /**
   * After a post: the address the link went to. The page then confirms instead of showing the form,
   * worded so it does not reveal whether an account exists.
   */
  sentTo?: string;
  links: { login: string };
}

/** "Reset your password": asks for the e-mail, then confirms that a link is on its way. */
export function ForgotPasswordPage(props: ForgotPasswordPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  if (props.sentTo !== undefined) {
    return (
      <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title="Check your email">
        <h1>Check your email</h1>
        <p role="status">
          If an account exists for <strong>{props.sentTo}</strong>, we sent it a link to reset the password. The link works for a limited
          time.
        </p>
        <p>
          <a href={props.links.login}>Back to sign in</a>
        </p>
      </Layout>
    );
  }
  return (
    <Layout {...props} title="Reset your password" hasErrors={hasErrors(props.error, fieldErrors)}>
      <h1>Reset your password</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <PostForm target={props}>
        <EmailField label={labels.email} value={props.email} error={fieldErrors.email} />
        {props.captcha && <CaptchaWidget challengeUrl={props.captcha.challengeUrl} />}
        <SubmitButton>Send reset link</SubmitButton>
      </PostForm>
      <p className="links">
        <a href={props.links.login}>Back to sign in</a>
      </p>
    </Layout>
  );
}
