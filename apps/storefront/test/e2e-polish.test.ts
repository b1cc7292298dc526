/**
 * The small things a shopper notices (#25), in Chromium on the built storefront with the demo shop:
 * the product page's choices (preselected, always clickable, in the URL), "Sold out" and "Only N left";
 * the cart's totals, line totals, drawer focus and tabs kept in step; the account pages' password
 * rules and the hosted reset page's links. Screenshots (desktop and a 390×844 phone) under
 * e2e/artifacts/polish-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../../../packages/server/src/cli/demo-client.js';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { latestRecoveryToken, uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS } from './storefront-page.js';
import { startStorefrontServer } from './storefront-server.js';

/** Where the storefront keeps the demo client's tokens (`shop-client.ts`). */
const TOKENS_KEY = `vitrine.tokens.${DEMO_CLIENT_ID}`;
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  server = await startStorefrontServer();
  chromium = await launchChromium();
  page = await watched(await chromium.browser.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** A page whose script errors and unexpected console errors fail the test that made them. */
async function watched(target: Page): Promise<Page> {
  // a wait that fails says which, before the test's own timeout
  target.setDefaultTimeout(10_000);
  target.on('pageerror', (error) => errors.push(error.message));
  // a refused password or a used link is an answer the browser logs; anything else must be clean
  target.on('console', (message) => {
    if (message.type() === 'error' && !/status of (400|404|410)/.test(message.text())) errors.push(message.text());
  });
  return target;
}

/** Screenshots of the page as it is, on a desktop and on a 390×844 phone. */
async function shots(name: string, target: Page = page): Promise<void> {
  const desktop = target.viewportSize();
  await target.screenshot({ path: `${ARTIFACTS}polish-${name}-desktop.png`, fullPage: true });
  await target.setViewportSize({ width: 390, height: 844 });
  await target.screenshot({ path: `${ARTIFACTS}polish-${name}-phone.png`, fullPage: true });
  if (desktop) await target.setViewportSize(desktop);
}

const hydrated = (target: Page = page) => target.waitForSelector('html[data-hydrated="true"]');
const pressed = (name: string) => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
const addButton = () => page.locator('.add-to-cart__button');
/** Waits until the element with this test id shows exactly `expected`. */
const waitForText = (testId: string, expected: string, target: Page = page) =>
  target.waitForFunction(([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === want, [
    testId,
    expected,
  ] as const);
/** Every test of the cart starts with none: a new visitor (no tokens). */
async function emptyCart(): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.clear());
}
/** A fresh cart with two White 11 oz mugs, on the cart page. */
async function cartOfTwoMugs(): Promise<void> {
  await emptyCart();
  await page.goto(`${server.url}/products/classic-diner-mug`);
  await hydrated();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await addButton().click();
  await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
  await page.goto(`${server.url}/cart`);
  await hydrated();
}
/** `open` opens the cart drawer; Escape closes it and the focus is back on the element of class `opener`. */
async function escapeGivesFocusBack(open: () => Promise<void>, opener: string): Promise<void> {
  await open();
  await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.cart-drawer')?.hasAttribute('open'));
  await page.waitForFunction((name) => document.activeElement?.classList.contains(name), opener);
}
const settled = () =>
  page.waitForFunction(() => document.querySelector('[data-testid="product-price"]')?.getAttribute('aria-busy') === 'false');

describe('the product page (#25)', () => {
  it('starts on the first available combination, priced, with "Add to cart" ready', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    expect(await pressed('White')).toBe('true');
    expect(await pressed('11 oz')).toBe('true');
    expect((await page.getByTestId('product-price').textContent())?.trim()).toBe('$14.00');
    expect(await addButton().isEnabled()).toBe(true);
    await shots('product-preselected');
  });

  it('keeps every choice clickable and moves the others to a combination that exists', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    await page.getByRole('button', { name: '15 oz', exact: true }).click();
    await settled();
    // Mustard is sold out in 15 oz: it stays clickable, and picking it moves the size to 11 oz
    const mustard = page.locator('button[title^="Mustard"]');
    expect(await mustard.isEnabled()).toBe(true);
    await mustard.click();
    await page.waitForFunction(() => document.querySelector('button[aria-label="11 oz"]')?.getAttribute('aria-pressed') === 'true');
    await settled();
    expect(await pressed('Mustard')).toBe('true');
    expect(await addButton().textContent()).toBe('Add to cart');
    expect(await addButton().isEnabled()).toBe(true);
    await shots('product-switched');
  });

  it('puts the chosen variant in the URL, and a reload opens on it', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    await page.getByRole('button', { name: 'Sky', exact: true }).click();
    await page.getByRole('button', { name: '15 oz', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('opt.Size') === '15 oz');
    await settled();
    const shared = page.url();
    await page.goto(shared);
    await hydrated();
    expect(await pressed('Sky')).toBe('true');
    expect(await pressed('15 oz')).toBe('true');
    expect((await page.getByTestId('product-price').textContent())?.trim()).toBe('$17.00');
  });

  it('says "Sold out" on the button of a sold-out product and of a sold-out choice', async () => {
    await page.goto(`${server.url}/products/cotton-tank-top`);
    await hydrated();
    expect((await addButton().textContent())?.trim()).toBe('Sold out');
    expect(await addButton().isDisabled()).toBe(true);
    await shots('product-sold-out');

    await page.goto(`${server.url}/products/sunrise-graphic-tee`);
    await hydrated();
    await page.getByRole('button', { name: 'S (unavailable with this selection)' }).click();
    await page.waitForFunction(() => document.querySelector('.add-to-cart__button')?.textContent === 'Sold out');
    expect(await pressed('S (unavailable with this selection)')).toBe('true');
  });

  it('says "Only N left" beside a quantity typed above the stock', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('500');
    await page.getByText('Only 40 left').waitFor();
    expect(await quantity.inputValue()).toBe('40');
    await shots('product-only-left');
    await quantity.fill('2');
    await page.waitForFunction(() => !document.querySelector('.quantity__limit')?.textContent);
  });
});

describe('the cart (#25)', () => {
  it('shows each line total, and "Calculated at checkout" for tax before an address', async () => {
    await cartOfTwoMugs();
    await waitForText('line-total', 'Total $28.00');
    await waitForText('tax-total', 'Calculated at checkout');
    await shots('cart-page');
  });

  it('returns focus to the control that opened the drawer when Escape closes it', async () => {
    // "Add to cart" opens it once the line is in
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    await escapeGivesFocusBack(() => addButton().click(), 'add-to-cart__button');
    // the header's cart button, twice (the second time without a click in between)
    await escapeGivesFocusBack(() => page.locator('button.site-header__cart').click(), 'site-header__cart');
    await escapeGivesFocusBack(() => page.keyboard.press('Enter'), 'site-header__cart');
  });

  it('stays open when reopened before the browser has announced the last close', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    await page.locator('button.site-header__cart').click();
    await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
    // closing queues the dialog's "close" event; the reopening click runs before that event arrives
    await page.evaluate(
      () =>
        new Promise<void>((reopened) => {
          const dialog = document.querySelector('dialog.cart-drawer') as HTMLDialogElement;
          // an observer runs in the same task as the close itself, before the task that fires "close"
          const observer = new MutationObserver(() => {
            if (dialog.open) return;
            observer.disconnect();
            document.querySelector<HTMLElement>('button.site-header__cart')?.click();
            reopened();
          });
          observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
          document.querySelector<HTMLElement>('.cart-drawer__close')?.click();
        }),
    );
    // two frames later the queued event has come and gone
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('dialog.cart-drawer').evaluate((dialog: HTMLDialogElement) => dialog.open)).toBe(true);
    expect(await page.locator('button.site-header__cart').getAttribute('aria-expanded')).toBe('true');

    // the browser closing it by itself (as Chromium does to a second Escape with no input between) is heard
    await page.locator('dialog.cart-drawer').evaluate((dialog: HTMLDialogElement) => dialog.close());
    await page.waitForFunction(() => document.querySelector('button.site-header__cart')?.getAttribute('aria-expanded') === 'false');
    await page.locator('button.site-header__cart').click();
    await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.cart-drawer')?.hasAttribute('open'));
  });

  it('keeps two tabs in step: another tab’s change, and a change made elsewhere when the tab is shown again', async () => {
    await cartOfTwoMugs();
    const other = await watched(await chromium.browser.newPage());
    await other.goto(`${server.url}/cart`);
    await hydrated(other);
    const quantityIn = (target: Page) => target.getByRole('spinbutton', { name: 'Quantity of Classic Diner Mug' });
    expect(await quantityIn(other).inputValue()).toBe('2');

    // this tab changes the quantity: the other tab shows it without a reload
    await page.getByRole('button', { name: 'Increase quantity of Classic Diner Mug' }).click();
    await waitForText('line-total', 'Total $42.00');
    await other.waitForFunction(() => (document.querySelector('.cart-line input') as HTMLInputElement | null)?.value === '3');

    // the cart changes elsewhere (another device of the same session): shown again, the tab asks anew
    const tokens: Tokens = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), TOKENS_KEY);
    const elsewhere = createClient({
      host: server.url,
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokens }),
    });
    const cart = await elsewhere.currentCart.getCurrentCart();
    const lineId = cart.lineItems?.[0]?._id ?? '';
    await elsewhere.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity: 5 }]);
    await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await other.waitForFunction(() => (document.querySelector('.cart-line input') as HTMLInputElement | null)?.value === '5');
    // a click there now starts from the server's 5, not the 3 it showed before
    await other.getByRole('button', { name: 'Increase quantity of Classic Diner Mug' }).click();
    await waitForText('line-total', 'Total $84.00', other);
    expect((await elsewhere.currentCart.getCurrentCart()).lineItems?.[0]?.quantity).toBe(6);
    await other.close();
  });
});

describe('the account pages (#25)', () => {
  it('says what a password needs beside the field, before and after a refusal, in words', async () => {
    await page.goto(`${server.url}/me/register`);
    await hydrated();
    const hint = page.locator('.account-field__hint');
    expect(await hint.textContent()).toContain('At least 8 characters');
    await page.getByLabel('E-mail address').fill(uniqueEmail('polish'));
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const message = (await alert.textContent()) ?? '';
    expect(message).toContain('Password must be at least 8 characters');
    expect(message).not.toContain('"');
    expect(message).not.toContain('options.');
    expect(await hint.textContent()).toContain('At least 8 characters');
    await shots('register-refused');
  });

  it('leads on from a changed password to sign-in, and says at once that a used link is used', async () => {
    const email = uniqueEmail('polish-reset');
    await server.services.identity.register({ email, password: PASSWORD }, { ip: '127.0.0.1', clientId: null, visitorId: null });
    await page.goto(`${server.url}/me/forgot-password`);
    await hydrated();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('we sent a link').waitFor();
    const link = `${server.url}/account/reset-password?token=${encodeURIComponent(await latestRecoveryToken(server.url, email))}`;

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password was changed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`${server.url}/me/login`);
    await shots('password-changed');

    const used = await page.goto(link);
    expect(used?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This link was used or has expired' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await shots('reset-link-used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  });

  it('leads a new merchant from "password set" to the console', async () => {
    const made = await server.services.merchants.create(uniqueEmail('polish-merchant'));
    await page.goto(made.passwordLink ?? '');
    await page.getByLabel('New password', { exact: true }).fill('a merchant secret');
    await page.getByLabel('Confirm new password').fill('a merchant secret');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password is set' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in to the console' }).getAttribute('href')).toBe('/console/');
    await shots('password-set');
    expect(errors).toEqual([]);
  });
});
