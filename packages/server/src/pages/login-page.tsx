import { CaptchaWidget, Field, FormError, type FormTarget, hasErrors, PostForm, SubmitButton } from './components.js';
import { type CaptchaAssets, Layout, type PageBase } from './layout.js';

const labels = { email: 'Email', password: 'Password' };

/** The login form; it posts `email`, `password` (and `altcha` when the captcha is shown) with the hidden values. */
export interface LoginPageProps extends PageBase, FormTarget {
  /** The e-mail to fill in again after a failed attempt. */
  email?: string;
  /** The form-level failure ("Wrong email or password"). */
  error?: string;
  fieldErrors?: Partial<Record<keyof typeof labels, string>>;
  /** Shown only when the captcha policy asks for one. */
  captcha?: CaptchaAssets;
  /** no `register` link where sign-up is closed (a merchant client's sign-in) */
  links: { register?: string; forgotPassword: string };
}

/** "Sign in": e-mail and password, links to password recovery and (where sign-up is open) to register. */
export function LoginPage(p: LoginPageProps) {
  const fe = p.fieldErrors ?? {};
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Sign in" hasErrors={hasErrors(p.error, fe)} captcha={p.captcha}>
      <h1>Sign in</h1>
      <FormError error={p.error} fieldErrors={fe} labels={labels} />
      <PostForm target={p}>
        <Field name="email" label={labels.email} type="email" autoComplete="email" value={p.email} error={fe.email} maxLength={254} />
        <Field
          name="password"
          label={labels.password}
          type="password"
          autoComplete="current-password"
          error={fe.password}
          maxLength={256}
        />
        {p.captcha && <CaptchaWidget challengeUrl={p.captcha.challengeUrl} />}
        <SubmitButton>Sign in</SubmitButton>
      </PostForm>
      <p className="links">
        <a href={p.links.forgotPassword}>Forgot your password?</a>
        {p.links.register && <a href={p.links.register}>Create an account</a>}
      </p>
    </Layout>
  );
}
