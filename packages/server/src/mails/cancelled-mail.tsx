import { OrderSummary, Para } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';
import { orderSummaryText } from './mail-text.js';

/** Cancelled: the order will not be delivered, and why. */
export const cancelledMail: MailTemplate<'cancelled'> = {
  subject: (d, shop) => `Your order ${d.order.number} at ${shop.shopName} was cancelled`,
  heading: () => 'Your order was cancelled',
  Body({ data: { order, reason } }) {
    return (
      <>
        <Para>Your order {order.number} was cancelled.</Para>
        {reason ? <Para>Reason: {reason}</Para> : null}
        <OrderSummary order={order} />
      </>
    );
  },
  textBody: ({ order, reason }) => [`Your order ${order.number} was cancelled.`, reason && `Reason: ${reason}`, orderSummaryText(order)],
};
