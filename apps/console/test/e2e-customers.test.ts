/**
 * Issue #24, parts 1 and 2 in Chromium: the console's customers (a member and a guest of the same
 * e-mail kept apart, found by name, each with their page) and the order list's tools (found by buyer
 * name, "Mark as paid" asked first in a dialog, the filtered list downloaded as CSV); the sections
 * fold behind a menu on a phone.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../packages/server/src/seed/csv.js';
import { memberClient, merchantClient, placedOrder, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { ARTIFACTS, type SignedInConsole, signedInConsole } from './console-session.js';

let session: SignedInConsole;
beforeAll(async () => {
  session = await signedInConsole({ shipsToUs: true });
}, 120_000);
afterAll(() => session?.close());

const shot = (name: string) => session.page.screenshot({ path: `${ARTIFACTS}console-customers-${name}.png`, fullPage: true });
/** Looks at the page as a phone shows it, then goes back to the desktop. */
async function phoneShot(name: string) {
  const { page } = session;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(`${name}-phone`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('customers in the console (#24)', () => {
  it('lists a member and a guest of the same e-mail apart, finds by name, and opens each page', async () => {
    const { page, server } = session;
    const mug = await stockedProduct(server, { name: 'Customer mug', price: 12, quantity: 50 });
    const member = await memberClient(server);
    await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { shop: member.client, email: member.email });
    await placedOrder(server, [{ productId: mug._id }], { email: member.email, recipient: { firstName: 'Ada', lastName: 'Byron' } });
    const plan = await server.services.pricing.memberships.createPlan({ name: 'Tea club', credits: 6 });
    await server.services.pricing.memberships.grant({ planId: plan.id, memberId: member.memberId });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const rows = page.getByTestId('customer-row');
    await rows.first().waitFor();
    await expect(rows.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Ada Byron.*Guest1\$17\.00/),
      expect.stringMatching(/Member1\$29\.00/),
    ]);
    await shot('list-desktop');
    await phoneShot('list');

    await page.getByLabel('Find a customer').fill('byron ada');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('link', { name: 'Ada Byron' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ada Byron' }).waitFor();
    await expect(page.getByTestId('customer-order').count()).resolves.toBe(1);
    await expect(page.getByTestId('customer-spent').textContent()).resolves.toBe('$17.00');
    await expect(page.getByRole('heading', { name: 'Membership plans' }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/console/customers/${member.memberId}`);
    await page.getByRole('heading', { level: 1, name: member.email }).waitFor();
    await expect(page.getByTestId('customer-order-count').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('customer-membership').textContent()).resolves.toMatch(/^Tea club.*Never6$/);
    await expect(page.getByTestId('customer-address').textContent()).resolves.toContain('1 Main St, 62701 Springfield, IL, US');
    await shot('member-desktop');
    await phoneShot('member');

    expect(session.errors).toEqual([]);
    await page.goto(`${server.url}/console/customers/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'Customer not found' }).waitFor();
    // the browser reports the 404 it was answered; nothing else went wrong
    expect(session.errors).toEqual([
      expect.stringMatching(/status of 404 .*\/_api\/vitrine\/v1\/customers\/00000000-0000-4000-8000-000000000000/),
    ]);
    session.errors.length = 0;
  }, 90_000);

  it('folds the sections behind a menu on a phone', async () => {
    const { page, server } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/console/customers`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav.isVisible()).toBe(false);
    expect((await page.locator('.console-header').boundingBox())?.height).toBeLessThan(80);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await shot('menu-phone');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
  }, 60_000);
});

describe('the order list in the console (#24)', () => {
  it('finds an order by buyer name, asks before marking it paid, and exports the list as CSV', async () => {
    const { page, server } = session;
    const kettle = await stockedProduct(server, { name: 'Order kettle', price: 30, quantity: 50 });
    const buyer = uniqueEmail('grace');
    const order = await placedOrder(server, [{ productId: kettle._id }], {
      email: buyer,
      recipient: { firstName: 'Grace', lastName: 'Hopper' },
    });

    await page.goto(`${server.url}/console/orders`);
    await page.getByLabel('Find an order').fill('grace hopper');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'grace hopper');
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`Grace Hopper${buyer}`);
    await shot('orders-desktop');
    await phoneShot('orders');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parseCsv(await readFile(await download.path(), 'utf8')).map((record) => record.fields);
    expect(records).toHaveLength(2);
    expect(records[1]?.slice(0, 7)).toEqual([
      order.number,
      expect.any(String),
      'APPROVED',
      'NOT_PAID',
      'NOT_FULFILLED',
      buyer,
      'Grace Hopper',
    ]);

    await rows
      .first()
      .getByRole('link', { name: `#${order.number}` })
      .click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    const open = page.getByRole('button', { name: 'Mark as paid' });
    const dialog = page.getByRole('dialog', { name: `Mark order #${order.number} as paid?` });
    await open.click();
    await dialog.waitFor();
    await shot('confirm-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('confirm-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Escape, then "Not now": nothing changes, and focus goes back to the button
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
    await open.click();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await merchantClient(server).orders.getOrder(order.id)).paymentStatus).toBe('NOT_PAID');

    await open.click();
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByTestId('order-state').textContent()).toBe('Paid · to ship');
    expect((await merchantClient(server).orders.getOrder(order.id)).paymentStatus).toBe('PAID');

    // from the order to its buyer's page
    await page.getByRole('link', { name: buyer }).click();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    expect(session.errors).toEqual([]);
  }, 90_000);
});
