/**
 * The console's "E-mails" page in Chromium, on the real server (#20): each of the buyer's five mails
 * previewed for a sample order while the shop has none, then for the newest order (a hostile product
 * name shown as text, nothing run) in a sandboxed frame and as plain text; the outbox lists the mails,
 * and a mail given up is sent again with "Retry now".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { mailsTo, uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];

signedInConsoleForFile({ shipsToUs: true }, (session) => {
  ({ server, page, errors } = session);
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-mails-${name}.png`, fullPage: true });
const frame = () => page.frameLocator('iframe[title^="Preview of"]');

describe('the E-mails page', () => {
  it('previews each mail for a sample order while the shop has none, in a frame that runs nothing', async () => {
    await page.goto(`${server.url}/console/orders`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'E-mails' }).click();
    await page.getByRole('heading', { level: 1, name: 'E-mails' }).waitFor();
    await page.getByText('For a sample order: the shop has no orders yet.').waitFor();
    expect(await page.getByTestId('preview-subject').textContent()).toBe('Your order 10001 at Vitrine demo shop');
    const iframe = page.locator('iframe[title^="Preview of"]');
    expect(await iframe.getAttribute('sandbox')).toBe('');
    await frame().getByRole('heading', { name: 'Order 10001' }).waitFor();
    // The mail's inline styles apply inside the preview (the console's policy lets style attributes through).
    const button = frame().getByRole('link', { name: 'View your order' });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(24, 24, 27)');
    await shot('1-sample');

    await page.getByRole('button', { name: /^Cancelled/ }).click();
    await frame().getByText('Reason: An item is out of stock.').waitFor();
    expect(await page.getByTestId('preview-subject').textContent()).toBe('Your order 10001 at Vitrine demo shop was cancelled');
    expect(errors).toEqual([]);
  }, 60_000);

  it('previews the newest order with a hostile product name as text, and shows the plain-text part', async () => {
    const hostile = '<img src=x onerror="document.title=1">Mug';
    const mug = await stockedProduct(server, { name: hostile, quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }]);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/console/mails`);
    await page.getByRole('button', { name: /^Shipped/ }).click();
    await page.getByText('For the order shown.').waitFor();
    expect(await page.getByTestId('preview-subject').textContent()).toBe(`Your order ${order.number} at Vitrine demo shop has shipped`);
    await frame().getByText(hostile).first().waitFor();
    expect(await frame().locator('img').count()).toBe(0);
    await frame().getByText('Carrier: UPS · Tracking number: 1Z999AA10123456784').waitFor();
    await shot('2-shipped-desktop');

    await page.getByRole('button', { name: 'Plain text' }).click();
    const text = await page.getByTestId('preview-text').textContent();
    expect(text).toContain(`2 × ${hostile}`);
    expect(text).toContain('Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(dialogs).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('lists the outbox and sends a mail given up again with “Retry now”', async () => {
    const mug = await stockedProduct(server, { name: 'Retry mug', quantity: 5 });
    const email = uniqueEmail('retry');
    const order = await placedOrder(server, [{ productId: mug._id }], { email });
    // The mail as the sender leaves it after its last attempt failed (the sender's own tests fail it for real).
    await server.database.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 10, last_error: 'Message failed: 451 Mailbox busy', sent_at: null })
      .where('subject_id', '=', order.id)
      .execute();
    await page.goto(`${server.url}/console/mails`);
    const row = page.getByTestId('outbox-row').filter({ hasText: `Your order ${order.number}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Failed');
    expect(await row.textContent()).toContain('451 Mailbox busy');
    await page.setViewportSize({ width: 390, height: 844 });
    // The outbox's table scrolls inside its box; the page itself stays as wide as the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await shot('3-outbox-phone');
    await row.getByRole('button', { name: 'Retry now' }).click();
    await row.getByText('Sent').waitFor();
    expect(await row.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
    expect((await mailsTo(server.url, email)).map((mail) => mail.subject)).toEqual([
      `Your order ${order.number} at Vitrine demo shop`,
      `Your order ${order.number} at Vitrine demo shop`,
    ]);
    await page.getByRole('button', { name: /^Order received/ }).click();
    await page.getByLabel('Order number or id').fill(order.number);
    await page.getByRole('button', { name: 'Show' }).click();
    await frame()
      .getByRole('heading', { name: `Order ${order.number}` })
      .waitFor();
    expect(await page.getByTestId('preview-subject').textContent()).toBe(`Your order ${order.number} at Vitrine demo shop`);
    await shot('4-preview-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  }, 60_000);
});
