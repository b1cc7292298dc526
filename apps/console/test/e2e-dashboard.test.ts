/**
 * The console's dashboard in Chromium, on the real server (#24): the home page after sign-in shows
 * the period's sales per currency, the orders per day as a chart with its summary and its numbers as
 * a table, best sellers, low stock linked to the product, and the waiting orders linked to the
 * filtered order list; a custom range is asked for; it fits a 390×844 phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertOrder } from '../../../packages/server/test/support/dashboard-orders.js';
import { trackedProduct } from '../../../packages/server/test/support/order-rows.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];
let teapot: string;

signedInConsoleForFile({}, async (session) => {
  ({ server, page, errors } = session);
  const db = server.database.db;
  teapot = await trackedProduct(db, 'Dashboard teapot', 2);
  const lamp = await trackedProduct(db, 'Dashboard lamp', 50);
  // Placed a minute ago: inside the last 30 days whatever the hour.
  const at = new Date(Date.now() - 60_000).toISOString();
  const line = (productId: string, name: string, quantity: number, price: string) => ({ productId, name, quantity, price });
  await insertOrder(db, { at, currency: 'USD', lines: [line(teapot, 'Dashboard teapot', 2, '20.00')], payment: 'NOT_PAID' });
  await insertOrder(db, { at, currency: 'USD', lines: [line(lamp, 'Dashboard lamp', 1, '45.00')] });
  await insertOrder(db, { at, currency: 'EUR', lines: [line(lamp, 'Dashboard lamp', 1, '40.00')], fulfillment: 'FULFILLED' });
  await insertOrder(db, {
    at,
    currency: 'USD',
    lines: [line(lamp, 'Dashboard lamp', 3, '45.00')],
    status: 'CANCELED',
    payment: 'NOT_PAID',
  });
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-dashboard-${name}.png`, fullPage: true });
const home = async () => {
  await page.goto(`${server.url}/console/`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('figure', { name: 'Orders' }).waitFor();
};

describe("the console's dashboard (#24)", () => {
  it('opens the console on the period’s figures, per currency, without the cancelled order', async () => {
    await home();
    const sales = page.getByRole('list', { name: 'Sales per currency' });
    await expect
      .poll(() => sales.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringMatching(/\$95\.00\s+2 orders, on average \$47\.50/),
        expect.stringMatching(/€45\.00\s+1 order, on average €45\.00/),
      ]);
    const orders = page.getByRole('figure', { name: 'Orders' });
    expect(await orders.getByRole('paragraph').textContent()).toMatch(/^From .+: 3 orders in all; the best day was .+ with 3 orders\.$/);
    // the drawing is there for the eye, loaded on demand
    await orders.locator('.recharts-bar-rectangle').first().waitFor();
    await shot('desktop');
    expect(errors).toEqual([]);
  });

  it('gives every chart its numbers as a table, for screen readers and on request', async () => {
    await home();
    const chart = page.getByRole('figure', { name: 'Sales in USD' });
    const table = chart.getByRole('table', { includeHidden: true });
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody td', { hasText: '$95.00' }).count()).toBe(1);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await chart.getByRole('table').waitFor();
    expect(await chart.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('figure', { name: 'Orders' }).locator('.recharts-bar-rectangle').first().waitFor();
    await shot('as-table');
  });

  it('lists best sellers and low stock, each linked to its product', async () => {
    await home();
    const byUnits = page.getByRole('table', { name: 'Best sellers by units' });
    expect(await byUnits.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/Dashboard lamp\s+2/),
      expect.stringMatching(/Dashboard teapot\s+2/),
    ]);
    const low = page.getByTestId('low-stock-row');
    expect(await low.allInnerTexts()).toEqual([expect.stringMatching(/Dashboard teapot\s+—\s+2/)]);
    await low.getByRole('link', { name: 'Dashboard teapot' }).click();
    await page.waitForURL(`${server.url}/console/products/${teapot}`);
  });

  it('links the orders waiting for payment and for shipment to the order list so filtered', async () => {
    await home();
    await page.getByRole('link', { name: '1 order awaiting payment' }).click();
    await page.waitForURL(`${server.url}/console/orders?state=unpaid`);
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
    await home();
    await page.getByRole('link', { name: '1 order to ship' }).click();
    await page.waitForURL(`${server.url}/console/orders?state=to-ship`);
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
  });

  it('shows a custom range of days', async () => {
    await home();
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-01-01' && url.searchParams.get('to') === '2026-01-10');
    const table = page.getByRole('figure', { name: 'Orders' }).getByRole('table', { includeHidden: true });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
    expect(errors).toEqual([]);
  });

  it('fits a 390×844 phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await home();
      await page.getByRole('figure', { name: 'Orders' }).locator('.recharts-bar-rectangle').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot('phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
