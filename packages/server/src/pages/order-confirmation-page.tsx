import { createElement } from 'react';
import { checkoutStyles, OrderSummary, type SummaryView } from './checkout-summary.js';
import { Layout, type PageBase, renderDocument } from './layout.js';
import type { PaymentView } from './order-status-page.js';
import { type ShopContact, ShopFooter } from './shop-footer.js';

/** "Thank you": the order number, what to do to pay, where it goes, and the summary. */
export interface OrderConfirmationPageProps extends PageBase {
  number: string;
  email: string;
  /** instructions only while the order still waits for the money (never once paid, shipped or cancelled) */
  payment: PaymentView;
  /** the order's status page, where the buyer follows it */
  statusUrl?: string;
  delivery?: string;
  summary: SummaryView;
  /** back to the shop, when the session named a page */
  continueUrl?: string;
  contact?: ShopContact;
}

/** What the page says instead of the instructions once the buyer has nothing to pay. */
const PAID_TEXT: Record<Exclude<PaymentView['state'], 'awaiting'>, string> = {
  paid: 'Paid. Thank you.',
  refunded: 'Refunded.',
  'partially-refunded': 'Partly refunded.',
  'not-due': 'Nothing to pay.',
};

/** The confirmation shown when the checkout session has no thank-you page of its own. */
function OrderConfirmationPage(p: OrderConfirmationPageProps) {
  return (
    <Layout
      shopName={p.shopName}
      nonce={p.nonce}
      lang={p.lang}
      title={`Order ${p.number} confirmed`}
      footer={<ShopFooter shopName={p.shopName} contact={p.contact} />}
    >
      <style nonce={p.nonce}>{checkoutStyles}</style>
      <h1>Thank you for your order</h1>
      <p role="status">
        Your order number is <strong>{p.number}</strong>. We sent a confirmation to <strong>{p.email}</strong>.
      </p>
      <section aria-labelledby="payment-title" className="checkout-section">
        <h2 id="payment-title">Payment: {p.payment.title}</h2>
        {p.payment.state === 'awaiting' ? (
          <p className="instructions">{p.payment.instructions}</p>
        ) : (
          <p data-testid="payment-state">{PAID_TEXT[p.payment.state]}</p>
        )}
      </section>
      {p.delivery && (
        <section aria-labelledby="delivery-title" className="checkout-section">
          <h2 id="delivery-title">Delivery</h2>
          <p>{p.delivery}</p>
        </section>
      )}
      <OrderSummary summary={p.summary} title="Your order" />
      {p.statusUrl && (
        <p>
          <a href={p.statusUrl}>Follow your order</a>
        </p>
      )}
      {p.continueUrl && (
        <p>
          <a className="button" href={p.continueUrl}>
            Continue shopping
          </a>
        </p>
      )}
    </Layout>
  );
}

/** The complete HTML document of the order confirmation. */
export function renderOrderConfirmationPage(props: OrderConfirmationPageProps): string {
  return renderDocument(createElement(OrderConfirmationPage, props));
}
