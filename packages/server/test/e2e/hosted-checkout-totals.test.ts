/**
 * The hosted checkout charges what it shows (issue #19), in Chromium: with JavaScript the page asks for
 * totals by itself and "Place order" never sends a total the buyer has not seen; without JavaScript
 * every post is answered by a redirect, so Back never resubmits; the default shipping option is a
 * delivery, not a pickup; and a whole order can be placed on a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { lineOf, newYorkPickup, stockedProduct, visitorClient } from '../support/checkout-fixtures.js';
import { fillHostedAddress } from '../support/hosted-checkout-page.js';
import { uniqueEmail } from '../support/mailbox.js';
import { usShippingServerForFile } from '../support/server-for-file.js';

const server = usShippingServerForFile();
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  const admin = server.services.pricing.shipping;
  const unitedStates = (await admin.listRegions()).find((region) => region.name === 'United States');
  await admin.addOption(unitedStates?.id as string, {
    code: 'express',
    title: 'Express',
    kind: 'FLAT',
    price: '15.00',
    deliveryTime: '1 day',
  });
  await newYorkPickup(server);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
});

/** A visitor's checkout of two $8 mugs, opened through its redirect session (no thank-you page: our confirmation). */
async function openCheckout(page: Page): Promise<string> {
  const mug = await stockedProduct(server, { name: 'Totals mug', price: 8, quantity: 10 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
  await page.goto(redirectSession?.fullUrl as string);
  return checkoutId as string;
}

async function fillAddress(page: Page, options: { javaScript?: boolean } = {}) {
  await fillHostedAddress(page, uniqueEmail('totals'), options);
}

const shownTotal = (page: Page) => page.getByTestId('order-total').textContent();
const waitForTotal = (page: Page, total: string) =>
  page.waitForFunction((expected) => document.querySelector('[data-testid="order-total"]')?.textContent === expected, total);
const ordersOf = (checkoutId: string) =>
  server.database.db.selectFrom('orders').select(['totals']).where('checkout_id', '=', checkoutId).execute();

describe('hosted checkout totals in Chromium (#19)', () => {
  it('asks for the totals as the buyer types, preselecting the cheapest delivery rather than a free pickup', async () => {
    const page = await chromium.browser.newPage();
    await openCheckout(page);
    await expect(page.getByRole('button', { name: 'Update shipping options and totals' }).isHidden()).resolves.toBe(true);
    await fillAddress(page);
    await waitForTotal(page, '$21.00');
    await expect(page.getByLabel(/Standard shipping/).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: /Store pickup – Free/ }).isChecked()).resolves.toBe(false);
    await expect(page.getByRole('radio', { name: /Store pickup \(New York\)/ }).isChecked()).resolves.toBe(false);
    await page.close();
  });

  it('does not send "Place order" while an option just ticked changes the total: the buyer sees the new total first', async () => {
    const page = await chromium.browser.newPage();
    const checkoutId = await openCheckout(page);
    await fillAddress(page);
    await waitForTotal(page, '$21.00');
    // The server answers the totals slowly, so the click lands while they are still on their way.
    await page.route('**/checkout/*?*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByLabel(/Express/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Your total changed. Check the order summary, then place your order.').waitFor();
    await expect(shownTotal(page)).resolves.toBe('$31.00');
    expect(await ordersOf(checkoutId)).toEqual([]);
    await page.unroute('**/checkout/*?*');

    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Place order' }).click()]);
    expect(await ordersOf(checkoutId)).toEqual([{ totals: expect.objectContaining({ total: '31.00' }) }]);
    await page.close();
  });

  it('leaves nothing to resubmit: Back after placing the order shows the order, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const browser = javaScriptEnabled ? chromium : await launchChromium({ javaScriptEnabled });
      const page = await browser.browser.newPage();
      await openCheckout(page);
      await fillAddress(page, { javaScript: javaScriptEnabled });
      if (javaScriptEnabled) await waitForTotal(page, '$21.00');
      else {
        await Promise.all([page.waitForURL(/updated=1/), page.getByRole('button', { name: 'Update shipping options and totals' }).click()]);
        await expect(shownTotal(page)).resolves.toBe('$21.00');
      }
      await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Place order' }).click()]);
      const back = await page.goBack();
      // The entry before the confirmation is a page that was fetched, not posted: it leads to the order again.
      expect(back?.request().method()).toBe('GET');
      await page.waitForURL(/\/complete/);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Thank you/);
      await page.close();
      if (!javaScriptEnabled) await browser.close();
    }
  });

  it('offers a pickup with 28 time slots as one option whose times, in New York time, are one list', async () => {
    const page = await chromium.browser.newPage();
    const checkoutId = await openCheckout(page);
    await fillAddress(page);
    await waitForTotal(page, '$21.00');
    const pickup = page.getByRole('radio', { name: /Store pickup \(New York\)/ });
    await expect(pickup.count()).resolves.toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
    const times = page.getByLabel('Time for Store pickup (New York)');
    const labels = await times.locator('option').allTextContents();
    expect(labels).toHaveLength(28);
    expect(labels.every((label) => /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, (10 AM – 12 PM|4 PM – 6 PM)$/.test(label))).toBe(true);
    // the zone is said once, for the whole list, and the field is described by it
    await expect(times.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent())).resolves.toBe(
      'Times in Eastern Time',
    );
    await pickup.check();
    await waitForTotal(page, '$16.00');
    // Choosing a time asks for the totals again: wait for that answer before paying (it renews the payment choices).
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes('updated=1')),
      times.selectOption({ index: 3 }),
    ]);
    await page.waitForFunction(() => !document.querySelector('form[aria-busy]'));
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/checkout-pickup.png`, fullPage: true });
    const chosen = await times.inputValue();
    expect(chosen).toBe((await times.locator('option').nth(3).getAttribute('value')) as string);
    const chosenText = (await times.locator('option').nth(3).textContent()) as string;
    await page.getByLabel('Pay on pickup').check();
    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Place order' }).click()]);
    const [order] = await server.database.db
      .selectFrom('orders')
      .select(['shipping_option'])
      .where('checkout_id', '=', checkoutId)
      .execute();
    // the order keeps the zone the buyer read the time in (the pickup location's), and its confirmation says the time
    expect(order.shipping_option).toMatchObject({ code: chosen, deliveryTimeSlot: { timeZone: 'America/New_York' } });
    await expect(page.locator('main').textContent()).resolves.toContain(
      `pick up at 148 Mercer St, New York, US on ${chosenText} (Eastern Time)`,
    );
    await page.close();
  });

  it('places an order on a 390×844 phone without sideways scrolling', async () => {
    const page = await chromium.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const checkoutId = await openCheckout(page);
    await fillAddress(page);
    await waitForTotal(page, '$21.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/checkout-phone.png`, fullPage: true });
    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Place order' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Thank you/);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
    await page.close();
  });
});
