import { Para } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';

/** Refunded: how much of the order's payment was given back, and why. */
export const refundedMail: MailTemplate<'refunded'> = {
  subject: (d, shop) => `Refund for your order ${d.order.number} at ${shop.shopName}`,
  heading: () => 'Your refund',
  Body({ data: { order, refund } }) {
    return (
      <>
        <Para>
          We have refunded {refund.amount} for your order {order.number}.
        </Para>
        {refund.reason ? <Para>Reason: {refund.reason}</Para> : null}
        <Para>It may take a few days to reach your account.</Para>
      </>
    );
  },
  textBody: ({ order, refund }) => [
    `We have refunded ${refund.amount} for your order ${order.number}.`,
    refund.reason && `Reason: ${refund.reason}`,
    'It may take a few days to reach your account.',
  ],
};
