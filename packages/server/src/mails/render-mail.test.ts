/** The buyer's mails as rendered (#20): every value escaped in the HTML, the same data in the text, unsafe links dropped. */
import { describe, expect, it } from 'vitest';
import type { MailOrder } from './mail-data.js';
import { renderOrderMail } from './render-mail.js';

const hostile = '<script>alert("x")</script>';

const order: MailOrder = {
  number: '10042',
  link: 'https://shop.example/checkout/abc/complete',
  lines: [{ quantity: 1, name: `Mug ${hostile}`, details: `Color: ${hostile}`, total: '$8.00' }],
  totals: [{ label: 'Total', amount: '$8.00' }],
  delivery: `Standard shipping to ${hostile}`,
  payment: { title: 'Bank transfer', instructions: `Pay ${hostile}` },
};

describe('renderOrderMail', () => {
  it('escapes a hostile product name, option, address and instructions in the HTML and keeps them as text', () => {
    const mail = renderOrderMail({ kind: 'order-received', order }, { shopName: `Shop ${hostile}` });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Mug &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Shop &lt;script&gt;');
    expect(mail.text).toContain(`1 × Mug ${hostile} (Color: ${hostile}): $8.00`);
    expect(mail.subject).toBe(`Your order 10042 at Shop ${hostile}`);
  });

  it('writes when the order was placed in the shop’s time zone, and no such line for a mail queued without the date (#20)', () => {
    const placed = { ...order, placedDate: '2026-11-26T23:30:00Z' };
    const auckland = renderOrderMail({ kind: 'payment-received', order: placed }, { shopName: 'Shop', timeZone: 'Pacific/Auckland' });
    expect(auckland.text.startsWith('Payment received\nPlaced 27 November 2026, 12:30 GMT+13\n\n')).toBe(true);
    expect(auckland.html).toContain('>Placed 27 November 2026, 12:30 GMT+13</p>');
    const unzoned = renderOrderMail({ kind: 'payment-received', order: placed }, { shopName: 'Shop' });
    expect(unzoned.text).toContain('Placed 26 November 2026, 23:30 UTC');
    const queuedBefore = renderOrderMail({ kind: 'payment-received', order }, { shopName: 'Shop', timeZone: 'Pacific/Auckland' });
    expect(queuedBefore.text).not.toContain('Placed');
    expect(queuedBefore.html).not.toContain('Placed');
  });

  it('drops a tracking link that is not http(s), keeping the tracking number', () => {
    const fulfilment = {
      carrierName: 'UPS',
      trackingNumber: '1Z',
      trackingUrl: 'javascript:alert(1)',
      lines: [{ name: 'Mug', quantity: 1 }],
    };
    const mail = renderOrderMail({ kind: 'shipped', order, fulfilment }, { shopName: 'Shop' });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.text).toContain('Carrier: UPS · Tracking number: 1Z');
  });

  it('tells the buyer of a pickup order where and when to collect the items ready, with no parcel to track', () => {
    const fulfilment = {
      carrierName: 'Other',
      lines: [{ name: 'Mug', quantity: 2 }],
      pickup: { place: '148 Mercer St, New York, US', time: 'Sun, Nov 29, 10 AM – 12 PM (Eastern Time)', instructions: 'Ring twice.' },
    };
    const mail = renderOrderMail({ kind: 'shipped', order, fulfilment }, { shopName: 'Tea House' });
    expect(mail.subject).toBe('Your order 10042 at Tea House is ready for pickup');
    expect(mail.text.split('\n')[0]).toBe('Your order is ready for pickup');
    expect(mail.text).toContain(
      [
        'These items of order 10042 are ready for you to collect at 148 Mercer St, New York, US:',
        '',
        '2 × Mug',
        '',
        'Pickup time: Sun, Nov 29, 10 AM – 12 PM (Eastern Time)',
        '',
        'Ring twice.',
      ].join('\n'),
    );
    expect(mail.html).toContain('ready for you to collect at 148 Mercer St, New York, US:');
    expect(mail.html).toContain('Pickup time: Sun, Nov 29, 10 AM – 12 PM (Eastern Time)');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain('Carrier');
      expect(body).not.toContain('shipped');
      expect(body).not.toContain('Track your parcel');
    }
  });

  it('renders each kind as an HTML document and text with the heading, the shop’s name and the order’s link', () => {
    const shop = { shopName: 'Tea House' };
    const kinds = [
      renderOrderMail({ kind: 'order-received', order }, shop),
      renderOrderMail({ kind: 'payment-received', order }, shop),
      renderOrderMail({ kind: 'shipped', order, fulfilment: { lines: [{ name: 'Mug', quantity: 1 }] } }, shop),
      renderOrderMail({ kind: 'cancelled', order, reason: 'Sold out' }, shop),
      renderOrderMail({ kind: 'refunded', order, refund: { amount: '$8.00' } }, shop),
    ];
    for (const mail of kinds) {
      expect(mail.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(mail.html).toContain('href="https://shop.example/checkout/abc/complete"');
      expect(mail.text).toContain('View your order: https://shop.example/checkout/abc/complete');
      expect(mail.text).toContain('You receive this e-mail because you ordered at Tea House.');
    }
    expect(kinds.map((mail) => mail.text.split('\n')[0])).toEqual([
      'Order 10042',
      'Payment received',
      'Your order is on its way',
      'Your order was cancelled',
      'Your refund',
    ]);
  });
});
