/** Steps a buyer takes on the hosted checkout page in Chromium, shared by the end-to-end tests. */
import type { Page } from 'playwright-core';
import { lineOf, stockedProduct, visitorClient } from './checkout-fixtures.js';
import type { TestServer } from './test-server.js';

/**
 * Types the contact and a US shipping address (Springfield, IL) as a buyer does, field by field. The
 * state comes from the list of the country's states, which the page's script shows once the country
 * is chosen, and the postal code field is then called "ZIP code"; `javaScript: false` (a browser
 * without it) keeps the fields of the page as it came until "Update", so it types the state in the
 * field that stands for that list.
 */
export async function fillHostedAddress(page: Page, email: string, options: { javaScript?: boolean } = {}): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name', { exact: true }).fill('Grace');
  await page.getByLabel('Last name', { exact: true }).fill('Hopper');
  await page.getByLabel('Street and number', { exact: true }).fill('1 Main St');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  if (options.javaScript === false) {
    await page.locator('input[name="subdivision"]').fill('IL');
    await page.locator('input[name="postalCode"]').fill('62701');
  } else {
    await page.getByLabel('State', { exact: true }).selectOption('US-IL');
    await page.getByLabel('ZIP code', { exact: true }).fill('62701');
  }
}

/**
 * A new visitor's checkout of `quantity` units of a new product at `price`, opened in `page` through
 * its ecomCheckout redirect session (no thank-you page: the server's confirmation). Answers the checkout id.
 */
export async function openHostedCheckout(
  server: TestServer,
  page: Page,
  options: { name: string; price: number; quantity: number },
): Promise<string> {
  const product = await stockedProduct(server, { name: options.name, price: options.price, quantity: options.quantity + 10 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, options.quantity)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
  await page.goto(redirectSession?.fullUrl as string);
  return checkoutId as string;
}
