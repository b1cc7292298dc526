import { createElement } from 'react';
import { cardPaymentScript } from './card-payment-script.js';
import { checkoutStyles, OrderSummary, type SummaryView } from './checkout-summary.js';
import { Layout, type PageBase, renderDocument } from './layout.js';

/**
 * The checkout's pay step for cards (issue #20): the order summary, Stripe's Payment Element and
 * "Pay". Stripe.js comes from `stripeJsUrl`; only the publishable key and the intent's client
 * secret reach the page. Without JavaScript the card form cannot work, and the page says so.
 */
export interface CardPaymentPageProps extends PageBase {
  stripeJsUrl: string;
  publishableKey: string;
  clientSecret: string;
  /** where Stripe sends the buyer back (our server places the order there) */
  returnUrl: string;
  /** back to the checkout form (another method, other details) */
  backUrl: string;
  /** the formatted amount on the "Pay" button */
  total: string;
  summary: SummaryView;
  /** why the last attempt failed */
  error?: string;
}

const cardStyles = `
#payment-element { min-height: 3rem; margin: 1rem 0; }
.card-actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
`;

function CardPaymentPage(p: CardPaymentPageProps) {
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title="Pay by card" hasErrors={Boolean(p.error)}>
      <style nonce={p.nonce}>{checkoutStyles + cardStyles}</style>
      <h1>Pay by card</h1>
      <p id="card-error" className="form-error" role="alert" tabIndex={-1} hidden={!p.error}>
        {p.error}
      </p>
      <OrderSummary summary={p.summary} />
      <form
        aria-label="Card payment"
        data-card-payment=""
        data-publishable-key={p.publishableKey}
        data-client-secret={p.clientSecret}
        data-return-url={p.returnUrl}
      >
        <section aria-labelledby="card-title" className="checkout-section">
          <h2 id="card-title">Card details</h2>
          <div id="payment-element" />
          <noscript>
            <p className="field-error">Card payments need JavaScript. Go back to choose another payment method.</p>
          </noscript>
        </section>
        <div className="card-actions">
          <button type="submit" className="button">{`Pay ${p.total}`}</button>
          <a href={p.backUrl}>Back to checkout</a>
        </div>
      </form>
      <script src={p.stripeJsUrl} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own code, no shop or buyer data (the keys travel in data attributes). */}
      <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: cardPaymentScript() }} />
    </Layout>
  );
}

/** The complete HTML document of the pay step. */
export function renderCardPaymentPage(props: CardPaymentPageProps): string {
  return renderDocument(createElement(CardPaymentPage, props));
}
