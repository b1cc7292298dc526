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
export function ErrorPage(p: ErrorPageProps) {
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title={p.title}>
      <h1>{p.title}</h1>
      {p.message && <p>{p.message}</p>}
      {p.link && (
        <p>
          <a href={p.link.href}>{p.link.label}</a>
        </p>
      )}
    </Layout>
  );
}
