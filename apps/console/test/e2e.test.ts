import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../../../packages/server/src/cli/console-client.js';
import { merchantClient, placedOrder, stockedProduct, usShipping } from '../../../packages/server/test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { TEST_CLIENT_ID, type TestServer } from '../../../packages/server/test/support/test-server.js';
import {
  ARTIFACTS,
  atConsoleHome,
  type ConsoleBrowser,
  newMerchant,
  PASSWORD,
  sessionCookie,
  signedOutConsoleForFile,
  signIn,
} from './console-session.js';

let server: TestServer;
let chromium: ConsoleBrowser;
let page: Page;
let errors: string[] = [];

signedOutConsoleForFile(async (session) => {
  ({ server, chromium } = session);
  ({ page, errors } = chromium);
  await usShipping(server);
});

/** Every test starts signed out: no tokens, no hosted-page session. */
beforeEach(async () => {
  errors.length = 0;
  await chromium.browser.clearCookies();
  await page.goto(`${server.url}/console/`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
});

/** The access token the console's page gets when the code of the sign-in under way is exchanged. */
const signInAccessToken = async () => {
  const answer = await page.waitForResponse((response) => new URL(response.url()).pathname === '/console/session/sign-in');
  return ((await answer.json()) as { access_token: string }).access_token;
};

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-${name}.png`, fullPage: true });

describe('the merchant console', () => {
  it('signs a merchant in and handles an order: found by buyer, marked paid, then fulfilled with tracking', async () => {
    const email = await newMerchant(server);
    const product = await stockedProduct(server, { name: 'Console Teapot', price: 24.5, quantity: 5 });
    const buyer = uniqueEmail('console-buyer');
    const order = await placedOrder(server, [{ productId: product._id, quantity: 2 }], { email: buyer });
    await placedOrder(server, [{ productId: product._id }]);

    await page.goto(`${server.url}/console/`);
    await shot('1-sign-in');
    const [accessToken] = await Promise.all([signInAccessToken(), signIn(page, server, email)]);
    await page.waitForURL(atConsoleHome);
    expect(decodeJwt(accessToken)).toMatchObject({ role: 'merchant', client_id: CONSOLE_CLIENT_ID });
    // the PKCE data is spent: the callback cannot be replayed
    expect(await page.evaluate(() => sessionStorage.getItem('vitrine.oauth'))).toBeNull();

    // the console opens on its dashboard; the orders are a section away
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await shot('2-orders');

    await page.getByLabel('Find an order').fill(buyer);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === buyer);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(buyer);
    await rows
      .first()
      .getByRole('link', { name: `#${order.number}` })
      .click();

    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    expect(await page.getByTestId('order-state').textContent()).toBe('Awaiting payment');
    expect(
      await page
        .getByRole('row', { name: /Console Teapot/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('2');
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page
      .getByRole('dialog', { name: `Mark order #${order.number} as paid?` })
      .getByRole('button', { name: 'Mark as paid' })
      .click();
    await expect.poll(() => page.getByTestId('order-state').textContent()).toBe('Paid · to ship');

    await page.getByRole('button', { name: 'Fulfil items…' }).click();
    const fulfil = page.getByRole('form', { name: 'Fulfil items' });
    await fulfil.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await fulfil.getByLabel('Tracking link (optional)').fill('https://tracking.example/1Z999AA10123456784');
    await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
    await expect.poll(() => page.getByTestId('order-state').textContent()).toBe('Fulfilled');
    await page.getByRole('link', { name: '1Z999AA10123456784' }).waitFor();
    await shot('3-order');

    // what the console shows is what the server holds
    const stored = await merchantClient(server).orders.getOrder(order.id);
    expect(stored).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'FULFILLED' });

    // the list's state filter, from the URL
    await page.goto(`${server.url}/console/orders?state=fulfilled`);
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(errors).toEqual([]);
  }, 90_000);

  it('refuses a member of the shop who is not a merchant, in words', async () => {
    const email = uniqueEmail('shopper');
    const shop = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await shop.auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
    await signIn(page, server, email);
    await page.getByRole('alert').filter({ hasText: 'This account is not a merchant of the shop.' }).waitFor();
    expect(await sessionCookie(chromium.browser, server)).toBeUndefined();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  }, 60_000);

  it('lists and searches the products, and signs out back to the sign-in', async () => {
    const email = await newMerchant(server);
    await stockedProduct(server, { name: 'Searchable Saucer', price: 9, quantity: 3 });
    await signIn(page, server, email);
    await page.waitForURL(atConsoleHome);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Saucer');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('cell', { name: /Searchable Saucer/ })
      .or(page.getByRole('rowheader', { name: /Searchable Saucer/ }))
      .first()
      .waitFor();
    await shot('4-products');

    await Promise.all([page.waitForURL(`${server.url}/console/`), page.getByRole('button', { name: 'Sign out' }).click()]);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // the merchant's session is gone with its cookie
    expect(await sessionCookie(chromium.browser, server)).toBeUndefined();
    expect(errors).toEqual([]);
  }, 60_000);
});
