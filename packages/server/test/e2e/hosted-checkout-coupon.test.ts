/**
 * The hosted checkout's coupon field in Chromium (issue #19): a good coupon lowers the total at once
 * and the order carries its discount; a coupon below its minimum says why it does not apply and leaves
 * the total alone; without JavaScript the buttons post the form and the page comes back (Post/Redirect/Get).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { fillHostedAddress, openHostedCheckout } from '../support/hosted-checkout-page.js';
import { uniqueEmail } from '../support/mailbox.js';
import { usShippingServerForFile } from '../support/server-for-file.js';

const server = usShippingServerForFile();
let chromium: Awaited<ReturnType<typeof launchChromium>>;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
});

/** A new coupon with a unique code: 10 % off, with a minimum subtotal when given. */
async function coupon(minimumSubtotal?: string): Promise<string> {
  const code = `E2E${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  await server.services.pricing.coupons.create({
    code,
    name: 'Ten percent off',
    kind: 'PERCENT',
    value: '10',
    ...(minimumSubtotal ? { minimumSubtotal } : {}),
  });
  return code;
}

const waitForTotal = (page: Page, total: string) =>
  page.waitForFunction((expected) => document.querySelector('[data-testid="order-total"]')?.textContent === expected, total);

/** A visitor's checkout of two $8 mugs on the hosted page, with a US address typed (`javaScript: false`: by a browser without it). */
async function openCheckout(page: Page, options: { javaScript?: boolean } = {}): Promise<string> {
  const checkoutId = await openHostedCheckout(server, page, { name: 'Coupon mug', price: 8, quantity: 2 });
  await fillHostedAddress(page, uniqueEmail('coupon'), options);
  return checkoutId;
}

/** A new page with the checkout open, once its totals for the address are shown ($16.00 + $5.00 shipping); `errors` the page's script errors. */
async function openWithTotals(): Promise<{ page: Page; checkoutId: string; errors: string[] }> {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const checkoutId = await openCheckout(page);
  await waitForTotal(page, '$21.00');
  return { page, checkoutId, errors };
}

const couponText = async (page: Page) => (await page.locator('#section-coupon').textContent()) ?? '';
const orderOf = (checkoutId: string) =>
  server.database.db.selectFrom('orders').select(['totals', 'coupon_id']).where('checkout_id', '=', checkoutId).executeTakeFirst();

describe('the hosted checkout coupon in Chromium (#19)', () => {
  it('applies a coupon: the total drops at once, and the placed order carries the discount', async () => {
    const { page, checkoutId, errors } = await openWithTotals();
    const code = await coupon();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await waitForTotal(page, '$19.40');
    expect(await couponText(page)).toContain(`${code} takes $1.60 off your order.`);
    expect(await page.locator('#order-summary').textContent()).toMatch(new RegExp(`Coupon ${code}\\s*-\\$1\\.60`));
    expect(await page.getByLabel('Use another code').inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS}/checkout-coupon-applied.png`, fullPage: true });

    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Place order' }).click()]);
    const order = await orderOf(checkoutId);
    expect(order?.totals).toMatchObject({ subtotal: '16.00', discount: '1.60', total: '19.40' });
    expect(order?.coupon_id).toEqual(expect.any(String));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says why a coupon below its minimum does not apply, and leaves the total as it was', async () => {
    const { page } = await openWithTotals();
    const code = await coupon('50');
    await page.getByLabel('Coupon code').fill(code);
    await page.getByLabel('Coupon code').press('Enter');
    await page.locator('#coupon-reason').waitFor();
    expect(await page.locator('#coupon-reason').textContent()).toBe(
      `Not applied: Coupon ${code} needs a subtotal of at least $50.00 on the items it applies to. Add $34.00 more to use it.`,
    );
    expect(await page.getByTestId('order-total').textContent()).toBe('$21.00');
    expect(page.url()).not.toMatch(/coupon=/);
    await page.screenshot({ path: `${SHOTS}/checkout-coupon-minimum.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#section-coupon').screenshot({ path: `${SHOTS}/checkout-coupon-minimum-phone.png` });

    await page.getByRole('button', { name: 'Remove coupon' }).click();
    await page.locator('#coupon-reason').waitFor({ state: 'detached' });
    expect(await couponText(page)).not.toContain(code);
    await page.close();
  });

  it('keeps a code being typed in the coupon field while the totals change for another field', async () => {
    const { page } = await openWithTotals();
    await page.getByLabel('Coupon code').fill('HALFTYPED');
    await page.getByRole('radio', { name: /Store pickup – Free/ }).check();
    await waitForTotal(page, '$16.00');
    expect(await page.getByLabel('Coupon code').inputValue()).toBe('HALFTYPED');
    expect(await couponText(page)).not.toContain('Not applied');
    await page.close();
  });

  it('refuses an unknown code next to the field, keeping what was typed', async () => {
    const { page } = await openWithTotals();
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('There is no coupon with the code NOPE. Check the code and try again.').waitFor();
    expect(await page.getByLabel('Coupon code').inputValue()).toBe('NOPE');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#section-coupon').screenshot({ path: `${SHOTS}/checkout-coupon-unknown-phone.png` });
    expect(await page.getByLabel('Email').inputValue()).toMatch(/@/);
    expect(await page.getByTestId('order-total').textContent()).toBe('$21.00');
    await page.close();
  });

  it('applies and removes a coupon without JavaScript (the form posts, the page comes back)', async () => {
    const noScript = await launchChromium({ javaScriptEnabled: false });
    const page = await noScript.browser.newPage();
    await openCheckout(page, { javaScript: false });
    const code = await coupon();
    await page.getByLabel('Coupon code').fill(code);
    await Promise.all([page.waitForURL(/coupon=applied/), page.getByRole('button', { name: 'Apply' }).click()]);
    expect(await couponText(page)).toContain(`${code} takes $1.60 off your order.`);
    expect(await page.getByTestId('order-total').textContent()).toBe('$19.40');
    await Promise.all([page.waitForURL(/coupon=removed/), page.getByRole('button', { name: 'Remove coupon' }).click()]);
    expect(await page.getByTestId('order-total').textContent()).toBe('$21.00');
    await noScript.close();
  });
});
