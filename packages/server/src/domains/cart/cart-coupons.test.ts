import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;

beforeAll(async () => {
  const db = server.database.db;
  mug = await insertProduct(db, { name: 'Mug', price: '10.00' });
  const day = 86_400_000;
  await db
    .insertInto('coupons')
    .values([
      { code: 'SAVE10', name: 'Save 10 %', kind: 'PERCENT', value: '10' },
      { code: 'FIVEOFF', name: 'Five off', kind: 'AMOUNT', value: '5' },
      { code: 'OLD', name: 'Old', kind: 'PERCENT', value: '50', expires_at: new Date(Date.now() - day) },
      { code: 'PAUSED', name: 'Paused', kind: 'PERCENT', value: '50', active: false },
      { code: 'BIGSPEND', name: 'Big spend', kind: 'PERCENT', value: '10', minimum_subtotal: '50' },
      { code: 'OTHERS', name: 'Other things', kind: 'PERCENT', value: '10', scope: 'PRODUCTS', scope_ids: [crypto.randomUUID()] },
    ])
    .execute();
});

async function cartWithMugs() {
  const { client } = await newVisitor(server);
  await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
  return client;
}

const couponOf = (cart: { appliedDiscounts?: { coupon?: { code?: string; amount?: { amount?: string } } }[] }) =>
  cart.appliedDiscounts?.map((discount) => [discount.coupon?.code, discount.coupon?.amount?.amount]);

describe('coupons on the cart', () => {
  it('applies a coupon by code (any case) and shows what it takes off', async () => {
    const client = await cartWithMugs();
    const cart = await client.currentCart.updateCurrentCart({ couponCode: 'save10' });
    expect(couponOf(cart)).toEqual([['SAVE10', '2.00']]);
    expect(cart.appliedDiscounts?.[0]?.coupon).toMatchObject({ _id: expect.any(String), name: 'Save 10 %' });
    expect(couponOf(await client.currentCart.getCurrentCart())).toEqual([['SAVE10', '2.00']]);
  });

  it('replaces the coupon with another', async () => {
    const client = await cartWithMugs();
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    expect(couponOf(await client.currentCart.updateCurrentCart({ couponCode: 'FIVEOFF' }))).toEqual([['FIVEOFF', '5.00']]);
  });

  it('removes the coupon with remove-coupon', async () => {
    const client = await cartWithMugs();
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    const { cart } = await client.currentCart.removeCouponFromCurrentCart();
    expect(cart?.appliedDiscounts).toEqual([]);
  });

  it('removes the coupon with an empty code', async () => {
    const client = await cartWithMugs();
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    expect((await client.currentCart.updateCurrentCart({ couponCode: '' })).appliedDiscounts).toEqual([]);
  });

  it.each([
    ['an unknown code', 'NOPE', 404, 'COUPON_NOT_FOUND'],
    ['an expired coupon', 'OLD', 400, 'COUPON_EXPIRED'],
    ['an inactive coupon', 'PAUSED', 400, 'COUPON_NOT_ACTIVE'],
  ])('refuses %s with the pricing error and keeps the cart as it was', async (_name, code, status, errorCode) => {
    const client = await cartWithMugs();
    await client.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    const error = await thrown(client.currentCart.updateCurrentCart({ couponCode: code }));
    expect(error.status).toBe(status);
    expect(error.details?.applicationError?.code).toBe(errorCode);
    expect(couponOf(await client.currentCart.getCurrentCart())).toEqual([['SAVE10', '2.00']]);
  });

  it('says why a coupon below its minimum takes nothing off, and how much more it needs (#19)', async () => {
    const client = await cartWithMugs();
    const cart = await client.currentCart.updateCurrentCart({ couponCode: 'BIGSPEND' });
    expect(couponOf(cart)).toEqual([['BIGSPEND', '0.00']]);
    expect(cart.calculationErrors?.couponCalculationError?.applicationError).toEqual({
      code: 'MINIMUM_SUBTOTAL_NOT_REACHED',
      description: 'Coupon BIGSPEND needs a subtotal of at least $50.00 on the items it applies to. Add $30.00 more to use it.',
      data: { minimumSubtotal: '50.00', missingAmount: '30.00' },
    });
  });

  it('reports no problem once the cart reaches the coupon minimum (#19)', async () => {
    const client = await cartWithMugs();
    await client.currentCart.updateCurrentCart({ couponCode: 'BIGSPEND' });
    const cart = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 3 }] });
    expect(couponOf(cart.cart ?? {})).toEqual([['BIGSPEND', '5.00']]);
    expect(cart.cart?.calculationErrors).toBeUndefined();
  });

  it('says a coupon for other products takes nothing off these (#19)', async () => {
    const client = await cartWithMugs();
    const cart = await client.currentCart.updateCurrentCart({ couponCode: 'OTHERS' });
    expect(cart.calculationErrors?.couponCalculationError?.applicationError).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      description: 'Coupon OTHERS does not apply to any item in the cart',
    });
  });
});
