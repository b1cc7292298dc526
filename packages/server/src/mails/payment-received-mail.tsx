import { OrderSummary, Para } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';
import { orderSummaryText } from './mail-text.js';

/** Payment received: the order is paid, with what was paid for. */
export const paymentReceivedMail: MailTemplate<'payment-received'> = {
  subject: (d, shop) => `Payment received for order ${d.order.number} at ${shop.shopName}`,
  heading: () => 'Payment received',
  Body({ data: { order } }) {
    return (
      <>
        <Para>We have received your payment for order {order.number}. Thank you!</Para>
        <OrderSummary order={order} />
      </>
    );
  },
  textBody: ({ order }) => [`We have received your payment for order ${order.number}. Thank you!`, orderSummaryText(order)],
};
