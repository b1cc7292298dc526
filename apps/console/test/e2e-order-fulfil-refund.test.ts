/**
 * The console's order page ships an order in parcels and refunds part of it (#20), in Chromium:
 * a parcel of some items by UPS, then the rest by another carrier with its link, a refused refund
 * shown beside its field, then a partial refund of an item put back in stock, confirmed first.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  merchantClient,
  newYorkPickup,
  placedOrder,
  quantityOf,
  stockedProduct,
} from '../../../packages/server/test/support/checkout-fixtures.js';
import { mailsTo } from '../../../packages/server/test/support/mailbox.js';
import { ARTIFACTS, type SignedInConsole, signedInConsole } from './console-session.js';

let chromium: SignedInConsole;
let page: Page;
beforeAll(async () => {
  chromium = await signedInConsole({ shipsToUs: true });
  page = chromium.page;
}, 120_000);
afterAll(() => chromium?.close());

const shot = async (name: string) => {
  await page.screenshot({ path: `${ARTIFACTS}console-${name}.png`, fullPage: true });
};

it('ships an order in two parcels, then refunds one item back into stock after a confirmation', async () => {
  const { server } = chromium;
  const mug = await stockedProduct(server, { name: 'Parcel Mug', price: 10, quantity: 5 });
  const tee = await stockedProduct(server, { name: 'Parcel Tee', price: 12.5, quantity: 6 });
  const order = await placedOrder(server, [
    { productId: mug._id, quantity: 2 },
    { productId: tee._id, quantity: 3 },
  ]);
  await merchantClient(server).orders.markOrderAsPaid(order.id);
  await page.goto(`${server.url}/console/orders/${order.id}`);
  await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
  const state = page.getByTestId('order-state');
  expect(await state.textContent()).toBe('Paid · to ship');

  // the first parcel: both mugs, no tee, by UPS
  await page.getByRole('button', { name: 'Fulfil items…' }).click();
  const fulfil = page.getByRole('form', { name: 'Fulfil items' });
  expect(await fulfil.getByLabel('Parcel Mug (2 to ship)').inputValue()).toBe('2');
  await fulfil.getByLabel('Parcel Tee (3 to ship)').fill('4');
  await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
  await fulfil.getByText('Enter a whole number from 0 to 3.').waitFor();
  expect(await fulfil.getByLabel('Parcel Tee (3 to ship)').getAttribute('aria-invalid')).toBe('true');
  await fulfil.getByLabel('Parcel Tee (3 to ship)').fill('0');
  await fulfil.getByLabel('Carrier').selectOption({ label: 'UPS' });
  expect(await fulfil.getByLabel('Tracking link (optional)').count()).toBe(0);
  await fulfil.getByLabel('Tracking number (optional)').fill('1Z999AA1');
  await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
  await expect.poll(() => state.textContent()).toBe('Partly fulfilled');
  const ups = page.getByTestId('order-fulfillments').getByRole('link', { name: '1Z999AA1' });
  expect(await ups.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
  await shot('order-partly-fulfilled');

  // the rest: the three tees, by another carrier whose link must be https
  await page.getByRole('button', { name: 'Fulfil items…' }).click();
  expect(await fulfil.getByLabel('Parcel Tee (3 to ship)').inputValue()).toBe('3');
  expect(await fulfil.getByLabel(/Parcel Mug/).count()).toBe(0);
  await fulfil.getByLabel('Tracking number (optional)').fill('P-2');
  await fulfil.getByLabel('Tracking link (optional)').fill('http://parcels.example/P-2');
  await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
  await fulfil.getByText('Give an https:// link.').waitFor();
  await fulfil.getByLabel('Tracking link (optional)').fill('https://parcels.example/P-2');
  await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
  await expect.poll(() => state.textContent()).toBe('Fulfilled');
  expect(await page.getByTestId('order-fulfillments').getByRole('listitem').count()).toBe(2);
  expect(await page.getByTestId('order-fulfillments').getByRole('link', { name: 'P-2' }).getAttribute('href')).toBe(
    'https://parcels.example/P-2',
  );

  // the server's refusal of an amount beyond the payment, in words
  await page.getByRole('button', { name: 'Refund…' }).click();
  const refund = page.getByRole('form', { name: 'Refund' });
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await refund.getByText('Say why (the buyer may see it).').waitFor();
  await refund.getByText('Choose at least one item to refund.').waitFor();
  await refund.getByLabel('An amount').check();
  await refund.getByLabel('Amount (USD)').fill('500');
  await refund.getByLabel('Reason').fill('Goodwill');
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await page.getByRole('alertdialog').getByText('Refund $500.00 to the buyer?').waitFor();
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await refund.getByRole('alert').filter({ hasText: 'The refunds would come to more than was paid' }).waitFor();

  // one tee back, into stock
  await refund.getByLabel('Items, at their prices').check();
  await refund.getByLabel('Parcel Tee (3 not refunded)').fill('1');
  await refund.getByLabel('Reason').fill('Returned: too small');
  await refund.getByRole('button', { name: 'Review refund' }).click();
  const confirmation = page.getByRole('alertdialog');
  expect(await confirmation.textContent()).toContain('Refund 1 × Parcel Tee at its price, back in stock to the buyer?');
  await shot('order-refund-confirm');
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect.poll(() => state.textContent()).toBe('Fulfilled · partly refunded');
  expect(await page.getByTestId('order-refunded-total').textContent()).toBe('$12.50');
  expect(await page.getByTestId('order-refunds').textContent()).toContain('for 1 × Parcel Tee (back in stock)');
  expect(await quantityOf(server, tee._id)).toBe(4);
  await shot('order-refunded');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot('order-refunded-phone');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await shot('order-refund-form-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  const stored = await merchantClient(server).orders.getOrder(order.id);
  expect(stored).toMatchObject({ fulfillmentStatus: 'FULFILLED', paymentStatus: 'PARTIALLY_REFUNDED' });
  // the browser logs the one refusal asked for (the refund beyond the payment), nothing else
  expect(chromium.errors).toEqual([expect.stringMatching(/status of 409 \(Conflict\) .*\/refund$/)]);
}, 120_000);

it('shows where and when the buyer picks the order up, in the pickup place’s time zone', async () => {
  const { server } = chromium;
  const pickup = await newYorkPickup(server);
  const mug = await stockedProduct(server, { name: 'Pickup Mug', price: 10, quantity: 5 });
  const order = await placedOrder(server, [{ productId: mug._id }], { shippingOption: pickup.firstSlotCode });
  const slot = order.shippingInfo?.deliveryTimeSlot as { from: string; to: string; timeZone: string };
  expect(slot.timeZone).toBe('America/New_York');
  await page.goto(`${server.url}/console/orders/${order.id}`);
  await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
  expect(await page.getByTestId('order-pickup').textContent()).toBe('Pick up at 148 Mercer St, New York, US');
  await page.getByRole('heading', { level: 2, name: 'Pickup' }).waitFor();
  // nothing goes to the address typed at checkout: only the billing shows it
  expect(await page.getByText('1 Main St').count()).toBe(1);
  expect(await page.getByTestId('order-bill-to').textContent()).toContain('1 Main St');
  await page.getByRole('columnheader', { name: 'Ready' }).waitFor();
  // 15:00–17:00 UTC is 10 AM – 12 PM in New York in winter, 11 AM – 1 PM in summer
  expect(await page.getByTestId('order-chosen-time').textContent()).toMatch(
    /^Pickup time: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, (10 AM – 12 PM|11 AM – 1 PM) \(Eastern Time\)$/,
  );
  await shot('order-pickup-time');

  // making it ready: the units only (no carrier, no tracking), and the buyer is told where and when
  const state = page.getByTestId('order-state');
  expect(await state.textContent()).toBe('Awaiting payment');
  await merchantClient(server).orders.markOrderAsPaid(order.id);
  await page.reload();
  await expect.poll(() => state.textContent()).toBe('Paid · to prepare');
  await page.getByRole('button', { name: 'Ready for pickup…' }).click();
  const ready = page.getByRole('form', { name: 'Ready for pickup' });
  expect(await ready.getByLabel('Pickup Mug (1 not ready yet)').inputValue()).toBe('1');
  expect(await ready.getByLabel('Carrier').count()).toBe(0);
  expect(await ready.getByLabel(/Tracking/).count()).toBe(0);
  await shot('order-pickup-ready-form');
  await ready.getByRole('button', { name: 'Mark ready for pickup' }).click();
  await expect.poll(() => state.textContent()).toBe('Ready for pickup');
  expect(await page.getByTestId('order-fulfillments').textContent()).toMatch(/^1 × Pickup Mug · ready · /);
  await page.getByTestId('order-timeline').getByText('Ready for pickup', { exact: true }).waitFor();
  const subject = new RegExp(`^Your order ${order.number} at .+ is ready for pickup$`);
  await expect
    .poll(async () => (await mailsTo(server.url, order.buyerInfo.email)).filter((sent) => subject.test(sent.subject)).length)
    .toBe(1);
  const [mail] = (await mailsTo(server.url, order.buyerInfo.email)).filter((sent) => subject.test(sent.subject));
  expect(mail.text).toContain(
    `These items of order ${order.number} are ready for you to collect at 148 Mercer St, New York, US:\n\n1 × Pickup Mug`,
  );
  expect(mail.text).toMatch(/Pickup time: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, (10 AM – 12 PM|11 AM – 1 PM) \(Eastern Time\)/);
  expect(mail.text).not.toContain('Carrier');
  await shot('order-pickup-ready');
});
