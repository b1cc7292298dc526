/**
 * Issue #19, defects 3 and 4 in Chromium: the country is chosen by name from a list (a forged code is
 * refused next to the field), and the name, company and phone typed at the hosted checkout reach the
 * confirmation page, the confirmation e-mail and the console's order page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, merchantClient, stockedProduct, visitorClient } from '../../../packages/server/test/support/checkout-fixtures.js';
import { mailsTo, uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { type SignedInConsole, signedInConsole } from './console-session.js';

let session: SignedInConsole;
let shopper: Page;

beforeAll(async () => {
  session = await signedInConsole({ shipsToUs: true });
  shopper = await session.browser.newPage();
}, 120_000);
afterAll(() => session?.close());

/** A visitor's checkout of one mug, opened on the hosted page. */
async function openCheckout(): Promise<void> {
  const mug = await stockedProduct(session.server, { name: 'Recipient mug', price: 8, quantity: 5 });
  const shop = visitorClient(session.server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
  await shopper.goto(redirectSession?.fullUrl as string);
  await shopper.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

async function fillRecipient(email: string): Promise<void> {
  await shopper.getByLabel('Email').fill(email);
  await shopper.getByLabel('First name', { exact: true }).fill('Grace');
  await shopper.getByLabel('Last name', { exact: true }).fill('Hopper');
  await shopper.getByLabel('Company (optional)', { exact: true }).fill('Navy Computing');
  await shopper.getByLabel('Phone (optional)', { exact: true }).fill('+1 212 555 0100');
  await shopper.getByLabel('Street and number', { exact: true }).fill('1 Main St');
  await shopper.getByLabel('City', { exact: true }).fill('New York');
  await shopper.getByLabel('Postal code', { exact: true }).fill('10001');
}

/** The page follows the chosen country by itself (its states and regions, shipping options and totals). */
const countryFollowed = (country: string) =>
  shopper.waitForFunction(
    (code) => document.querySelector('#shipping-subdivision-part')?.getAttribute('data-follows-country') === code,
    country,
  );

describe('addresses and the recipient at the hosted checkout (#19)', () => {
  it('chooses the country by name, then the state from that country’s list', async () => {
    await openCheckout();
    await fillRecipient(uniqueEmail('by-name'));
    await shopper.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
    await countryFollowed('US');
    await shopper.getByLabel('State', { exact: true }).selectOption({ label: 'New York' });
    await expect(shopper.getByLabel('Country', { exact: true }).inputValue()).resolves.toBe('US');
    await expect(shopper.getByLabel('State', { exact: true }).inputValue()).resolves.toBe('US-NY');
  });

  it('refuses a forged country code with the message next to the field, placing nothing', async () => {
    await openCheckout();
    await fillRecipient(uniqueEmail('forged'));
    // What a tampered form sends: a code that is no country.
    await shopper.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('#field-country');
      select?.add(new Option('Narnia', 'XX', true, true));
    });
    await shopper.getByLabel('Bank transfer').check();
    await Promise.all([shopper.waitForURL(/\/checkout\//), shopper.getByRole('button', { name: 'Place order' }).click()]);
    await expect(shopper.locator('#field-country-error').textContent()).resolves.toBe('Choose a country from the list');
    await expect(shopper.getByRole('alert').textContent()).resolves.toContain('Country: Choose a country from the list');
  });

  it('shows the name, company and phone typed at checkout on the confirmation, in the e-mail and in the console', async () => {
    await openCheckout();
    const email = uniqueEmail('recipient');
    await fillRecipient(email);
    await shopper.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
    await countryFollowed('US');
    await shopper.getByLabel('State', { exact: true }).selectOption({ label: 'New York' });
    await shopper.getByLabel(/Standard shipping/).check();
    await shopper.getByLabel('Bank transfer').check();
    await Promise.all([shopper.waitForURL(/\/complete/), shopper.getByRole('button', { name: 'Place order' }).click()]);

    const delivery = 'Standard shipping to Grace Hopper, Navy Computing, +1 212 555 0100, 1 Main St, New York, NY 10001, US';
    await expect(shopper.getByRole('region', { name: 'Delivery' }).textContent()).resolves.toContain(delivery);
    const [mail] = await mailsTo(session.server.url, email);
    expect(mail.text).toContain(`Delivery: ${delivery}`);

    const { orders } = await merchantClient(session.server).orders.searchOrders({ filter: { email } });
    const orderId = orders?.[0]?._id as string;
    await session.page.goto(`${session.server.url}/console/orders/${orderId}`);
    const shipTo = session.page.getByTestId('order-ship-to');
    await shipTo.waitFor();
    await expect(shipTo.locator('span').allTextContents()).resolves.toEqual([
      'Grace Hopper',
      'Navy Computing',
      '1 Main St',
      '10001 New York',
      'NY, US',
      '+1 212 555 0100',
    ]);
    await expect(session.page.getByTestId('order-bill-to').locator('span').first().textContent()).resolves.toBe('Grace Hopper');
    expect(session.errors).toEqual([]);
  }, 60_000);
});
