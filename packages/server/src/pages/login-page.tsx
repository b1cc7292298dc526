import { CaptchaWidget, EmailField, Field, FormError, type FormTarget, hasErrors, PostForm, SubmitButton } from './components.js';
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
export function LoginPage(props: LoginPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  return (
    <Layout {...props} title="Sign in" hasErrors={hasErrors(props.error, fieldErrors)}>
      <h1>Sign in</h1>
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <PostForm target={props}>
        <EmailField label={labels.email} value={props.email} error={fieldErrors.email} />
        <Field
          name="password"
          label={labels.password}
          type="password"
          autoComplete="current-password"
          error={fieldErrors.password}
          maxLength={256}
        />
        {props.captcha && <CaptchaWidget challengeUrl={props.captcha.challengeUrl} />}
        <SubmitButton>Sign in</SubmitButton>
      </PostForm>
      <p className="links">
        <a href={props.links.forgotPassword}>Forgot your password?</a>
        {props.links.register && <a href={props.links.register}>Create an account</a>}
      </p>
    </Layout>
  );
}
