/**
 * The console's lists with buttons in their rows on a 390×844 phone (#21), in Chromium on the real
 * server: the shipping options, a plan's members and a member's memberships, the tax rates and the API
 * keys stack each row (no sideways scrolling of the page), still read as a table of cells (each
 * cell's drawn label not read again), and their buttons still edit, revoke and delete there; the
 * collections and the coupons scroll in their box, their rows' links still open; an order's page
 * stacks its items, and so do its customer's orders and membership plans and the dashboard's best sellers.
 */

import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { coupons, memberships, taxes } from '@vitrine/sdk/ecom';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { memberClient, merchantClient, placedOrder, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];

signedInConsoleForFile(
  { shipsToUs: true },
  (session) => {
    ({ server, page, errors } = session);
  },
  { desktopViewport: true },
);

const merchant = () =>
  createClient({ host: server.url, modules: { memberships, taxes, coupons }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
/** How wide the page is laid out: more than the viewport scrolls sideways. */
const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
/** A row's cells as the page shows them, hidden ones left out: each one's label (drawn before it on a phone), then its text. */
const shownCells = (row: Locator) =>
  row.locator('th, td').evaluateAll((cells) =>
    cells
      .filter((cell) => getComputedStyle(cell).display !== 'none')
      .map((cell) => {
        // a label is a CSS string (then its empty alternative text, `/ ""`): the text between the first quotes
        const label = /^"([^"]*)"/.exec(getComputedStyle(cell, '::before').content)?.[1] ?? '';
        // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (buttons on their lines) is what is asserted
        return `${label}${(cell as HTMLElement).innerText}`;
      }),
  );
/** Whether a button is whole on the 390 px screen, where a tap reaches it without scrolling sideways. */
async function onScreen(button: Locator) {
  const box = await button.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= 390;
}
/** Whether every row's last cell shown lies whole on the 390 px screen (not past it in its table's scroll box). */
const lastCellsOnScreen = (rows: Locator) =>
  rows.evaluateAll((shownRows) =>
    shownRows.every((row) => {
      const shown = [...row.querySelectorAll('th, td')].filter((cell) => getComputedStyle(cell).display !== 'none');
      const box = shown.at(-1)?.getBoundingClientRect();
      return !!box && box.left >= 0 && box.right <= 390;
    }),
  );
const phone = () => page.setViewportSize({ width: 390, height: 844 });
/** The page as it is now, whole, at the desktop's 1280×800 then on the phone (where the test goes on). */
async function shots(name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${ARTIFACTS}console-phone-${name}-desktop.png`, fullPage: true });
  await phone();
  await page.screenshot({ path: `${ARTIFACTS}console-phone-${name}-phone.png`, fullPage: true });
}

describe('the shipping options on a phone', () => {
  it('fit 390 px, and an option is edited and deleted there', async () => {
    const admin = server.services.pricing.shipping;
    const region = await admin.createRegion({ name: 'European Union and neighbours', countries: ['DE', 'AT', 'FR', 'NL', 'BE', 'LU'] });
    await admin.addOption(region.id, {
      code: 'eu-parcel',
      title: 'Tracked parcel by weight',
      kind: 'WEIGHT',
      price: '24.00',
      weightTiers: [
        { upTo: '1', price: '6.90' },
        { upTo: '5', price: '12.50' },
        { upTo: '10', price: '18.00' },
      ],
      freeAbove: '150.00',
      deliveryTime: '3–6 working days',
    });
    await admin.addOption(region.id, { code: 'eu-letter', title: 'Letter post', kind: 'FLAT', price: '3.20' });

    await page.goto(`${server.url}/console/shipping`);
    const card = page.getByRole('region', { name: 'Region European Union and neighbours' });
    const parcel = card.getByTestId('shipping-option-row').filter({ hasText: 'Tracked parcel by weight' });
    await parcel.waitFor();
    await shots('shipping');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // each cell after its column's name, the option that is never free without a "Free from" line
    expect(await shownCells(parcel)).toEqual([
      'Tracked parcel by weight (eu-parcel)',
      'Price: ≤ 1 kg $6.90 · ≤ 5 kg $12.50 · ≤ 10 kg $18.00 · above $24.00',
      'Free from: $150.00',
      'Delivery: 3–6 working days',
      'State: On',
      'Edit Tracked parcel by weight\nDelete Tracked parcel by weight…',
    ]);
    // an option never free, with no delivery time, has no empty lines for them
    const letter = card.getByTestId('shipping-option-row').filter({ hasText: 'Letter post' });
    expect(await shownCells(letter)).toEqual([
      'Letter post (eu-letter)',
      'Price: $3.20',
      'State: On',
      'Edit Letter post\nDelete Letter post…',
    ]);
    expect(await onScreen(parcel.getByRole('button', { name: 'Delete Tracked parcel by weight…' }))).toBe(true);

    await parcel.getByRole('button', { name: 'Edit Tracked parcel by weight' }).click();
    const form = card.getByRole('form', { name: 'Edit the option Tracked parcel by weight' });
    await form.getByLabel('Delivery time').fill('2–4 working days');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // a time slot's section keeps inside the option's form, its date fields too
    await form.getByRole('button', { name: 'Add a time slot' }).click();
    const formBox = await form.boundingBox();
    const right = async (part: Locator) => {
      const box = await part.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    };
    expect(await right(form.getByRole('group', { name: 'Delivery time slots' }))).toBeLessThanOrEqual(
      (formBox?.x ?? 0) + (formBox?.width ?? 0),
    );
    expect(await right(form.getByLabel('Slot 1: from'))).toBeLessThanOrEqual((formBox?.x ?? 0) + (formBox?.width ?? 0));
    await form.getByRole('button', { name: 'Remove slot 1' }).click();
    await form.getByRole('button', { name: 'Save the option' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await shownCells(parcel))[3]).toBe('Delivery: 2–4 working days');

    page.once('dialog', (dialog) => dialog.accept());
    await letter.getByRole('button', { name: 'Delete Letter post…' }).click();
    await letter.waitFor({ state: 'detached' });
    expect((await admin.listRegions()).find((listed) => listed.name === region.name)?.options?.map((option) => option.code)).toEqual([
      'eu-parcel',
    ]);
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('memberships on a phone', () => {
  it("a plan's members and a member's memberships fit 390 px, and a membership is revoked there", async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const plan = await merchant().memberships.createMembershipPlan({ name: `Coffee club ${run}`, credits: 12 });
    const members: string[] = [];
    for (const expiresAt of ['2030-01-31T18:00:00.000Z', undefined, undefined]) {
      const { email } = await memberClient(server);
      await merchant().memberships.grantMembership({ planId: plan._id as string, memberEmail: email, ...(expiresAt ? { expiresAt } : {}) });
      members.push(email);
    }

    await page.goto(`${server.url}/console/memberships/${encodeURIComponent(plan._id as string)}`);
    const rows = page.getByTestId('membership-row');
    await expect.poll(() => rows.count()).toBe(3);
    await shots('plan-members');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const first = rows.filter({ hasText: members[0] });
    expect(await shownCells(first)).toEqual([
      members[0],
      `Ends: ${await page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2030-01-31T18:00:00.000Z')))}`,
      'Credits left: 12 of 12',
      'State: Usable',
      `Revoke ${members[0]}…`,
    ]);
    expect(await onScreen(first.getByRole('button', { name: `Revoke ${members[0]}…` }))).toBe(true);

    page.once('dialog', (dialog) => dialog.accept());
    await first.getByRole('button', { name: `Revoke ${members[0]}…` }).click();
    await first.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);

    await page.goto(`${server.url}/console/memberships?member=${encodeURIComponent(members[1] as string)}`);
    const held = page.getByTestId('membership-row').filter({ hasText: `Coffee club ${run}` });
    await held.waitFor();
    expect((await shownCells(held)).slice(1, 3)).toEqual(['Ends: Never', 'Credits left: 12 of 12']);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}console-phone-member-phone.png`, fullPage: true });
    // the plan's link stays the way to the plan
    await held.getByRole('link', { name: `Coffee club ${run}` }).click();
    await page.getByRole('heading', { level: 1, name: `Plan Coffee club ${run}` }).waitFor();
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('taxes and API keys on a phone', () => {
  it('the tax rates and the tax mode fit 390 px, and a rate is edited there', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const name = `New York ${run}`;
    await merchant().taxes.createTaxRate({ name, jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
    await page.goto(`${server.url}/console/taxes`);
    const row = page.getByTestId('tax-rate-row').filter({ hasText: name });
    await row.waitFor();
    await shots('taxes');
    expect(await pageWidth()).toBeLessThanOrEqual(390);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    await edit.getByLabel('Rate (%)').fill('4.5');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await edit.getByRole('button', { name: 'Save the rate' }).click();
    await expect
      .poll(() => shownCells(row))
      .toEqual([name, 'Where: US-NY, US', 'Tax: 4.5 %', 'Shipping: Taxed', `Edit ${name}\nDelete ${name}…`]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('the API keys fit 390 px, read as a table, and a key is revoked there', async () => {
    await phone();
    await page.goto(`${server.url}/console/api-keys`);
    await page.getByLabel('What the key is for').fill('Warehouse sync for the night shift');
    await page.getByRole('button', { name: 'Make a key' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Warehouse sync for the night shift' });
    await row.waitFor();
    expect(await onScreen(row.getByRole('button', { name: 'Revoke Warehouse sync for the night shift…' }))).toBe(true);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}console-phone-api-keys-phone.png`, fullPage: true });
    // a screen reader still hears a table of rows and cells under their column heads, each cell once:
    // the label drawn before it is not read again after the head that names it
    const table = page.getByRole('table').filter({ has: row });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Key', 'Made', 'State', 'Actions']);
    const made = await row.locator('td').first().textContent();
    expect(await row.ariaSnapshot()).toBe(
      [
        `- row "Warehouse sync for the night shift ${made} In use Revoke Warehouse sync for the night shift…":`,
        '  - rowheader "Warehouse sync for the night shift"',
        `  - cell "${made}"`,
        '  - cell "In use"',
        '  - cell "Revoke Warehouse sync for the night shift…":',
        '    - button "Revoke Warehouse sync for the night shift…"',
      ].join('\n'),
    );

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Revoke Warehouse sync for the night shift…' }).click();
    // a revoked key has no button left: no empty line for it
    await expect.poll(async () => (await shownCells(row)).length).toBe(3);
    expect((await shownCells(row))[2]).toMatch(/^State: Revoked /);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('collections and coupons on a phone', () => {
  it('fit 390 px, their tables scrolling in their box, and a row opens its page', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const collection = `Kitchen and breakfast table essentials ${run}`;
    await merchantClient(server).products.createCollection({ name: collection });
    const code = `RETURNING-CUSTOMERS-${run}`.toUpperCase();
    await merchant().coupons.createCoupon({ code, name: 'Summer sale for returning customers', kind: 'PERCENT', value: '10' });

    await page.goto(`${server.url}/console/collections`);
    await page.getByTestId('collection-row').filter({ hasText: collection }).waitFor();
    await shots('collections');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: collection }).click();
    await page.getByRole('heading', { level: 1, name: collection }).waitFor();

    await page.goto(`${server.url}/console/coupons`);
    await page.getByTestId('coupon-row').filter({ hasText: code }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}console-phone-coupons-phone.png`, fullPage: true });
    await page.getByRole('link', { name: code }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/console/coupons/') && !url.pathname.endsWith('/new'));
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('an order on a phone', () => {
  it("fits 390 px with a long product name, its items stacked, its fulfil form, its customer's orders and plans and the dashboard's best sellers too", async () => {
    // one long word, as product names in German have: a table cell cannot break it
    const name = 'Handgetöpferter Steingutfrühstücksbecher with a speckled glaze';
    const mug = await stockedProduct(server, { name, price: 1249.5, quantity: 40 });
    const buyer = await memberClient(server);
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], {
      shop: buyer.client,
      email: buyer.email,
      recipient: { firstName: 'Maximiliane', lastName: 'Oberndorfer-Lichtenstein' },
    });

    await page.goto(`${server.url}/console/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    await shots('order');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(await shownCells(page.getByTestId('order-line'))).toEqual([name, 'Quantity: 2', 'Sent: 0', 'Total: $2,499.00']);

    await page.getByRole('button', { name: 'Fulfil items…' }).click();
    await page.getByRole('form', { name: 'Fulfil items' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);

    // a plan named in one long word too, as German names are: its row's credits must stay on the screen
    const planName = `Kaffeeliebhaberjahresmitgliedschaft ${crypto.randomUUID().slice(0, 6)}`;
    const plan = await merchant().memberships.createMembershipPlan({ name: planName, credits: 24 });
    await merchant().memberships.grantMembership({ planId: plan._id as string, memberEmail: buyer.email });

    // the customer's orders and plans and the dashboard's best sellers stack too: no column left past the screen
    await page.goto(`${server.url}/console/customers/${buyer.memberId}`);
    await page.getByRole('heading', { level: 1, name: buyer.email }).waitFor();
    await page.getByRole('link', { name: `#${order.number}` }).waitFor();
    await shots('customer');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const customerOrder = page.getByTestId('customer-order');
    expect(await lastCellsOnScreen(customerOrder)).toBe(true);
    expect(await shownCells(customerOrder)).toEqual([
      `#${order.number}`,
      expect.stringMatching(/^Placed: \S/),
      expect.stringMatching(/^State: \S/),
      'Total: $2,504.00',
    ]);
    const customerPlan = page.getByTestId('customer-membership');
    expect(await lastCellsOnScreen(customerPlan)).toBe(true);
    expect(await shownCells(customerPlan)).toEqual([planName, expect.stringMatching(/^Since: \S/), 'Expires: Never', 'Credits left: 24']);

    await page.goto(`${server.url}/console/`);
    await page.getByRole('link', { name }).first().waitFor();
    // the charts' drawing loads after the page: the screenshots show it, not its empty placeholder
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await shots('dashboard');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const byUnits = page.getByRole('table', { name: 'Best sellers by units' }).locator('tbody tr');
    const byRevenue = page.getByRole('table', { name: 'Best sellers by revenue' }).locator('tbody tr');
    expect(await lastCellsOnScreen(byUnits)).toBe(true);
    expect(await lastCellsOnScreen(byRevenue)).toBe(true);
    expect(await shownCells(byUnits.filter({ hasText: name }))).toEqual([name, 'Units: 2']);
    expect(await shownCells(byRevenue.filter({ hasText: name }))).toEqual([name, 'Revenue: $2,499.00']);
    expect(errors).toEqual([]);
  }, 60_000);
});
