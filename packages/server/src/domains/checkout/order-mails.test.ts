/**
 * The buyer's mail at every step of an order (#20): each queued in the transaction of its change
 * (a change that is rolled back or refused queues nothing) and delivered to the dev mailbox.
 */
import { describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { transaction } from '../../platform/db/transaction.js';

const server = usShippingServerForFile({ SHOP_NAME: 'Mail & Co' });

const act = (id: string, action: string, body: unknown = {}) => merchantCall(server, 'POST', `/ecom/v1/orders/${id}/${action}`, body);

/** A new order of two mugs, to a fresh address. */
async function newOrder(name = 'Outbox mug') {
  const mug = await stockedProduct(server, { name, price: 8, quantity: 10 });
  const email = uniqueEmail('buyer');
  const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { email });
  return { order, email };
}

/** The outbox's rows about an order, oldest first. */
async function outboxOf(orderId: string) {
  return server.database.db
    .selectFrom('mail_outbox')
    .select(['kind', 'status', 'attempts', 'to_address'])
    .where('subject_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

describe('the buyer’s mails (#20)', () => {
  it('mails "order received" with the payment instructions, the shop’s name and the link to the order', async () => {
    const { order, email } = await newOrder();
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Your order ${order.number} at Mail & Co`);
    expect(mail.text).toContain('2 × Outbox mug: $16.00');
    expect(mail.text).toContain(`write the order number ${order.number}`);
    const link = server.services.checkout.links.orderStatusUrl(order);
    expect(mail.text).toContain(`View your order: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Mail &amp; Co');
    expect(await outboxOf(order.id)).toEqual([{ kind: 'order-received', status: 'sent', attempts: 1, to_address: email }]);
  });

  it('mails "payment received" when the merchant marks the order paid', async () => {
    const { order, email } = await newOrder();
    expect((await act(order.id, 'mark-as-paid')).status).toBe(200);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Payment received for order ${order.number} at Mail & Co`);
    expect(mail.text).toContain(`We have received your payment for order ${order.number}.`);
    expect((await outboxOf(order.id)).map((queued) => [queued.kind, queued.status])).toEqual([
      ['order-received', 'sent'],
      ['payment-received', 'sent'],
    ]);
  });

  it('mails "shipped" with the tracking number, the tracking link and the lines', async () => {
    const { order, email } = await newOrder('Shipped mug');
    const trackingUrl = 'https://track.example/parcel?id=ZX81';
    expect((await act(order.id, 'fulfill', { trackingNumber: 'ZX81', trackingUrl })).status).toBe(200);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Your order ${order.number} at Mail & Co has shipped`);
    expect(mail.text).toContain('2 × Shipped mug');
    expect(mail.text).toContain('Tracking number: ZX81');
    expect(mail.text).toContain(`Track your parcel: ${trackingUrl}`);
    expect(mail.html).toContain('href="https://track.example/parcel?id=ZX81"');
  });

  it('mails "cancelled" with the reason', async () => {
    const { order, email } = await newOrder();
    expect((await act(order.id, 'cancel', { reason: 'Out of <b>stock</b>' })).status).toBe(200);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Your order ${order.number} at Mail & Co was cancelled`);
    expect(mail.text).toContain('Reason: Out of <b>stock</b>');
    expect(mail.html).toContain('Reason: Out of &lt;b&gt;stock&lt;/b&gt;');
  });

  it('queues nothing for a refused change (the transaction is rolled back)', async () => {
    const { order, email } = await newOrder();
    await act(order.id, 'mark-as-paid');
    expect((await act(order.id, 'mark-as-paid')).status).toBe(409);
    expect((await outboxOf(order.id)).map((mail) => mail.kind)).toEqual(['order-received', 'payment-received']);
    expect(await mailsTo(server.url, email)).toHaveLength(2);
  });

  it('queues in the transaction of the change: a mail queued in a transaction that rolls back does not exist', async () => {
    const { order } = await newOrder();
    const { mails } = server.services.checkout.mailing;
    const rolledBack = transaction(server.database.db, async (trx) => {
      await mails.enqueue(trx, { kind: 'refunded', order, refund: { amount: '$16.00' } });
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    expect((await outboxOf(order.id)).map((mail) => mail.kind)).toEqual(['order-received']);
  });

  it('mails "refunded" with the amount and the reason when the merchant refunds part of the order', async () => {
    const { order, email } = await newOrder();
    await act(order.id, 'mark-as-paid');
    expect((await act(order.id, 'refund', { amount: '8.00', reason: 'One mug arrived broken' })).status).toBe(200);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Refund for your order ${order.number} at Mail & Co`);
    expect(mail.text).toContain(`We have refunded $8.00 for your order ${order.number}.`);
    expect(mail.text).toContain('Reason: One mug arrived broken');
  });

  it('mails "shipped" for each parcel with its own lines, carrier and tracking link', async () => {
    const { order, email } = await newOrder('Parcel mug');
    const lineItemId = order.lineItems[0].id;
    const first = { lineItems: [{ lineItemId, quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z001' };
    expect((await act(order.id, 'fulfill', first)).status).toBe(200);
    expect((await act(order.id, 'fulfill', { carrier: 'DHL_EXPRESS', trackingNumber: '7700' })).status).toBe(200);
    const [second, firstMail] = await mailsTo(server.url, email);
    expect(firstMail.text).toContain('1 × Parcel mug');
    expect(firstMail.text).toContain('UPS');
    expect(firstMail.text).toContain('Tracking number: 1Z001');
    expect(firstMail.html).toContain('href="https://www.ups.com/track?');
    expect(second.text).toContain('1 × Parcel mug');
    expect(second.text).toContain('Tracking number: 7700');
  });
});
