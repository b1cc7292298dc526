import { Field, FormError, type FormTarget, hasErrors, NewPasswordField, PostForm, SubmitButton } from './components.js';
import { Layout, type PageBase } from './layout.js';

const labels = { password: 'New password', confirm: 'Confirm new password' };

/** The new-password form; it posts `password` and `confirm` with the hidden values (recovery token, CSRF). */
export interface ResetPasswordPageProps extends PageBase, FormTarget {
  /** The account's e-mail, shown so the shopper knows which password they are changing. */
  email?: string;
  error?: string;
  fieldErrors?: Partial<Record<keyof typeof labels, string>>;
}

/** "Choose a new password": the password twice, with the policy hint. */
export function ResetPasswordPage(props: ResetPasswordPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  return (
    <Layout {...props} title="Choose a new password" hasErrors={hasErrors(props.error, fieldErrors)}>
      <h1>Choose a new password</h1>
      {props.email && (
        <p>
          For <strong>{props.email}</strong>
        </p>
      )}
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <PostForm target={props}>
        <NewPasswordField label={labels.password} error={fieldErrors.password} />
        <Field
          name="confirm"
          label={labels.confirm}
          type="password"
          autoComplete="new-password"
          error={fieldErrors.confirm}
          minLength={8}
          maxLength={256}
        />
        <SubmitButton>Save password</SubmitButton>
      </PostForm>
    </Layout>
  );
}
