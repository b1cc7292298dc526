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
export function SelectAccountPage(p: SelectAccountPageProps) {
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Choose an account" hasErrors={Boolean(p.error)}>
      <h1>Choose an account</h1>
      {p.clientName && <p className="muted">to continue to {p.clientName}</p>}
      <FormError error={p.error} labels={{}} />
      <PostForm target={p}>
        <ul className="account-list">
          {p.accounts.map((a) => (
            <li key={a.choice}>
              <button type="submit" name="choice" value={a.choice} className="account">
                {a.name && (
                  <>
                    <span className="account-name">{a.name}</span>{' '}
                  </>
                )}
                <span className="account-email">{a.email}</span>
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
