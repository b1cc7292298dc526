import { FormError, type FormTarget, PostForm } from './components.js';
import { Layout, type PageBase } from './layout.js';

/**
 * The consent question for a signed-in shopper. One form, two submit buttons: it posts
 * `choice=continue` or `choice=other` ("Use another account") with the hidden values.
 */
export interface ConsentPageProps extends PageBase, FormTarget {
  /** The OAuth client's display name. */
  clientName: string;
  /** The signed-in account. */
  email: string;
  error?: string;
}

/** "<client> wants to sign you in as <email>" with Continue and Use another account. */
export function ConsentPage(props: ConsentPageProps) {
  return (
    <Layout {...props} title={`Continue to ${props.clientName}`} hasErrors={Boolean(props.error)}>
      <h1>
        {props.clientName} wants to sign you in as <span className="account-email">{props.email}</span>
      </h1>
      <FormError error={props.error} labels={{}} />
      <PostForm target={props}>
        <div className="actions">
          <button type="submit" name="choice" value="continue" className="button">
            Continue
          </button>
          <button type="submit" name="choice" value="other" className="button button-secondary">
            Use another account
          </button>
        </div>
      </PostForm>
    </Layout>
  );
}
