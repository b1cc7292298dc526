import { Layout, type PageBase } from './layout.js';

/** A dead end the shopper can understand: what happened, and optionally where to go next. */
export interface ErrorPageProps extends PageBase {
  /** The heading and title, e.g. "This sign-in link has expired". */
  title: string;
  /** One or two sentences on what to do now. */
  message?: string;
  link?: { href: string; label: string };
}

/** The generic error page (expired or invalid links, unknown clients, failed flows). */
export function ErrorPage(props: ErrorPageProps) {
  return (
    <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title={props.title}>
      <h1>{props.title}</h1>
      {props.message && <p>{props.message}</p>}
      {props.link && (
        <p>
          <a href={props.link.href}>{props.link.label}</a>
        </p>
      )}
    </Layout>
  );
}
