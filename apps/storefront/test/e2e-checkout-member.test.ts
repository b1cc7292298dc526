/**
 * A signed-in member on the hosted checkout, in Chromium on the built storefront (issue #19, defect
 * 8): cart → checkout finds the member's e-mail, name and last used address filled in; the page's
 * links lead back to the cart and the shop. Screenshots on a desktop and a 390×844 phone.
 */
import { mkdir } from 'node:fs/promises';
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { lineOf, stockedProduct, US_ADDRESS } from '../../../packages/server/test/support/checkout-fixtures.js';
import { memberTokens } from '../../../packages/server/test/support/http.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { TEST_CLIENT_ID, type TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS } from './storefront-page.js';
import { startStorefrontServer } from './storefront-server.js';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
const browsers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  server = await startStorefrontServer();
}, 120_000);
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.close();
});

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

/**
 * A member who once ordered to `US_ADDRESS` for Grace Hopper (placed over the API and the checkout
 * services, shipped by the demo shop's US standard option), and their e-mail address.
 */
async function memberWithAnOrder(): Promise<string> {
  const email = uniqueEmail('member-e2e');
  const tokens = await memberTokens(server.url, server.apiKey, email, PASSWORD);
  const shop = createClient({
    host: server.url,
    modules: { currentCart },
    auth: OAuthStrategy({
      clientId: TEST_CLIENT_ID,
      tokens: {
        accessToken: { value: tokens.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
        refreshToken: { value: tokens.refresh_token, role: 'member' },
      },
    }),
  });
  const product = await stockedProduct(server, { name: 'Earlier mug', quantity: 5 });
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { checkout, placement } = server.services.checkout;
  await checkout.saveDetails(checkoutId as string, {
    email: 'earlier-typed@example.com',
    shippingAddress: US_ADDRESS,
    contactDetails: { firstName: 'Grace', lastName: 'Hopper', company: 'Navy Computing' },
    selectedShippingOption: { code: 'us-standard' },
  });
  await placement.place(checkoutId as string, 'bank-transfer');
  return email;
}

/** A new browser at this size, signed in as the member with the storefront's own form. */
async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const chromium = await launchChromium();
  browsers.push(chromium);
  const page = await chromium.browser.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}/me/login`);
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await Promise.all([page.waitForURL(/\/me$/), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  return page;
}

/** A mug in the member's cart, then the cart's Checkout button to the hosted page. */
async function cartToCheckout(page: Page): Promise<void> {
  await page.goto(`${server.url}/products/classic-diner-mug`);
  await hydrated(page);
  await page.getByRole('button', { name: 'White', exact: true }).click();
  await page.getByRole('button', { name: '11 oz', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.add-to-cart__button')?.disabled);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line').waitFor();
  await page.goto(`${server.url}/cart`);
  await hydrated(page);
  await page.getByTestId('cart-total').waitFor();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\//);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

describe('a signed-in member on the hosted checkout in Chromium (#19)', () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ])(
    'finds their details filled in, and links back to the cart and the shop (%s)',
    async (name, viewport) => {
      const email = await memberWithAnOrder();
      const page = await signedIn(email, viewport);
      await cartToCheckout(page);

      await expect(field(page, 'Email')).resolves.toBe(email);
      await expect(field(page, 'First name')).resolves.toBe('Grace');
      await expect(field(page, 'Last name')).resolves.toBe('Hopper');
      await expect(field(page, 'Company (optional)')).resolves.toBe('Navy Computing');
      await expect(field(page, 'Street and number')).resolves.toBe('1 Main St');
      await expect(field(page, 'City')).resolves.toBe('Springfield');
      await expect(field(page, 'ZIP code')).resolves.toBe('62701');
      await expect(field(page, 'Country')).resolves.toBe('US');
      await expect(field(page, 'State')).resolves.toBe('US-IL');
      // the address is known, so the page offers its shipping options at once
      await page.getByRole('group', { name: 'Choose how your order reaches you' }).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}checkout-member-${name}.png`, fullPage: true });

      const back = page.getByRole('navigation', { name: 'Back to the shop' });
      await Promise.all([page.waitForURL(`${server.url}/cart`), back.getByRole('link', { name: '← Back to cart' }).click()]);
      await hydrated(page);
      await page.getByTestId('cart-total').waitFor();

      await page.goBack();
      await page.waitForURL(/\/checkout\//);
      await Promise.all([page.waitForURL(`${server.url}/`), back.getByRole('link', { name: 'Continue shopping' }).click()]);
      await hydrated(page);
    },
    180_000,
  );
});
