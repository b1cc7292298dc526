/**
 * A member's account in Chromium on the built storefront with the demo shop (e-mail verification on):
 * register → the e-mailed code → `/me` → "Account" in the header → sign out; a wrong password; the
 * hosted sign-in page (PKCE) back to the page the shopper started from; the visitor's cart kept
 * through sign-in; an order in the history and its page; the member's details edited and the
 * password changed; the neutral password-reset answer; a `returnTo` to another site ignored.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { chosenTimeText } from '@vitrine/sdk/wording';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, seedDemoClient } from '../../../packages/server/src/cli/demo-client.js';
import { slotOptionCode } from '../../../packages/server/src/domains/cart/totals/shipping.js';
import { demoSeedDeps, seedDemoCatalog } from '../../../packages/server/src/seed/seed-demo.js';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { lineOf, stockedProduct, US_ADDRESS } from '../../../packages/server/test/support/checkout-fixtures.js';
import { latestCode, latestRecoveryToken, mailsTo, uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { orderAction } from '../../../packages/server/test/support/merchant-api.js';
import { startTestServer, type TestServer } from '../../../packages/server/test/support/test-server.js';
import { safeReturnTo } from '../app/lib/return-to.js';
import { ARTIFACTS } from './storefront-page.js';
import { STOREFRONT_BUILD } from './storefront-server.js';

const PASSWORD = 'correct horse battery staple';
/** Where the storefront keeps the demo client's tokens (`shop-client.ts`). */
const TOKENS_KEY = `vitrine.tokens.${DEMO_CLIENT_ID}`;

let server: TestServer;
let mediaDir: string;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let page: Page;
let errors: string[];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  // as `startStorefrontServer`, with the shop verifying new members' e-mail addresses
  mediaDir = await mkdtemp(join(tmpdir(), 'vitrine-account-media-'));
  server = await startShop({ VERIFY_EMAIL_ON_REGISTER: 'true' });
  await seedDemoCatalog(demoSeedDeps(server.services));
  chromium = await launchChromium();
  page = await chromium.browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // a wrong code, a refused password or an unknown order is an answer the browser logs; anything
    // else (hydration mismatches included) must be clean
    if (message.type() === 'error' && !/status of (400|403|404)/.test(message.text())) errors.push(message.text());
  });
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

/** The real server with the built storefront and the demo client, as the shop's settings say. */
async function startShop(env: Record<string, string>): Promise<TestServer> {
  const shop = await startTestServer({ MEDIA_DIR: mediaDir, VITRINE_STOREFRONT_DIR: STOREFRONT_BUILD, ...env });
  await seedDemoClient(shop.services.clients, shop.services.config);
  return shop;
}

/** Every test starts as a new visitor: no tokens, no hosted-page session. */
beforeEach(async () => {
  errors = [];
  await chromium.browser.clearCookies();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}storefront-account-${name}.png`, fullPage: true });
const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');
/** Opens a storefront path and waits for React to take it over. */
async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await hydrated();
}
/** The header's account link, once it reads `label`. */
const accountLink = (label: 'Sign in' | 'Account') => page.getByRole('banner').getByRole('link', { name: label, exact: true });

/** A member with a verified e-mail address, registered over the API. */
async function verifiedMember(name: string): Promise<string> {
  const email = uniqueEmail(name);
  const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }) });
  const registered = await client.auth.register({ email, password: PASSWORD });
  if (registered.loginState !== 'EMAIL_VERIFICATION_REQUIRED') throw new Error(`register answered ${registered.loginState}`);
  const verified = await client.auth.processVerification({ verificationCode: await latestCode(server.url, email) }, registered);
  if (verified.loginState !== 'SUCCESS') throw new Error(`verification answered ${verified.loginState}`);
  return email;
}

/** A new verified member, signed in through the page's own form and on /me: answers the e-mail. */
async function signedInMember(name: string): Promise<string> {
  const email = await verifiedMember(name);
  await signIn(email);
  await page.waitForURL((url) => url.pathname === '/me');
  return email;
}

/** The member's tokens as the browser keeps them (the storefront's calls carry them). */
function browserTokens(): Promise<Tokens> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), TOKENS_KEY);
}

/**
 * Places an order of `quantity` units with the member's own tokens (the browser's), shipped by the
 * demo shop's US standard option and paid by bank transfer, through the checkout services.
 */
async function placeOrderAs(tokens: Tokens, email: string, productId: string, quantity: number, shippingOption = 'us-standard') {
  const shop = createClient({
    host: server.url,
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokens }),
  });
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(productId, quantity)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { checkout, placement } = server.services.checkout;
  await checkout.saveDetails(checkoutId as string, {
    email,
    shippingAddress: US_ADDRESS,
    contactDetails: { firstName: 'Grace', lastName: 'Hopper', company: 'Navy Computing' },
    selectedShippingOption: { code: shippingOption },
  });
  return (await placement.place(checkoutId as string, 'bank-transfer')).order;
}

/** Signs in with the page's own form (from wherever `path` leads). */
async function signIn(email: string, path = '/me/login'): Promise<void> {
  await open(path);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('returnTo', () => {
  it.each([
    ['/products/classic-diner-mug?x=1#top', '/products/classic-diner-mug?x=1#top'],
    ['/me/orders/abc', '/me/orders/abc'],
    [null, '/me'],
    ['', '/me'],
    ['//evil.example', '/me'],
    ['//evil.example/me', '/me'],
    ['/\\evil.example', '/me'],
    ['/\t/evil.example', '/me'],
    ['https://evil.example/', '/me'],
    ['javascript:alert(1)', '/me'],
    ['me', '/me'],
    ['/me/login', '/me'],
    ['/me/callback', '/me'],
  ])('takes %j as %j', (raw, expected) => {
    expect(safeReturnTo(raw)).toBe(expected);
  });
});

describe('the account pages in Chromium', () => {
  it('registers with the e-mailed code, lands on /me as a member, and signs out', async () => {
    const email = uniqueEmail('register-e2e');
    await open('/');
    await accountLink('Sign in').click();
    await page.waitForURL(/\/me\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/me\/register$/);
    await page.waitForFunction(() => document.title.startsWith('Create an account · '));
    await page.getByLabel(/First name/).fill('Ada');
    await page.getByLabel(/Last name/).fill('Lovelace');
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // the e-mail code step
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    await expect(page.getByText(`We sent a 6-digit code to ${email}`).count()).resolves.toBe(1);
    await shot('1-code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /code is wrong/i })
      .waitFor();
    await code.fill(await latestCode(server.url, email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    // signed in: the account page and the header say so
    await page.waitForURL((url) => url.pathname === '/me');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('You have not placed any orders yet.').waitFor();
    await accountLink('Account').waitFor();
    await page.waitForFunction(() => document.title.startsWith('Your account · '));
    await shot('2-account-empty');

    // a reload renders the visitor's link on the server, then the member's (no hydration warning)
    await open('/me');
    await accountLink('Account').waitFor();
    await page.getByText('You have not placed any orders yet.').waitFor();

    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Sign out' }).click()]);
    await hydrated();
    await accountLink('Sign in').waitFor();
    // the member tokens are gone (the home page may have fetched a visitor's since)
    const role = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').refreshToken?.role, TOKENS_KEY);
    expect(role).not.toBe('member');
    expect(errors).toEqual([]);
  }, 90_000);

  it('shows a wrong password as a clear error and keeps the shopper signed out', async () => {
    const email = await verifiedMember('wrong-password');
    await open('/me/login');
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Wrong e-mail or password. Check them and try again, or reset your password.');
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    await accountLink('Sign in').waitFor();
    await shot('3-wrong-password');
    expect(errors).toEqual([]);
  }, 60_000);

  it('signs in through the hosted sign-in page (PKCE) and returns to the page the shopper came from', async () => {
    const email = await verifiedMember('pkce');
    await open('/products/classic-diner-mug');
    await accountLink('Sign in').click();
    await page.waitForURL((url) => url.pathname === '/me/login' && url.searchParams.get('returnTo') === '/products/classic-diner-mug');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/oauth2/authorize'),
      page.getByRole('button', { name: 'Continue with the shop’s sign-in page' }).click(),
    ]);
    // the server's hosted sign-in page
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL((url) => url.pathname === '/products/classic-diner-mug'), page.click('button[type=submit]')]);
    await hydrated();
    await accountLink('Account').waitFor();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').refreshToken?.role, TOKENS_KEY)).toBe('member');
    // the PKCE data is spent: the callback cannot be replayed
    expect(await page.evaluate(() => sessionStorage.getItem('vitrine.oauth'))).toBeNull();
    expect(errors).toEqual([]);
  }, 60_000);

  it('keeps the visitor’s cart when the shopper signs in', async () => {
    const email = await verifiedMember('cart-survives');
    await open('/products/classic-diner-mug');
    await page.getByRole('button', { name: 'White', exact: true }).click();
    await page.getByRole('button', { name: '11 oz', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.add-to-cart__button')?.disabled);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line').waitFor();

    await signIn(email, `/me/login?returnTo=${encodeURIComponent('/cart')}`);
    await page.waitForURL((url) => url.pathname === '/cart');
    await accountLink('Account').waitFor();
    // a fresh page load has no cache: the cart it shows is the one the server now keeps for the member
    await open('/cart');
    const line = page.getByTestId('cart-line');
    await line.waitFor();
    expect(await line.count()).toBe(1);
    expect(await line.textContent()).toContain('Classic Diner Mug');
    expect(await page.getByRole('spinbutton', { name: 'Quantity of Classic Diner Mug' }).inputValue()).toBe('1');
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').refreshToken?.role, TOKENS_KEY)).toBe('member');
    await shot('3b-cart-after-sign-in');
    expect(errors).toEqual([]);
  }, 60_000);

  it('reports a callback without a login in progress, with a way back to sign in', async () => {
    await open('/me/callback#code=forged&state=forged');
    await page.getByRole('alert').filter({ hasText: 'No login in progress' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
  });

  it('lists a placed order in the history and opens its page', async () => {
    const email = await signedInMember('orders');
    await page.getByText('You have not placed any orders yet.').waitFor();

    // an order placed with the browser's member tokens
    const tokens = await browserTokens();
    const product = await stockedProduct(server, { name: 'Account Test Mug', price: 12, quantity: 10 });
    const first = await placeOrderAs(tokens, email, product._id, 2);
    const second = await placeOrderAs(tokens, email, product._id, 1);

    await open('/me');
    const rows = page.getByTestId('account-order');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // newest first
    expect(await rows.nth(0).textContent()).toContain(`#${second.number}`);
    expect(await rows.nth(1).textContent()).toContain(`#${first.number}`);
    expect(await rows.nth(1).textContent()).toContain('Awaiting payment');
    await shot('4-order-history');

    await rows.nth(1).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/me/orders/${first.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${first.number}` }).waitFor();
    const line = page.getByTestId('order-line');
    expect(await line.count()).toBe(1);
    expect(await line.textContent()).toContain('Account Test Mug');
    expect(await line.getByRole('cell').nth(1).textContent()).toBe('2');
    expect(await page.getByTestId('order-address').textContent()).toContain('1 Main St');
    // the recipient typed at checkout (#19)
    expect(await page.getByTestId('order-address').locator('span').allTextContents()).toEqual(
      expect.arrayContaining(['Grace Hopper', 'Navy Computing', '1 Main St']),
    );
    expect(await page.getByTestId('order-billing-address').locator('span').first().textContent()).toBe('Grace Hopper');
    expect(await page.getByTestId('order-total').textContent()).toMatch(/^\$\d+\.\d\d$/);
    await shot('5-order');

    // on a phone the tables stack: no sideways scrolling
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.reload();
      await hydrated();
      await page.getByTestId('order-total').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot('phone-order');
      await open('/me');
      await page.getByTestId('account-order').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot('phone-history');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // someone else's order, or none: not found
    await open('/me/orders/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    expect(errors).toEqual([]);
  }, 90_000);

  it('lists every parcel of the order with its carrier, tracking link and items, as the status page does (#20)', async () => {
    const email = await signedInMember('parcels');
    const tokens = await browserTokens();
    const mug = await stockedProduct(server, { name: 'Parcel Mug', price: 12, quantity: 10 });
    const order = await placeOrderAs(tokens, email, mug._id, 3);
    const line = order.lineItems[0].id;
    const fulfil = (body: unknown) => orderAction(server, order.id, 'fulfill', body);
    expect((await fulfil({ lineItems: [{ lineItemId: line, quantity: 2 }], carrier: 'UPS', trackingNumber: '1Z999AA1' })).status).toBe(200);

    await open(`/me/orders/${order.id}`);
    const parcels = page.getByTestId('order-parcel');
    await parcels.first().waitFor();
    expect(await page.getByTestId('order-delivery').textContent()).toBe('Partly sent');
    expect(await parcels.count()).toBe(1);

    expect((await fulfil({ carrier: 'OTHER', trackingNumber: 'P-2', trackingUrl: 'https://parcels.example/P-2' })).status).toBe(200);
    await page.reload();
    await hydrated();
    await page.getByRole('heading', { name: 'Parcels' }).waitFor();
    expect(await page.getByTestId('order-delivery').textContent()).toMatch(/^Sent /);
    expect(await parcels.count()).toBe(2);
    expect(await parcels.nth(0).textContent()).toContain('with UPS');
    expect(await parcels.nth(0).getByRole('listitem').allTextContents()).toEqual(['2 × Parcel Mug']);
    expect(await parcels.nth(0).getByRole('link', { name: '1Z999AA1' }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA1',
    );
    expect(await parcels.nth(1).getByRole('listitem').allTextContents()).toEqual(['1 × Parcel Mug']);
    expect(await parcels.nth(1).getByRole('link', { name: 'P-2' }).getAttribute('href')).toBe('https://parcels.example/P-2');
    // sent: the transfer is no longer asked for (the status page's rule)
    expect(await page.getByText('Please transfer').count()).toBe(0);
    await shot('6-order-parcels');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot('phone-order-parcels');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it('says where and when a pickup order is collected, on the pickup place’s clock', async () => {
    const email = await signedInMember('pickup');
    const tokens = await browserTokens();
    const mug = await stockedProduct(server, { name: 'Pickup Mug', price: 12, quantity: 10 });
    // the demo shop's pickup in New York, its first time
    const regions = await server.services.pricing.shipping.listRegions();
    const pickup = regions.flatMap((region) => region.options).find((option) => option.code === 'us-store-pickup');
    const slot = pickup?.timeSlots[0] as { from: string; to: string };
    const order = await placeOrderAs(tokens, email, mug._id, 1, slotOptionCode('us-store-pickup', slot));

    await open(`/me/orders/${order.id}`);
    const time = page.getByTestId('order-chosen-time');
    await time.waitFor();
    expect(await time.textContent()).toBe(`Pickup time: ${chosenTimeText({ ...slot, timeZone: 'America/New_York' })}`);
    expect(await time.textContent()).toMatch(/\(Eastern Time\)$/);
    expect(await page.getByTestId('order-address').textContent()).toContain('148 Mercer St');
    const status = page.getByTestId('order-delivery');
    expect(await status.textContent()).toBe('Being prepared');

    // the shop makes it ready: ready since today, no parcel or carrier, and still to pay
    await orderAction(server, order.id, 'fulfill', {});
    await page.reload();
    await expect.poll(() => status.textContent()).toMatch(/^Ready for pickup since \S/);
    expect(await page.getByTestId('order-status').textContent()).toBe('Ready for pickup');
    await page
      .getByRole('term')
      .filter({ hasText: /^Pickup$/ })
      .waitFor();
    const ready = page.getByRole('region', { name: 'Ready for pickup' });
    expect(await ready.getByTestId('order-parcel').textContent()).toMatch(/^Ready \S.*1 × Pickup Mug$/);
    expect(await page.getByText(/Sent|Parcel|with Other/).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Payment' })
      .getByText(/transfer/i)
      .first()
      .waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await shot('phone-order-pickup');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it('shows the member’s details, saves a new name and changes the password', async () => {
    const email = await verifiedMember('profile');
    await signIn(email);
    await page.waitForURL((url) => url.pathname === '/me');
    const details = page.getByRole('region', { name: 'Your details' });
    await details.getByTestId('profile-email').filter({ hasText: email }).waitFor();
    expect(await details.getByTestId('profile-name').textContent()).toBe('Not given');

    // the names: saved, shown, kept after a reload; the keyboard comes back to the edit button
    await details.getByRole('button', { name: 'Edit your name' }).click();
    await details.getByLabel('First name').fill('  Ada ');
    await details.getByLabel('Last name').fill('Lovelace');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByRole('status').filter({ hasText: 'Your details were saved.' }).waitFor();
    expect(await details.getByTestId('profile-name').textContent()).toBe('Ada Lovelace');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Edit your name');
    await open('/me');
    await details.getByTestId('profile-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    // a name the server refuses is explained with the field's label, and nothing changes
    await details.getByRole('button', { name: 'Edit your name' }).click();
    await details.getByLabel('Nickname').fill('tab\there');
    await details.getByRole('button', { name: 'Save' }).click();
    expect(await details.getByRole('alert').textContent()).toBe(
      'Your details were not saved. Nickname must not contain control characters.',
    );
    await details.getByRole('button', { name: 'Cancel' }).click();
    expect(await details.getByTestId('profile-name').textContent()).toBe('Ada Lovelace');

    // the password: two different entries, one too short, then a good one
    const password = page.getByRole('region', { name: 'Password' });
    const change = async (first: string, second: string) => {
      await password.getByLabel('New password', { exact: true }).fill(first);
      await password.getByLabel('Repeat the new password').fill(second);
      await password.getByRole('button', { name: 'Change password' }).click();
    };
    await change('a brand new password', 'a brand new passw0rd');
    expect(await password.getByRole('alert').textContent()).toBe('The two passwords are not the same. Type the new password twice.');
    await change('short', 'short');
    await password.getByRole('alert').filter({ hasText: 'Your password was not changed.' }).waitFor();
    expect(await password.getByRole('alert').textContent()).toMatch(
      /^Your password was not changed\. The new password must be at least \d+ characters\.$/,
    );
    await change('a brand new password', 'a brand new password');
    await password.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect(await password.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    await shot('7-profile');

    // the old password no longer opens the account; the new one does
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Sign out' }).click()]);
    await signIn(email);
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/me');
    await accountLink('Account').waitFor();
    expect(errors).toEqual([]);
  }, 90_000);

  it('keeps the member signed in on the browser that changed the password: its tokens still renew (#18)', async () => {
    const email = await verifiedMember('stays-signed-in');
    await signIn(email);
    await page.waitForURL((url) => url.pathname === '/me');
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('New password', { exact: true }).fill('a brand new password');
    await password.getByLabel('Repeat the new password').fill('a brand new password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect(await password.getByRole('status').textContent()).toBe(
      'Your password was changed. You stay signed in here; everywhere else you were signed out.',
    );
    await shot('8-password-changed');
    const refreshTokenNow = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').refreshToken, TOKENS_KEY);
    const before = await refreshTokenNow();

    // the access token runs out: the next page renews the pair with the refresh token
    await page.evaluate((key) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 0 } }));
    }, TOKENS_KEY);
    await open('/me');

    await page.getByRole('region', { name: 'Your details' }).getByTestId('profile-email').filter({ hasText: email }).waitFor();
    const after = await refreshTokenNow();
    expect(after.role).toBe('member');
    expect(after.value).not.toBe(before.value);
    await shot('8-signed-in-after-renewal');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open('/me');
      await page.getByRole('region', { name: 'Your details' }).getByTestId('profile-email').waitFor();
      await shot('phone-signed-in-after-renewal');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it('asks a visitor to sign in on the account pages, without redirecting', async () => {
    await open('/me');
    await page.getByText('Sign in to see your orders and account.').waitFor();
    const signInLink = page.getByRole('main').getByRole('link', { name: 'Sign in' });
    expect(await signInLink.getAttribute('href')).toBe('/me/login?returnTo=%2Fme');
    expect(new URL(page.url()).pathname).toBe('/me');
    await open('/me/orders/some-order');
    await page.getByText('Sign in to see this order.').waitFor();
    expect(errors).toEqual([]);
  });

  it('answers a password reset neutrally and e-mails the link', async () => {
    const email = await verifiedMember('forgot');
    await open('/me/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/me/forgot-password');
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`If an account exists for ${email}, we sent a link`).waitFor();
    await expect(latestRecoveryToken(server.url, email)).resolves.toMatch(/\S/);
    await shot('6-forgot-password');

    // an address nobody uses gets the same answer, and no mail
    const nobody = uniqueEmail('nobody');
    await open('/me/forgot-password');
    await page.getByLabel('E-mail address', { exact: true }).fill(nobody);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`If an account exists for ${nobody}, we sent a link`).waitFor();
    await expect(mailsTo(server.url, nobody)).resolves.toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('ignores a returnTo on another site, after signing in and when already signed in', async () => {
    const email = await verifiedMember('return-to');
    await signIn(email, '/me/login?returnTo=//evil.example');
    await page.waitForURL((url) => url.pathname === '/me');
    expect(new URL(page.url()).origin).toBe(server.url);
    // already a member: the sign-in page sends them on at once
    await open(`/me/login?returnTo=${encodeURIComponent('/\\evil.example')}`);
    await page.waitForURL((url) => url.pathname === '/me');
    await open('/me/login?returnTo=%2Fproducts');
    await page.waitForURL((url) => url.pathname === '/products');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('shops that approve members by hand, or always want a captcha', () => {
  let approving: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    [approving, guarded] = await Promise.all([
      startShop({ VERIFY_EMAIL_ON_REGISTER: 'false', APPROVE_MEMBERS_MANUALLY: 'true' }),
      startShop({ VERIFY_EMAIL_ON_REGISTER: 'false', CAPTCHA: 'always' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await approving?.close();
    await guarded?.close();
  });

  it('tells a new member the account waits for the shop’s approval', async () => {
    await page.goto(`${approving.url}/me/register`);
    await hydrated();
    await page.getByLabel('E-mail address', { exact: true }).fill(uniqueEmail('approval'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Waiting for the shop’s approval' }).waitFor();
    await accountLink('Sign in').waitFor();
    await shot('7-approval');
    expect(errors).toEqual([]);
  });

  it('sends a sign-in that needs a captcha to the shop’s own sign-in page', async () => {
    await page.goto(`${guarded.url}/me/login`);
    await hydrated();
    await page.getByLabel('E-mail address', { exact: true }).fill(uniqueEmail('captcha'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The shop needs to check that you are not a robot').waitFor();
    await shot('8-captcha');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/oauth2/authorize'),
      page.getByRole('button', { name: 'Use the shop’s sign-in page' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});
