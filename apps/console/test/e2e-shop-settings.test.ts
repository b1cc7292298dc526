/**
 * The console's Settings page in Chromium, on the real server (#20): the shop's details, the sender
 * of its e-mails and its payment methods edited in the console are what the server then holds; a
 * field the browser or the server refuses is named beside it; a reload shows what was saved.
 */
import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { shopSettings } from '@vitrine/sdk/admin';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, type SignedInConsole, signedInConsole } from './console-session.js';

let server: TestServer;
let session: SignedInConsole;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  session = await signedInConsole({ env: { SHOP_NAME: 'Corner Shop' } });
  ({ server, page, errors } = session);
}, 120_000);
afterAll(() => session?.close());

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-shop-settings-${name}.png`, fullPage: true });
const stored = () =>
  createClient({
    host: server.url,
    modules: { shopSettings },
    auth: ApiKeyStrategy({ apiKey: server.apiKey }),
  }).shopSettings.getShopSettings();

describe('shop settings in the console (#20)', () => {
  it('edits the shop, its sender and its payments; names refused fields beside them; a reload shows what was saved', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Shop settings' });
    await expect.poll(() => form.getByLabel('Shop name').inputValue()).toBe('Corner Shop');

    await form.getByLabel('Shop name').fill('');
    await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await form.getByRole('button', { name: 'Save the settings' }).click();
    await form.getByText('Name the shop: buyers see it on every page and e-mail.').waitFor();

    await form.getByLabel('Shop name').fill('Corner Shop Springfield');
    await form.getByRole('button', { name: 'Save the settings' }).click();
    await form.getByText('This IBAN is not valid: check the country code, the length and the check digits.').waitFor();
    expect(await form.getByLabel('IBAN').getAttribute('aria-invalid')).toBe('true');
    await shot('1-refused');
    expect((await stored()).shopName).toBe('Corner Shop');

    await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await form.getByLabel('Account holder').fill('Corner Shop GmbH');
    await form.getByLabel('BIC').fill('COBADEFFXXX');
    await form.getByLabel('Sender name').fill('Corner Shop Orders');
    await form.getByLabel('Sender address').fill('orders@corner.test');
    await form.getByLabel('Time zone').selectOption('Europe/Berlin');
    await form.getByLabel('Order-number prefix').fill('CS-');
    await form.getByLabel('Cash on delivery (offered for deliveries)').check();
    await form.getByLabel('Secret key').fill('sk_test_console');
    await form.getByRole('button', { name: 'Save the settings' }).click();
    await form.getByText('Saved.').waitFor();
    expect(await stored()).toMatchObject({
      shopName: 'Corner Shop Springfield',
      sender: { name: 'Corner Shop Orders', email: 'orders@corner.test' },
      timeZone: 'Europe/Berlin',
      orderNumberPrefix: 'CS-',
      payments: {
        bankTransfer: { enabled: true, accountHolder: 'Corner Shop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        cashOnDelivery: { enabled: true },
        card: { enabled: false, secretKeySet: true },
      },
    });

    await page.reload();
    const again = page.getByRole('form', { name: 'Shop settings' });
    await expect.poll(() => again.getByLabel('Shop name').inputValue()).toBe('Corner Shop Springfield');
    expect(await again.getByLabel('IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    expect(await again.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    expect(await again.getByLabel('Cash on delivery (offered for deliveries)').isChecked()).toBe(true);
    expect(await again.getByLabel('Secret key').inputValue()).toBe('');
    await again.getByText('Set. Type a new one to replace it.').first().waitFor();
    await shot('2-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('3-phone');
    // Nothing wider than the phone's screen (#20: the form was 1px too wide).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Chromium's note of the one refused save (the bad IBAN) is the only error the page reported.
    expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/_api\/vitrine\/v1\/shop-settings$/)]);
  });

  it('keeps a way to pay: turning every method off is refused beside the payments', async () => {
    await page.goto(`${server.url}/console/settings`);
    const form = page.getByRole('form', { name: 'Shop settings' });
    await expect.poll(() => form.getByLabel('Shop name').inputValue()).toBe('Corner Shop Springfield');
    await form.getByLabel('Bank transfer (the order number is the reference)').uncheck();
    await form.getByLabel('Cash on delivery (offered for deliveries)').uncheck();
    await form.getByLabel('Pay at pickup (offered for pickups)').uncheck();
    await form.getByRole('button', { name: 'Save the settings' }).click();
    await form.getByText('Keep at least one way to pay turned on.').waitFor();
    expect((await stored()).payments?.bankTransfer?.enabled).toBe(true);
  });
});
