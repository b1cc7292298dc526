/**
 * Issue #20, point 7 in Chromium: the console's order page shows the order's timeline newest first,
 * with who did each change, and keeps the merchant's internal notes (added, then removed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { ARTIFACTS, type SignedInConsole, signedInConsole } from './console-session.js';

let session: SignedInConsole;
beforeAll(async () => {
  session = await signedInConsole({ shipsToUs: true });
}, 120_000);
afterAll(() => session?.close());

const entries = () => session.page.getByTestId('order-timeline').locator('li');
/** Waits until the timeline's newest entry says `what` (the list is read again after each change). */
const newest = async (what: string | RegExp) => {
  const first = entries().first();
  await first.locator('.timeline__what', { hasText: what }).waitFor();
  return first;
};
const shot = (name: string) => session.page.screenshot({ path: `${ARTIFACTS}console-order-timeline-${name}.png`, fullPage: true });

describe('the order timeline in the console (#20)', () => {
  it('shows each change newest first with who made it, and adds and removes an internal note', async () => {
    const { page, server } = session;
    const mug = await stockedProduct(server, { name: 'Timeline mug', quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id }]);
    await page.goto(`${server.url}/console/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    await entries().first().waitFor();
    await expect(entries().locator('.timeline__what').allTextContents()).resolves.toEqual([
      `E-mail sent: Your order ${order.number} at ${server.services.config.shopName}`,
      'Order placed',
    ]);
    await expect(entries().nth(1).textContent()).resolves.toContain('by the buyer (guest)');

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page
      .getByRole('dialog', { name: `Mark order #${order.number} as paid?` })
      .getByRole('button', { name: 'Mark as paid' })
      .click();
    // the payment's mail to the buyer is sent with the change: it is the newest entry, the payment the one before
    await expect((await newest(/^E-mail sent: Payment received/)).textContent()).resolves.toContain('by the shop');
    await expect(entries().nth(1).locator('.timeline__what').textContent()).resolves.toBe('Marked as paid');
    await expect(entries().nth(1).textContent()).resolves.toContain('by a merchant');

    await page.getByLabel('Internal note (never shown to the buyer)').fill('Buyer asked to leave it with the neighbour');
    await page.getByRole('button', { name: 'Add note' }).click();
    const note = await newest(/^Note$/);
    await expect(note.locator('.timeline__text').textContent()).resolves.toBe('Buyer asked to leave it with the neighbour');
    await expect(page.getByLabel('Internal note (never shown to the buyer)').inputValue()).resolves.toBe('');
    await shot('desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await note.getByRole('button', { name: /Remove the note/ }).click();
    const removed = await newest(/^Note removed by a merchant/);
    await expect(removed.locator('.timeline__text').count()).resolves.toBe(0);
    await expect(page.getByText('Buyer asked to leave it with the neighbour').count()).resolves.toBe(0);
    expect(session.errors).toEqual([]);
  }, 90_000);
});
