import type { LineItem } from '@vitrine/sdk';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantClient, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;

const BOSTON = { country: 'US', subdivision: 'US-MA', city: 'Boston', postalCode: '02108', addressLine1: '5 Beacon St' };
const TORONTO = { country: 'CA', subdivision: 'CA-ON', city: 'Toronto', postalCode: 'M5V 1A1', addressLine1: '1 King St W' };

/** A call to the pricing administration with the merchant key (asserts it succeeded). */
async function admin(method: string, path: string, body?: unknown) {
  const response = await merchantCall(server, method, `/_api/vitrine/v1${path}`, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  const db = server.database.db;
  mug = await insertProduct(db, { name: 'Mug', price: '10.00', weight: '0.4' });
  await db.insertInto('coupons').values({ code: 'SAVE10', name: 'Save 10 %', kind: 'PERCENT', value: '10' }).execute();
  const region = await db
    .insertInto('shipping_regions')
    .values({ name: 'United States', countries: ['US'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('shipping_options')
    .values([
      { region_id: region.id, code: 'standard', title: 'Standard', kind: 'FLAT', price: '5.00', position: 0 },
      { region_id: region.id, code: 'express', title: 'Express', kind: 'FLAT', price: '15.00', position: 1 },
    ])
    .execute();
  await db
    .insertInto('tax_rates')
    .values({ name: 'US tax', jurisdiction_type: 'COUNTRY', country: 'US', rate: '0.1', applies_to_shipping: false })
    .execute();
});

describe('estimateCurrentCartTotals', () => {
  it('prices the cart with its coupon, the chosen shipping option and the tax of the address', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    const estimate = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: BOSTON,
      selectedShippingOption: { code: 'express' },
    });
    expect(estimate.cart?.lineItems?.map((line: LineItem) => line.quantity)).toEqual([2]);
    expect(estimate.priceSummary).toMatchObject({
      subtotal: { amount: '20.00' },
      discount: { amount: '2.00' },
      shipping: { amount: '15.00' },
      tax: { amount: '1.80' },
      total: { amount: '34.80', formattedAmount: '$34.80' },
    });
    expect(estimate.calculatedLineItems?.[0]).toMatchObject({ lineItemId: estimate.cart?.lineItems?.[0]?._id });
    expect(estimate.appliedDiscounts?.[0]?.coupon).toMatchObject({ code: 'SAVE10', amount: { amount: '2.00' } });
    expect(estimate.shippingInfo?.selectedCarrierServiceOption).toMatchObject({ code: 'express' });
    expect(estimate.currency).toBe('USD');
  });

  it("uses the cart's own contact address and shipping option when none is given", async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.updateCurrentCart({
      cartInfo: { contactInfo: { address: BOSTON }, selectedShippingOption: { code: 'standard' } },
      lineItems: [ref(mug.id)],
    });
    const estimate = await client.currentCart.estimateCurrentCartTotals();
    expect(estimate.priceSummary).toMatchObject({
      subtotal: { amount: '10.00' },
      shipping: { amount: '5.00' },
      tax: { amount: '1.00' },
      total: { amount: '16.00' },
    });
  });

  it("applies a merchant's discount", async () => {
    const visitor = await newVisitor(server);
    await visitor.client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 3 }] });
    await merchantClient(server, visitor.tokens.access_token).currentCart.updateCurrentCart({ merchantDiscounts: [{ amount: '4.00' }] });
    const estimate = await visitor.client.currentCart.estimateCurrentCartTotals();
    expect(estimate.priceSummary).toMatchObject({
      subtotal: { amount: '30.00' },
      discount: { amount: '4.00' },
      total: { amount: '26.00' },
    });
  });

  it('quotes a shipping price and tax rate changed through the admin API at once (#5)', async () => {
    const region = (await admin('POST', '/shipping-regions', { name: 'Canada', countries: ['CA'] })).region;
    const option = (
      await admin('POST', `/shipping-regions/${region.id}/options`, { code: 'ca-post', title: 'Canada Post', kind: 'FLAT', price: '7.00' })
    ).option;
    const gst = { name: 'GST', jurisdictionType: 'COUNTRY', country: 'CA', rate: '0.05', appliesToShipping: false };
    const rate = (await admin('POST', '/tax-rates', gst)).taxRate;
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const estimate = async () =>
      (await client.currentCart.estimateCurrentCartTotals({ shippingAddress: TORONTO, selectedShippingOption: { code: 'ca-post' } }))
        .priceSummary;
    expect(await estimate()).toMatchObject({ shipping: { amount: '7.00' }, tax: { amount: '0.50' }, total: { amount: '17.50' } });

    await admin('PATCH', `/shipping-regions/${region.id}/options/${option.id}`, { price: '9.00' });
    await admin('PATCH', `/tax-rates/${rate.id}`, { rate: '0.13' });
    expect(await estimate()).toMatchObject({ shipping: { amount: '9.00' }, tax: { amount: '1.30' }, total: { amount: '20.30' } });
  });

  it('reads shipping options and tax rates up to a second old: an estimate charges nothing (#5)', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const pricing = server.services.pricing;
    const shipping = vi.spyOn(pricing, 'shippingOptionsFor');
    const tax = vi.spyOn(pricing, 'taxRatesFor');
    try {
      await client.currentCart.estimateCurrentCartTotals({ shippingAddress: BOSTON });
      expect(shipping.mock.calls).toEqual([[expect.objectContaining({ country: 'US', city: 'Boston' }), { recent: true }]]);
      expect(tax.mock.calls).toEqual([[expect.objectContaining({ country: 'US', city: 'Boston' }), { recent: true }]]);
    } finally {
      shipping.mockRestore();
      tax.mockRestore();
    }
  });

  it('answers OWNED_CART_NOT_FOUND without a cart', async () => {
    const { client } = await newVisitor(server);
    expect((await thrown(client.currentCart.estimateCurrentCartTotals())).details?.applicationError?.code).toBe('OWNED_CART_NOT_FOUND');
  });
});
