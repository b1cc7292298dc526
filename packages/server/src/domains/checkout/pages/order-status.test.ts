/**
 * The order-status page (#20, point 4) behind the signed link of the confirmation e-mail, against the
 * real server: what it shows in each state of the order, that it never asks for payment once the
 * order is paid, shipped or cancelled (nor does the checkout's confirmation page), and that a wrong,
 * missing or retired token answers the same 404 that says nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct, usShipping } from '../../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../../test/support/mailbox.js';
import { merchantCall, orderAction } from '../../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../../test/support/server-for-file.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

const server = usShippingServerForFile({ PAYMENT_BANK_TRANSFER_INSTRUCTIONS: 'Transfer {total} to IBAN DE00 1234, reference {number}.' });

const act = (id: string, action: string, body?: unknown) => orderAction(server, id, action, body);

const text = (page: Page) =>
  page.html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** A new order placed as a guest, and the status link of its confirmation e-mail. */
async function orderWithLink() {
  const email = uniqueEmail('guest');
  const mug = await stockedProduct(server, { name: 'Status mug', quantity: 10 });
  const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { email });
  const [mail] = await mailsTo(server.url, email);
  const link = /https?:\/\/\S+\/orders\/\S+\/status\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no status link in:\n${mail.text}`);
  expect(mail.html).toContain(`href="${link}"`);
  return { order, link: new URL(link), email };
}

const open = (url: URL | string) => new FormClient(server.url).get(url.toString());

describe('the order-status link (#20)', () => {
  it('is in the confirmation e-mail and shows the order: number, date, lines, totals, delivery, payment waiting with its instructions', async () => {
    const { order, link } = await orderWithLink();
    expect(link.pathname).toBe(`/orders/${order.id}/status`);
    const page = await open(link);
    expect(page.status).toBe(200);
    const shown = text(page);
    expect(shown).toContain(`Order ${order.number}`);
    expect(shown).toMatch(/Placed \d{1,2} \w+ \d{4}/);
    expect(shown).toContain('2 × Status mug');
    expect(shown).toContain(`Total ${order.priceSummary.total.formattedAmount}`);
    expect(shown).toContain('Standard');
    expect(shown).toContain('1 Main St, Springfield');
    expect(shown).toContain('Bank transfer: Awaiting payment');
    expect(shown).toContain(`Transfer ${order.priceSummary.total.formattedAmount} to IBAN DE00 1234, reference ${order.number}.`);
    expect(shown).toContain('Not shipped yet');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('once paid, says so and never asks for payment', async () => {
    const { order, link } = await orderWithLink();
    await act(order.id, 'mark-as-paid');
    const shown = text(await open(link));
    expect(shown).toContain('Bank transfer: Paid');
    expect(shown).not.toContain('IBAN');
  });

  it('once shipped, shows the tracking number as a link to the carrier, and never asks for payment (not even unpaid)', async () => {
    const { order, link } = await orderWithLink();
    await act(order.id, 'fulfill', { trackingNumber: '1Z999AA1', trackingUrl: 'https://track.example/1Z999AA1' });
    const page = await open(link);
    const shown = text(page);
    expect(shown).toContain('Shipped');
    expect(page.html).toContain('<a href="https://track.example/1Z999AA1">1Z999AA1</a>');
    expect(shown).not.toContain('IBAN');
    expect(shown).toContain('No payment due');
  });

  it('shows each parcel with its carrier, tracking link and items, and how much was refunded', async () => {
    const { order, link } = await orderWithLink();
    await act(order.id, 'mark-as-paid');
    const lineItemId = order.lineItems[0].id;
    await act(order.id, 'fulfill', { lineItems: [{ lineItemId, quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z001' });
    expect(text(await open(link))).toContain('Partly shipped');
    await act(order.id, 'fulfill', { carrier: 'DHL_EXPRESS', trackingNumber: '7700' });
    await act(order.id, 'refund', { amount: '2.50', reason: 'Late' });
    const page = await open(link);
    const shown = text(page);
    expect(shown).toMatch(/Sent \d+ \w+ \d{4}, \d{2}:\d{2} UTC with UPS · Tracking 1Z001 · 1 × Status mug/);
    expect(shown).toMatch(/Sent \d+ \w+ \d{4}, \d{2}:\d{2} UTC with DHL Express · Tracking 7700 · 1 × Status mug/);
    expect(page.html).toContain('href="https://www.ups.com/track?tracknum=1Z001"');
    expect(shown).toContain('Partially refunded');
    expect(shown).toContain('$2.50 was refunded to you.');
  });

  it('once cancelled, says so with the reason, and never asks for payment', async () => {
    const { order, link } = await orderWithLink();
    await act(order.id, 'cancel', { reason: 'Out of stock at the supplier' });
    const shown = text(await open(link));
    expect(shown).toContain('Cancelled');
    expect(shown).toContain('Reason: Out of stock at the supplier');
    expect(shown).not.toContain('IBAN');
    expect(shown).not.toContain('Not shipped yet');
  });

  it('answers one 404 page that reveals nothing for a tampered, missing or foreign token and an unknown order', async () => {
    const { order, link } = await orderWithLink();
    const other = await orderWithLink();
    const token = link.searchParams.get('token') as string;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all([
      open(`/orders/${order.id}/status?token=${tampered}`),
      open(`/orders/${order.id}/status`),
      open(`/orders/${order.id}/status?token=`),
      open(`/orders/${order.id}/status?token=${other.link.searchParams.get('token')}`),
      open(`/orders/${crypto.randomUUID()}/status?token=${token}`),
      open(`/orders/not-an-order/status?token=${token}`),
    ]);
    for (const page of answers) {
      expect(page.status).toBe(404);
      expect(text(page)).toContain('Order not found');
      expect(text(page)).not.toContain(order.number);
      expect(page.html).not.toContain('Status mug');
    }
  });

  it('names the shop as its settings say, on the page and its 404, at once (#20)', async () => {
    const { order, link } = await orderWithLink();
    const { shopName } = await server.services.settings.current();
    await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', { shopName: 'Corner Shop Springfield' });
    try {
      const page = await open(link);
      expect(page.html).toContain(`<title>Order ${order.number} – Corner Shop Springfield</title>`);
      expect(text(await open(`/orders/${order.id}/status`))).toContain('Corner Shop Springfield');
    } finally {
      await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', { shopName });
    }
  });

  it('stops working for every link issued before when the secret is rotated; new links work', async () => {
    const { order, link } = await orderWithLink();
    await server.services.checkout.links.rotate();
    expect((await open(link)).status).toBe(404);
    const fresh = server.services.checkout.links.orderStatusUrl(order);
    expect(fresh).not.toBe(link.toString());
    expect((await open(fresh)).status).toBe(200);
  });
});

describe('the checkout confirmation page (#20)', () => {
  it('shows the payment instructions while unpaid, none once paid, and links the status page', async () => {
    const { order } = await orderWithLink();
    const complete = `/checkout/${order.checkoutId}/complete`;
    const before = await open(complete);
    expect(text(before)).toContain('IBAN DE00 1234');
    expect(before.html).toContain(`href="${server.services.checkout.links.orderStatusUrl(order)}"`);
    await act(order.id, 'mark-as-paid');
    const after = text(await open(complete));
    expect(after).not.toContain('IBAN');
    expect(after).toContain('Paid. Thank you.');
  });

  it('asks for no payment once the unpaid order is shipped or cancelled', async () => {
    const shipped = await orderWithLink();
    await act(shipped.order.id, 'fulfill', {});
    expect(text(await open(`/checkout/${shipped.order.checkoutId}/complete`))).not.toContain('IBAN');
    const cancelled = await orderWithLink();
    await act(cancelled.order.id, 'cancel', {});
    expect(text(await open(`/checkout/${cancelled.order.checkoutId}/complete`))).not.toContain('IBAN');
  });
});

describe('the order-status link in the request log (#20; request lines are debug)', () => {
  const lines: string[] = [];
  let logged: TestServer;
  beforeAll(async () => {
    logged = await startTestServer({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
    await usShipping(logged);
  });
  afterAll(() => logged?.close());

  it('is logged with its token redacted', async () => {
    const mug = await stockedProduct(logged, { quantity: 3 });
    const order = await placedOrder(logged, [{ productId: mug._id }]);
    const link = new URL(logged.services.checkout.links.orderStatusUrl(order));
    const token = link.searchParams.get('token') as string;
    expect((await new FormClient(logged.url).get(link.toString())).status).toBe(200);
    const requests = lines.filter((line) => line.includes(`/orders/${order.id}/status`));
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.join('\n')).toContain('token=%5Bredacted%5D');
    expect(lines.join('\n')).not.toContain(token);
  });
});
