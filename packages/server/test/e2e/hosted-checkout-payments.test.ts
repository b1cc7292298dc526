/**
 * The shop's settings as a buyer sees them in Chromium (#20): its name on the hosted checkout, the
 * bank details with the amount and the prefixed order number after placement, on a desktop and a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { lineOf, stockedProduct, visitorClient } from '../support/checkout-fixtures.js';
import { fillHostedAddress } from '../support/hosted-checkout-page.js';
import { uniqueEmail } from '../support/mailbox.js';
import { usShippingServerForFile } from '../support/server-for-file.js';
import { CORNER_SHOP_BANK } from '../support/shop-settings.js';

const server = usShippingServerForFile();
let chromium: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
});

const shot = (name: string) => `${process.env.SCREENSHOT_DIR ?? '/tmp'}/checkout-payments-${name}.png`;

describe('the shop settings on the hosted checkout, in Chromium (#20)', () => {
  it('shows the shop’s name, then the bank details, amount and prefixed order number after placement', async () => {
    await server.services.settings.update({
      shopName: 'Corner Shop Springfield',
      orderNumberPrefix: 'CS-',
      payments: {
        bankTransfer: { enabled: true, ...CORNER_SHOP_BANK },
        cashOnDelivery: { enabled: true },
      },
    });
    const mug = await stockedProduct(server, { name: 'Browser mug', price: 8, quantity: 4 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });

    const page = await chromium.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(redirectSession?.fullUrl as string);
    await expect(page.locator('body').textContent()).resolves.toContain('Corner Shop Springfield');
    await fillHostedAddress(page, uniqueEmail('chromium'));
    await page.getByLabel(/Standard shipping/).check();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-total"]')?.textContent === '$21.00');
    await expect(page.getByLabel('Cash on delivery').isVisible()).resolves.toBe(true);
    await page.getByLabel('Bank transfer').check();
    await page.screenshot({ path: shot('checkout'), fullPage: true });
    await Promise.all([
      page.waitForURL((url) => url.pathname.endsWith('/complete')),
      page.getByRole('button', { name: 'Place order' }).click(),
    ]);

    const [row] = await server.database.db
      .selectFrom('orders')
      .select('number')
      .where('checkout_id', '=', checkoutId as string)
      .execute();
    const instructions = page.locator('.instructions');
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text as rendered: the lines apart only when the page keeps them (white-space: pre-line).
    expect(await instructions.innerText()).toBe(
      [
        'Please transfer $21.00 to:',
        'Account holder: Corner Shop GmbH',
        'IBAN: DE89 3704 0044 0532 0130 00',
        'BIC: COBADEFFXXX',
        'Bank: Commerzbank',
        `Reference: CS-${row?.number}`,
      ].join('\n'),
    );
    await page.screenshot({ path: shot('confirmation-desktop'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('confirmation-phone'), fullPage: true });
    await page.close();
  });
});
