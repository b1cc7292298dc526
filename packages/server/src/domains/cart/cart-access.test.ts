import type { LineItem } from '@vitrine/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantClient, newMember, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { postJson, send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;

beforeAll(async () => {
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});

const giftWrap = { productName: { original: 'Gift wrap' }, price: '2.50', quantity: 1 };

describe('who has a current cart', () => {
  it.each([
    ['no credentials', {}],
    ['an invalid token', { authorization: 'not-a-token' }],
  ])('refuses a caller with %s: 401', async (_name, headers) => {
    const response = await send(`${server.url}/ecom/v1/carts/current`, { headers });
    expect(response.status).toBe(401);
    expect(response.body.details.applicationError.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a merchant without a shopper token: 403', async () => {
    const error = await thrown(merchantClient(server).currentCart.getCurrentCart());
    expect(error.status).toBe(403);
    expect(error.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });

  it('refuses anonymous callers before reading their input', async () => {
    const response = await postJson(server.url, '/ecom/v1/carts/current/add-to-cart', { lineItems: 'nonsense' });
    expect(response.status).toBe(401);
  });
});

describe('a shopper never sets a price', () => {
  it('refuses customLineItems from a visitor: 403', async () => {
    const { client } = await newVisitor(server);
    const error = await thrown(client.currentCart.addToCurrentCart({ customLineItems: [giftWrap] }));
    expect(error.status).toBe(403);
    expect(error.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });

  it('refuses merchantDiscounts from a member: 403, and nothing changes', async () => {
    const { client } = await newMember(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const error = await thrown(client.currentCart.updateCurrentCart({ merchantDiscounts: [{ amount: '5.00' }] }));
    expect(error.status).toBe(403);
    expect((await client.currentCart.getCurrentCart()).appliedDiscounts).toEqual([]);
  });
});

describe('a merchant acting for a shopper', () => {
  it("adds custom lines and merchant discounts to the shopper's cart", async () => {
    const visitor = await newVisitor(server);
    await visitor.client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    const merchant = merchantClient(server, visitor.tokens.access_token);
    const { cart } = await merchant.currentCart.addToCurrentCart({ customLineItems: [{ ...giftWrap, quantity: 2 }] });
    expect(cart?.lineItems?.[1]).toMatchObject({
      quantity: 2,
      customLineItem: true,
      productName: { original: 'Gift wrap', translated: 'Gift wrap' },
      price: { amount: '2.50' },
      availability: { status: 'AVAILABLE' },
    });
    expect(cart?.subtotal?.amount).toBe('15.00');
    const updated = await merchant.currentCart.updateCurrentCart({ merchantDiscounts: [{ amount: '1.00' }] });
    expect(updated.appliedDiscounts).toEqual([
      {
        merchantDiscount: {
          amount: { amount: '1.00', convertedAmount: '1.00', formattedAmount: '$1.00', formattedConvertedAmount: '$1.00' },
        },
      },
    ]);
    const seen = await visitor.client.currentCart.getCurrentCart();
    expect(seen._id).toBe(cart?._id);
    expect(seen.lineItems).toHaveLength(2);
  });

  it('overrides the catalogue price and name of a line for the shopper', async () => {
    const visitor = await newVisitor(server);
    const merchant = merchantClient(server, visitor.tokens.access_token);
    const overrides = { productName: { original: 'Mug (staff price)' }, price: '7.00' };
    const { cart } = await merchant.currentCart.addToCurrentCart({
      lineItems: [{ ...ref(mug.id), quantity: 2, catalogOverrideFields: overrides }],
    });
    expect(cart?.lineItems?.[0]).toMatchObject({
      productName: { original: 'Mug (staff price)' },
      price: { amount: '7.00' },
      fullPrice: { amount: '7.00' },
      catalogOverrideFields: { price: '7.00' },
    });
    expect(cart?.subtotal?.amount).toBe('14.00');
  });

  it('refuses catalogue overrides from a shopper: 403', async () => {
    const { client } = await newVisitor(server);
    const error = await thrown(
      client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), catalogOverrideFields: { price: '0.01' } }] }),
    );
    expect(error.status).toBe(403);
  });

  it('adds the same custom line twice as two lines', async () => {
    const visitor = await newVisitor(server);
    const merchant = merchantClient(server, visitor.tokens.access_token);
    await merchant.currentCart.addToCurrentCart({ customLineItems: [giftWrap] });
    const { cart } = await merchant.currentCart.addToCurrentCart({ customLineItems: [giftWrap] });
    expect(cart?.lineItems?.map((line: LineItem) => line.quantity)).toEqual([1, 1]);
  });

  it('refuses a custom price finer than the currency allows', async () => {
    const visitor = await newVisitor(server);
    const error = await thrown(
      merchantClient(server, visitor.tokens.access_token).currentCart.addToCurrentCart({
        customLineItems: [{ ...giftWrap, price: '2.505' }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.[0]).toMatchObject({
      field: 'options.customLineItems[0].price',
      violatedRule: 'DECIMAL_MAX_SCALE',
    });
  });
});

describe("one visitor's token reaches only its own cart", () => {
  it("never answers or changes another visitor's cart", async () => {
    const intruder = await newVisitor(server);
    const owner = await newVisitor(server);
    const { cart: ownerCart } = await owner.client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 2 }] });
    const ownerLine = ownerCart?.lineItems?.[0]?._id as string;

    expect((await thrown(intruder.client.currentCart.getCurrentCart())).status).toBe(404);
    expect((await thrown(intruder.client.currentCart.removeLineItemsFromCurrentCart([ownerLine]))).details?.applicationError?.code).toBe(
      'OWNED_CART_NOT_FOUND',
    );

    const { cart: intruderCart } = await intruder.client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id)] });
    expect(intruderCart?._id).not.toBe(ownerCart?._id);
    const removing = await thrown(intruder.client.currentCart.removeLineItemsFromCurrentCart([ownerLine]));
    expect(removing.details?.applicationError).toMatchObject({ code: 'LINE_ITEM_NOT_FOUND', data: { lineItemIds: [ownerLine] } });
    const setting = await thrown(intruder.client.currentCart.updateCurrentCartLineItemQuantity([{ _id: ownerLine, quantity: 7 }]));
    expect(setting.status).toBe(404);
    expect(JSON.stringify(setting.details)).not.toContain(ownerCart?._id as string);

    const ownerNow = await owner.client.currentCart.getCurrentCart();
    expect(ownerNow.lineItems?.map((line) => [line._id, line.quantity])).toEqual([[ownerLine, 2]]);
    await intruder.client.currentCart.deleteCurrentCart();
    expect((await owner.client.currentCart.getCurrentCart())._id).toBe(ownerCart?._id);
  });
});
