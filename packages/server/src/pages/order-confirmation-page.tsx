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
function OrderConfirmationPage(props: OrderConfirmationPageProps) {
  return (
    <Layout {...props} title={`Order ${props.number} confirmed`} footer={<ShopFooter shopName={props.shopName} contact={props.contact} />}>
      <style nonce={props.nonce}>{checkoutStyles}</style>
      <h1>Thank you for your order</h1>
      <p role="status">
        Your order number is <strong>{props.number}</strong>. We sent a confirmation to <strong>{props.email}</strong>.
      </p>
      <section aria-labelledby="payment-title" className="checkout-section">
        <h2 id="payment-title">Payment: {props.payment.title}</h2>
        {props.payment.state === 'awaiting' ? (
          <p className="instructions">{props.payment.instructions}</p>
        ) : (
          <p data-testid="payment-state">{PAID_TEXT[props.payment.state]}</p>
        )}
      </section>
      {props.delivery && (
        <section aria-labelledby="delivery-title" className="checkout-section">
          <h2 id="delivery-title">Delivery</h2>
          <p>{props.delivery}</p>
        </section>
      )}
      <OrderSummary summary={props.summary} title="Your order" />
      {props.statusUrl && (
        <p>
          <a href={props.statusUrl}>Follow your order</a>
        </p>
      )}
      {props.continueUrl && (
        <p>
          <a className="button" href={props.continueUrl}>
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
