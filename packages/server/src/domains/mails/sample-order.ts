import type { MailFulfilment, MailOrder, MailRefund } from '../../mails/mail-data.js';

/** The order a preview shows while the shop has none: two lines, shipping, a bank transfer. */
export function sampleOrder(link: string): MailOrder {
  return {
    number: '10001',
    link,
    lines: [
      { quantity: 2, name: 'Ceramic mug', details: 'Color: Blue', total: '$16.00' },
      { quantity: 1, name: 'Linen tea towel', details: '', total: '$9.50' },
    ],
    totals: [
      { label: 'Subtotal', amount: '$25.50' },
      { label: 'Shipping', amount: '$5.00' },
      { label: 'Tax', amount: '$0.00' },
      { label: 'Total', amount: '$30.50' },
    ],
    delivery: 'Standard shipping to Ada Lovelace, 1 Main St, New York, NY 10001, US',
    billing: 'Ada Lovelace, 1 Main St, New York, NY 10001, US',
    payment: {
      title: 'Bank transfer',
      instructions: 'Please transfer $30.50 to the shop’s bank account and write the order number 10001 as the reference.',
    },
  };
}

/** A parcel as the preview of "shipped" shows it when the order has no tracking of its own. */
export const SAMPLE_FULFILMENT: Omit<MailFulfilment, 'lines'> = {
  carrierName: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
};

/** The reason the preview of "cancelled" shows when the order was not cancelled. */
export const SAMPLE_CANCEL_REASON = 'An item is out of stock.';

/** The refund the preview of "refunded" shows: the order's total, with a reason. */
export function sampleRefund(total: string): MailRefund {
  return { amount: total, reason: 'Returned in its original packaging.' };
}
