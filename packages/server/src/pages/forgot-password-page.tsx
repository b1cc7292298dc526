import { CaptchaWidget, Field, FormError, type FormTarget, hasErrors, PostForm, SubmitButton } from './components.js';
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
export function ForgotPasswordPage(p: ForgotPasswordPageProps) {
  const fe = p.fieldErrors ?? {};
  if (p.sentTo !== undefined) {
    return (
      <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Check your email">
        <h1>Check your email</h1>
        <p role="status">
          If an account exists for <strong>{p.sentTo}</strong>, we sent it a link to reset the password. The link works for a limited time.
        </p>
        <p>
          <a href={p.links.login}>Back to sign in</a>
        </p>
      </Layout>
    );
  }
  return (
    <Layout
      shopName={p.shopName}
      nonce={p.nonce}
      lang={p.lang}
      title="Reset your password"
      hasErrors={hasErrors(p.error, fe)}
      captcha={p.captcha}
    >
      <h1>Reset your password</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormError error={p.error} fieldErrors={fe} labels={labels} />
      <PostForm target={p}>
        <Field name="email" label={labels.email} type="email" autoComplete="email" value={p.email} error={fe.email} maxLength={254} />
        {p.captcha && <CaptchaWidget challengeUrl={p.captcha.challengeUrl} />}
        <SubmitButton>Send reset link</SubmitButton>
      </PostForm>
      <p className="links">
        <a href={p.links.login}>Back to sign in</a>
      </p>
    </Layout>
  );
}
