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
export function ResetPasswordPage(p: ResetPasswordPageProps) {
  const fe = p.fieldErrors ?? {};
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Choose a new password" hasErrors={hasErrors(p.error, fe)}>
      <h1>Choose a new password</h1>
      {p.email && (
        <p>
          For <strong>{p.email}</strong>
        </p>
      )}
      <FormError error={p.error} fieldErrors={fe} labels={labels} />
      <PostForm target={p}>
        <NewPasswordField label={labels.password} error={fe.password} />
        <Field
          name="confirm"
          label={labels.confirm}
          type="password"
          autoComplete="new-password"
          error={fe.confirm}
          minLength={8}
          maxLength={256}
        />
        <SubmitButton>Save password</SubmitButton>
      </PostForm>
    </Layout>
  );
}
