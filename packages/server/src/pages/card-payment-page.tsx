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

function CardPaymentPage(props: CardPaymentPageProps) {
  return (
    <Layout shopName={props.shopName} nonce={props.nonce} lang={props.lang} title="Pay by card" hasErrors={Boolean(props.error)}>
      <style nonce={props.nonce}>{checkoutStyles + cardStyles}</style>
      <h1>Pay by card</h1>
      <p id="card-error" className="form-error" role="alert" tabIndex={-1} hidden={!props.error}>
        {props.error}
      </p>
      <OrderSummary summary={props.summary} />
      <form
        aria-label="Card payment"
        data-card-payment=""
        data-publishable-key={props.publishableKey}
        data-client-secret={props.clientSecret}
        data-return-url={props.returnUrl}
      >
        <section aria-labelledby="card-title" className="checkout-section">
          <h2 id="card-title">Card details</h2>
          <div id="payment-element" />
          <noscript>
            <p className="field-error">Card payments need JavaScript. Go back to choose another payment method.</p>
          </noscript>
        </section>
        <div className="card-actions">
          <button type="submit" className="button">{`Pay ${props.total}`}</button>
          <a href={props.backUrl}>Back to checkout</a>
        </div>
      </form>
      <script src={props.stripeJsUrl} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own code, no shop or buyer data (the keys travel in data attributes). */}
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: cardPaymentScript() }} />
    </Layout>
  );
}

/** The complete HTML document of the pay step. */
export function renderCardPaymentPage(props: CardPaymentPageProps): string {
  return renderDocument(createElement(CardPaymentPage, props));
}
