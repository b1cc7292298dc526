/**
 * The console's webhooks and API keys in Chromium, on the real server: a webhook added (its secret
 * shown once) to a real loopback endpoint receives the test event, signed, and the delivery log
 * shows it; an API key made in the console calls the merchant API until it is revoked; tax settings
 * and rates changed in the console are what the server then applies; a shipping region and its
 * option with a delivery time slot (#7) made in the console are what a shopper's estimate offers.
 */

import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { shipping, taxes } from '@vitrine/sdk/ecom';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotOptionCode } from '../../../packages/server/src/domains/cart/totals/shipping.js';
import { lineOf, stockedProduct, visitorClient } from '../../../packages/server/test/support/checkout-fixtures.js';
import { send } from '../../../packages/server/test/support/http.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../packages/server/test/support/webhook-receiver.js';
import { ARTIFACTS, type SignedInConsole, signedInConsole } from './console-session.js';

let server: TestServer;
let receiver: WebhookReceiver;
let session: SignedInConsole;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  session = await signedInConsole({ env: { WEBHOOK_INTERVAL_MS: '0' } });
  ({ server, page, errors } = session);
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await session?.close();
});
beforeEach(() => {
  errors.length = 0;
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-settings-${name}.png`, fullPage: true });

describe('webhooks', () => {
  it('adds a webhook for chosen events, test-sends a signed event to it, shows the delivery, and removes it', async () => {
    await page.goto(`${server.url}/console/webhooks`);
    const add = page.getByRole('form', { name: 'Add a webhook' });
    await add.getByLabel('order.created').check();
    await add.getByLabel('Endpoint address').fill(receiver.url);
    await add.getByRole('button', { name: 'Add the webhook' }).click();
    const secret = await add.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);

    const item = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await item.waitFor();
    expect(await item.textContent()).toContain('order.created');
    await item.getByRole('button', { name: 'Send a test event' }).click();
    await item.getByRole('status').filter({ hasText: 'Test event delivered (HTTP 200).' }).waitFor();
    expect(receiver.received.at(-1)?.envelope).toMatchObject({ type: 'webhook.test' });
    expect(String(receiver.received.at(-1)?.headers['vitrine-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    await item.getByRole('button', { name: 'Show the deliveries' }).click();
    const row = item.getByTestId('delivery-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('webhook.test');
    expect(await row.textContent()).toContain('HTTP 200');
    await shot('1-webhooks');

    page.once('dialog', (dialog) => dialog.accept());
    await item.getByRole('button', { name: 'Remove…' }).click();
    await item.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 60_000);

  it('says why an address is refused before sending it', async () => {
    await page.goto(`${server.url}/console/webhooks`);
    const add = page.getByRole('form', { name: 'Add a webhook' });
    await add.getByLabel('Endpoint address').fill('ftp://files.example');
    await add.getByRole('button', { name: 'Add the webhook' }).click();
    await add.getByText('Type the endpoint’s address, starting with https:// (or http://).').waitFor();
    expect(await add.getByLabel('Endpoint address').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('API keys', () => {
  it('makes a key shown once that calls the merchant API, then revokes it', async () => {
    await page.goto(`${server.url}/console/api-keys`);
    await page.getByLabel('What the key is for').fill('Warehouse sync');
    await page.getByRole('button', { name: 'Make a key' }).click();
    const key = (await page.getByTestId('api-key-secret').textContent()) as string;
    expect(key).toMatch(/^vmk_/);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Warehouse sync' });
    await row.waitFor();
    expect(await row.textContent()).toContain('In use');
    expect((await send(`${server.url}/_api/vitrine/v1/webhooks`, { headers: { authorization: key } })).status).toBe(200);
    await shot('2-api-keys');

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Revoke Warehouse sync…' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect((await send(`${server.url}/_api/vitrine/v1/webhooks`, { headers: { authorization: key } })).status).toBe(401);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('taxes', () => {
  const merchantTaxes = () => createClient({ host: server.url, modules: { taxes }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) }).taxes;

  it('adds a state rate (a wrong region code named first), edits it, changes the settings, and deletes it', async () => {
    await page.goto(`${server.url}/console/taxes`);
    await page.getByRole('button', { name: 'Add a rate' }).click();
    const form = page.getByRole('form', { name: 'New rate' });
    await form.getByLabel('Name', { exact: true }).fill('Illinois');
    await form.getByLabel('Applies to', { exact: true }).selectOption('STATE');
    await form.getByLabel('Rate (%)').fill('6.25');
    await form.getByLabel('Country code').fill('us');
    await form.getByLabel('Region code').fill('CA-ON');
    await form.getByRole('button', { name: 'Add the rate' }).click();
    await form.getByText('A region of US: it starts with US-.').waitFor();
    await form.getByLabel('Region code').fill('us-il');
    await form.getByRole('button', { name: 'Add the rate' }).click();
    const row = page.getByTestId('tax-rate-row').filter({ hasText: 'Illinois' });
    await row.waitFor();
    expect(await row.textContent()).toContain('6.25 %');
    expect(await row.textContent()).toContain('US-IL, US');
    const stored = (await merchantTaxes().listTaxRates({ country: 'US' })).find((taxRate) => taxRate.name === 'Illinois');
    expect(stored).toMatchObject({ jurisdictionType: 'STATE', subdivision: 'US-IL', rate: '0.0625', appliesToShipping: true });

    await row.getByRole('button', { name: 'Edit Illinois' }).click();
    const edit = page.getByRole('form', { name: 'Edit Illinois' });
    await edit.getByLabel('Rate (%)').fill('6.5');
    await edit.getByLabel('Applies to shipping').uncheck();
    await edit.getByRole('button', { name: 'Save the rate' }).click();
    await expect.poll(() => row.textContent()).toContain('6.5 %');
    expect(await row.textContent()).toContain('Not taxed');

    const settings = page.getByRole('form', { name: 'Tax settings' });
    await settings.getByLabel('Prices include tax').check();
    await settings.getByRole('button', { name: 'Save the settings' }).click();
    await settings.getByText('Saved.').waitFor();
    expect(await merchantTaxes().getTaxSettings()).toMatchObject({ taxIncludedInPrices: true });
    await shot('3-taxes');

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Delete Illinois…' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await merchantTaxes().listTaxRates({ country: 'US' })).some((taxRate) => taxRate.name === 'Illinois')).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('shipping', () => {
  it('adds a region and a free-above option with a time slot that a shopper’s estimate then offers, and deletes them', async () => {
    const code = `bnl-${crypto.randomUUID().slice(0, 6)}`;
    await page.goto(`${server.url}/console/shipping`);
    await page.getByRole('button', { name: 'Add a region' }).click();
    const regionForm = page.getByRole('form', { name: 'New region' });
    await regionForm.getByLabel('Region name').fill('Benelux');
    await regionForm.getByLabel('Countries').fill('be nl, lu');
    await regionForm.getByRole('button', { name: 'Add the region' }).click();
    const region = page.getByRole('region', { name: 'Region Benelux' });
    await region.waitFor();
    expect(await region.textContent()).toContain('BE, NL, LU');

    await region.getByRole('button', { name: 'Add an option to Benelux' }).click();
    const optionForm = region.getByRole('form', { name: 'New shipping option' });
    await optionForm.getByLabel('Title').fill('Post');
    await optionForm.getByLabel('Code').fill(code);
    await optionForm.getByLabel('Price (USD)').fill('6.5');
    await optionForm.getByLabel('Free from a subtotal of (USD)').fill('80');
    await optionForm.getByLabel('Delivery time').fill('2–3 working days');
    // a delivery slot next year, 9:00 to 12:00 in the merchant's (this machine's) time zone; its end typed wrong first
    const year = new Date().getFullYear() + 1;
    const slot = { from: new Date(year, 5, 1, 9, 0), to: new Date(year, 5, 1, 12, 0) };
    await optionForm.getByRole('button', { name: 'Add a time slot' }).click();
    await optionForm.getByLabel('Slot 1: from').fill(`${year}-06-01T09:00`);
    await optionForm.getByLabel('Slot 1: to').fill(`${year}-06-01T08:00`);
    await optionForm.getByRole('button', { name: 'Add the option' }).click();
    await optionForm.getByText('The slot ends after it starts.').waitFor();
    await optionForm.getByLabel('Slot 1: to').fill(`${year}-06-01T12:00`);
    await optionForm.getByRole('button', { name: 'Add the option' }).click();
    const row = region.getByTestId('shipping-option-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('$6.50');
    expect(await row.textContent()).toContain('$80.00');
    expect(await row.textContent()).toContain('2–3 working days · 1 time slot');
    await shot('4-shipping');

    // a shopper in the Netherlands is offered it
    const mug = await stockedProduct(server, { price: 20, quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const estimate = await shop.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'NL', city: 'Utrecht', postalCode: '3511 AB', addressLine1: 'Oudegracht 1' },
    });
    const offered = estimate.shippingInfo?.carrierServiceOptions?.flatMap((carrier) => carrier.shippingOptions ?? []) ?? [];
    // an option with slots is offered once per slot, under the slot's code
    const slotCode = slotOptionCode(code, { from: slot.from.toISOString(), to: slot.to.toISOString() });
    expect(offered.find((shippingOption) => shippingOption.code === slotCode)).toMatchObject({
      title: 'Post',
      cost: { price: { amount: '6.50' } },
      logistics: { deliveryTimeSlot: slot },
    });

    page.once('dialog', (dialog) => dialog.accept());
    await region.getByRole('button', { name: 'Delete Benelux…' }).click();
    await region.waitFor({ state: 'detached' });
    const merchant = createClient({ host: server.url, modules: { shipping }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
    expect((await merchant.shipping.listShippingRegions()).some((shippingRegion) => shippingRegion.name === 'Benelux')).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);
});
