/**
 * Issue #20, point 4 in Chromium: the buyer opens the order-status page from the link in the
 * confirmation e-mail (the dev mailbox), sees the payment it waits for, then, after the merchant
 * fulfils it, "Shipped" with the tracking link and no request to pay; on a desktop and a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { newYorkPickup, placedOrder, stockedProduct } from '../support/checkout-fixtures.js';
import { mailsTo, uniqueEmail } from '../support/mailbox.js';
import { merchantCall } from '../support/merchant-api.js';
import { usShippingServerForFile } from '../support/server-for-file.js';

const server = usShippingServerForFile();
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  chromium = await launchChromium({ javaScriptEnabled: false });
  page = await chromium.browser.newPage();
}, 60_000);
afterAll(async () => {
  await chromium?.close();
});

const shot = (name: string) =>
  page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/order-status-${name}.png`, fullPage: true });

describe('the order-status page in Chromium (#20)', () => {
  it('opens from the confirmation e-mail, asks for the transfer, then shows the parcel’s tracking link once shipped', async () => {
    const email = uniqueEmail('guest');
    const mug = await stockedProduct(server, { name: 'Parcel mug', price: 12, quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { email });

    await page.goto(`${server.url}/_dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = await page
      .getByRole('article')
      .filter({ hasText: `Your order ${order.number}` })
      .locator('pre')
      .textContent();
    const link = /https?:\/\/\S+\/orders\/\S+\/status\?token=[\w-]+/.exec(mail ?? '')?.[0];
    expect(link).toBeDefined();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(link as string);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Order ${order.number}`);
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('Awaiting payment');
    await expect(page.getByRole('region', { name: 'Payment' }).textContent()).resolves.toContain(order.number);
    await shot('awaiting-desktop');

    await merchantCall(server, 'POST', `/ecom/v1/orders/${order.id}/fulfill`, {
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://track.example/1Z999AA10123456784',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('order-state').textContent()).resolves.toBe('Shipped');
    const tracking = page.getByRole('link', { name: '1Z999AA10123456784' });
    await expect(tracking.getAttribute('href')).resolves.toBe('https://track.example/1Z999AA10123456784');
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('No payment due');
    await expect(page.getByText('Please transfer').count()).resolves.toBe(0);
    // Nothing wider than the phone's screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot('shipped-phone');
  }, 60_000);

  it('tells the buyer of a pickup order that it is being prepared, then ready to collect where and when they chose, with no parcel', async () => {
    const email = uniqueEmail('pickup');
    const pickup = await newYorkPickup(server);
    const mug = await stockedProduct(server, { name: 'Pickup mug', price: 12, quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id }], { email, shippingOption: pickup.firstSlotCode });
    const statusLink = async () =>
      /https?:\/\/\S+\/orders\/\S+\/status\?token=[\w-]+/.exec((await mailsTo(server.url, email))[0]?.text ?? '')?.[0];
    await expect.poll(statusLink).toBeDefined();
    const link = (await statusLink()) as string;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(link);
    await page.getByRole('heading', { level: 2, name: 'Pickup' }).waitFor();
    await expect(page.getByTestId('fulfilment-state').textContent()).resolves.toBe('Being prepared for pickup');

    await merchantCall(server, 'POST', `/ecom/v1/orders/${order.id}/fulfill`, {});
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('order-state').textContent()).resolves.toBe('Ready for pickup');
    // unpaid and ready: the buyer still pays (often at the counter), so the page still asks
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('Awaiting payment');
    const pickupSection = page.getByRole('region', { name: 'Pickup' });
    await expect(pickupSection.textContent()).resolves.toContain('pick up at 148 Mercer St, New York, US on ');
    await expect(pickupSection.getByRole('listitem').textContent()).resolves.toMatch(
      /^Ready \d{1,2} \w+ \d{4}, \d{2}:\d{2} .* · 1 × Pickup mug$/,
    );
    await expect(pickupSection.textContent()).resolves.not.toMatch(/Sent|Shipped|Other/);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot('pickup-ready-phone');
  }, 60_000);

  it('shows the shop’s contact e-mail as a mail link and its address in the footer, and the date in its time zone, on a desktop and a phone', async () => {
    await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', {
      shopName: 'Corner Shop',
      contactEmail: 'questions@corner-shop.test',
      address: { addressLine: '12 Kastanienallee', city: 'Berlin', postalCode: '10435', country: 'DE' },
      timeZone: 'Europe/Berlin',
    });
    const email = uniqueEmail('footer');
    const mug = await stockedProduct(server, { name: 'Footer mug', price: 12, quantity: 5 });
    await placedOrder(server, [{ productId: mug._id }], { email });
    await page.goto(`${server.url}/_dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = await page.getByRole('article').first().locator('pre').textContent();
    const link = /https?:\/\/\S+\/orders\/\S+\/status\?token=[\w-]+/.exec(mail ?? '')?.[0] as string;

    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(link);
      const footer = page.getByRole('contentinfo');
      await expect(footer.textContent()).resolves.toBe(
        'Questions about your order? questions@corner-shop.testCorner Shop, 12 Kastanienallee, Berlin, 10435, Germany',
      );
      const contact = footer.getByRole('link', { name: 'questions@corner-shop.test' });
      await expect(contact.getAttribute('href')).resolves.toBe('mailto:questions@corner-shop.test');
      await expect(contact.isVisible()).resolves.toBe(true);
      await expect(page.getByText(/^Placed \d+ \w+ \d{4}, \d{2}:\d{2} (CET|CEST)$/).count()).resolves.toBe(1);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
      await shot(`footer-${name}`);
    }
  }, 60_000);
});
