import { FormError, type FormTarget, PostForm } from './components.js';
import { Layout, type PageBase } from './layout.js';

/** An account the shopper may continue with. */
interface AccountChoice {
  email: string;
  /** The member's name, when known. */
  name?: string;
  /** What the account's button posts as `choice`. */
  choice: string;
}

/**
 * The account chooser. One form: each account is a submit button posting `choice=<account.choice>`;
 * "Use another account" posts `choice=other`.
 */
export interface SelectAccountPageProps extends PageBase, FormTarget {
  accounts: AccountChoice[];
  /** The client the shopper is signing in to, when it has a display name. */
  clientName?: string;
  error?: string;
}

/** "Choose an account": a list of account buttons and a way to use another one. */
export function SelectAccountPage(props: SelectAccountPageProps) {
  return (
    <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title="Choose an account" hasErrors={Boolean(props.error)}>
      <h1>Choose an account</h1>
      {props.clientName && <p className="muted">to continue to {props.clientName}</p>}
      <FormError error={props.error} labels={{}} />
      <PostForm target={props}>
        <ul className="account-list">
          {props.accounts.map((account) => (
            <li key={account.choice}>
              <button type="submit" name="choice" value={account.choice} className="account">
                {account.name && (
                  <>
                    <span className="account-name">{account.name}</span>{' '}
                  </>
                )}
                <span className="account-email">{account.email}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="submit" name="choice" value="other" className="button button-secondary">
          Use another account
        </button>
      </PostForm>
    </Layout>
  );
}
