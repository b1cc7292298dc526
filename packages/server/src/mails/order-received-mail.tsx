import { Lines, OrderSummary, Para } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';
import { orderSummaryText } from './mail-text.js';

/** Order received: the number, lines, totals, delivery and billing, and how to pay by the order's method. */
export const orderReceivedMail: MailTemplate<'order-received'> = {
  subject: (d, shop) => `Your order ${d.order.number} at ${shop.shopName}`,
  heading: (d) => `Order ${d.order.number}`,
  Body({ data: { order } }) {
    return (
      <>
        <Para>Thank you for your order. Order number: {order.number}</Para>
        <OrderSummary order={order} />
        {order.delivery ? <Para>Delivery: {order.delivery}</Para> : null}
        {order.billing ? <Para>Billing: {order.billing}</Para> : null}
        <Para>
          Payment: {order.payment.title}. <Lines text={order.payment.instructions} />
        </Para>
      </>
    );
  },
  textBody: ({ order }) => [
    `Thank you for your order. Order number: ${order.number}`,
    orderSummaryText(order),
    order.delivery && `Delivery: ${order.delivery}`,
    order.billing && `Billing: ${order.billing}`,
    `Payment: ${order.payment.title}. ${order.payment.instructions}`,
  ],
};
