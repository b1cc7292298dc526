import { type FormTarget, PostForm, SubmitButton } from './components.js';
import { Layout, type PageBase } from './layout.js';

/** Asks before signing out; the form posts only its hidden values (a GET must never sign anyone out). */
interface LogoutConfirmProps extends PageBase, FormTarget {
  state: 'confirm';
  /** The signed-in account, when known. */
  email?: string;
  /** Where "Stay signed in" goes. */
  cancelUrl?: string;
}

/** Says the shopper is signed out, with an optional way back to the shop. */
export interface SignedOutProps extends PageBase {
  state: 'signed-out';
  continueUrl?: string;
}

export type LogoutPageProps = LogoutConfirmProps | SignedOutProps;

/** The logout confirmation, or "You are signed out". */
export function LogoutPage(props: LogoutPageProps) {
  if (props.state === 'signed-out') {
    return (
      <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title="You are signed out">
        <h1>You are signed out</h1>
        <p role="status">You have been signed out of {props.shopName}.</p>
        {props.continueUrl && (
          <p>
            <a className="button" href={props.continueUrl}>
              Continue to {props.shopName}
            </a>
          </p>
        )}
      </Layout>
    );
  }
  return (
    <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title="Sign out">
      <h1>Sign out?</h1>
      <p>
        {props.email ? (
          <>
            You are signed in as <strong>{props.email}</strong>.
          </>
        ) : (
          'You are signed in.'
        )}
      </p>
      <PostForm target={props}>
        <SubmitButton>Sign out</SubmitButton>
      </PostForm>
      {props.cancelUrl && (
        <p className="links">
          <a href={props.cancelUrl}>Stay signed in</a>
        </p>
      )}
    </Layout>
  );
}
