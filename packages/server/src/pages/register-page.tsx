import { CaptchaWidget, Field, FormError, type FormTarget, hasErrors, NewPasswordField, PostForm, SubmitButton } from './components.js';
import { type CaptchaAssets, Layout, type PageBase } from './layout.js';

const labels = { firstName: 'First name', lastName: 'Last name', email: 'Email', password: 'Password' };

/** The registration form; it posts `firstName`, `lastName`, `email`, `password` (and `altcha` with the captcha). */
export interface RegisterPageProps extends PageBase, FormTarget {
  /** Values to fill in again after a failed attempt (never the password). */
  values?: { email?: string; firstName?: string; lastName?: string };
  error?: string;
  fieldErrors?: Partial<Record<keyof typeof labels, string>>;
  captcha?: CaptchaAssets;
  links: { login: string };
}

/** "Create an account": optional names, e-mail and a new password with its policy hint. */
export function RegisterPage(p: RegisterPageProps) {
  const fe = p.fieldErrors ?? {};
  const v = p.values ?? {};
  return (
    <Layout
      shopName={p.shopName}
      nonce={p.nonce}
      lang={p.lang}
      title="Create an account"
      hasErrors={hasErrors(p.error, fe)}
      captcha={p.captcha}
    >
      <h1>Create an account</h1>
      <FormError error={p.error} fieldErrors={fe} labels={labels} />
      <PostForm target={p}>
        <Field
          name="firstName"
          label={`${labels.firstName} (optional)`}
          type="text"
          autoComplete="given-name"
          value={v.firstName}
          error={fe.firstName}
          required={false}
          maxLength={100}
        />
        <Field
          name="lastName"
          label={`${labels.lastName} (optional)`}
          type="text"
          autoComplete="family-name"
          value={v.lastName}
          error={fe.lastName}
          required={false}
          maxLength={100}
        />
        <Field name="email" label={labels.email} type="email" autoComplete="email" value={v.email} error={fe.email} maxLength={254} />
        <NewPasswordField label={labels.password} error={fe.password} />
        {p.captcha && <CaptchaWidget challengeUrl={p.captcha.challengeUrl} />}
        <SubmitButton>Create account</SubmitButton>
      </PostForm>
      <p className="links">
        <span>
          Already have an account? <a href={p.links.login}>Sign in</a>
        </span>
      </p>
    </Layout>
  );
}
