import {
  CaptchaWidget,
  EmailField,
  Field,
  FormError,
  type FormTarget,
  hasErrors,
  NewPasswordField,
  PostForm,
  SubmitButton,
} from './components.js';
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
export function RegisterPage(props: RegisterPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  const values = props.values ?? {};
  return (
    <Layout {...props} title="Create an account" hasErrors={hasErrors(props.error, fieldErrors)}>
      <h1>Create an account</h1>
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <PostForm target={props}>
        <Field
          name="firstName"
          label={`${labels.firstName} (optional)`}
          type="text"
          autoComplete="given-name"
          value={values.firstName}
          error={fieldErrors.firstName}
          required={false}
          maxLength={100}
        />
        <Field
          name="lastName"
          label={`${labels.lastName} (optional)`}
          type="text"
          autoComplete="family-name"
          value={values.lastName}
          error={fieldErrors.lastName}
          required={false}
          maxLength={100}
        />
        <EmailField label={labels.email} value={values.email} error={fieldErrors.email} />
        <NewPasswordField label={labels.password} error={fieldErrors.password} />
        {props.captcha && <CaptchaWidget challengeUrl={props.captcha.challengeUrl} />}
        <SubmitButton>Create account</SubmitButton>
      </PostForm>
      <p className="links">
        <span>
          Already have an account? <a href={props.links.login}>Sign in</a>
        </span>
      </p>
    </Layout>
  );
}
