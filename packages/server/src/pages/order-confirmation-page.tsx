import { createElement } from 'react';
import { checkoutStyles, OrderSummary, type SummaryView } from './checkout-summary.js';
import { Layout, type PageBase, renderDocument } from './layout.js';

/** "Thank you": the order number, what to do to pay, where it goes, and the summary. */
export interface OrderConfirmationPageProps extends PageBase {
  number: string;
  email: string;
  payment: { title: string; instructions: string };
  delivery?: string;
  summary: SummaryView;
  /** back to the shop, when the session named a page */
  continueUrl?: string;
}

/** The confirmation shown when the checkout session has no thank-you page of its own. */
export function OrderConfirmationPage(p: OrderConfirmationPageProps) {
  return (
    <Layout shopName={p.shopName} nonce={p.nonce} lang={p.lang} title={`Order ${p.number} confirmed`}>
      <style nonce={p.nonce}>{checkoutStyles}</style>
      <h1>Thank you for your order</h1>
      <p role="status">
        Your order number is <strong>{p.number}</strong>. We sent a confirmation to <strong>{p.email}</strong>.
      </p>
      <section aria-labelledby="payment-title" className="checkout-section">
        <h2 id="payment-title">Payment: {p.payment.title}</h2>
        <p className="instructions">{p.payment.instructions}</p>
      </section>
      {p.delivery && (
        <section aria-labelledby="delivery-title" className="checkout-section">
          <h2 id="delivery-title">Delivery</h2>
          <p>{p.delivery}</p>
        </section>
      )}
      <OrderSummary summary={p.summary} title="Your order" />
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
