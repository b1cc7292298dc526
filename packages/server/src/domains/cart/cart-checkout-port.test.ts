import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let mug: InsertedProduct;
let limited: InsertedProduct;

beforeAll(async () => {
  mug = await insertProduct(server.database.db, {
    name: 'Mug',
    sku: 'MUG',
    price: '12.00',
    discount: { type: 'PERCENT', value: 25 },
    weight: '0.5',
    options: [{ name: 'Size', choices: ['S', 'L'] }],
  });
  limited = await insertProduct(server.database.db, { name: 'Print', trackInventory: true, quantity: 1 });
});

const visitorCaller = (visitorId: string) => ({ kind: 'visitor' as const, visitorId, clientId: 'test-client' });

describe('the cart as a checkout freezes it (CartForCheckoutPort)', () => {
  it('answers the lines priced now, with what the order shows', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [{ ...ref(mug.id, { options: { Size: 'L' } }), quantity: 2 }],
    });
    const visitorId = cart?.buyerInfo?.visitorId as string;
    const frozen = await server.services.carts.forCheckout(visitorCaller(visitorId));
    expect(frozen).toMatchObject({ cartId: cart?._id, currency: 'USD', visitorId, memberId: null, couponId: null, merchantDiscounts: [] });
    expect(frozen.lines).toEqual([
      {
        lineItemId: cart?.lineItems?.[0]?._id,
        productId: mug.id,
        variantId: mug.variantId({ Size: 'L' }),
        custom: false,
        name: 'Mug',
        quantity: 2,
        price: '9.00',
        fullPrice: '12.00',
        sku: 'MUG',
        weight: '0.5000',
        shippable: true,
        collectionIds: [],
        imageUrl: undefined,
        url: `${server.url}/products/${mug.product.slug}`,
        descriptionLines: [{ name: 'Size', value: 'L' }],
        itemType: 'PHYSICAL',
      },
    ]);
  });

  it('refuses a cart with lines that cannot be bought in their quantity: ITEMS_UNAVAILABLE', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(limited.id), quantity: 2 }] });
    await expect(server.services.carts.forCheckout(visitorCaller(cart?.buyerInfo?.visitorId as string))).rejects.toMatchObject({
      code: 'ITEMS_UNAVAILABLE',
      data: { lineItemIds: [cart?.lineItems?.[0]?._id] },
    });
  });

  it('refuses an empty cart: CART_EMPTY', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(limited.id)] });
    await client.currentCart.removeLineItemsFromCurrentCart([cart?.lineItems?.[0]?._id as string]);
    await expect(server.services.carts.forCheckout(visitorCaller(cart?.buyerInfo?.visitorId as string))).rejects.toMatchObject({
      code: 'CART_EMPTY',
    });
  });

  it('records the checkout on the cart', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(limited.id)] });
    const checkoutId = crypto.randomUUID();
    await server.services.carts.markCheckedOut(cart?._id as string, checkoutId);
    expect((await client.currentCart.getCurrentCart()).checkoutId).toBe(checkoutId);
  });
});

describe('cartFieldmask', () => {
  it('changes only the fields the mask names and clears named fields left out', async () => {
    const { client, tokens } = await newVisitor(server);
    await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'keep me', selectedShippingOption: { code: 'standard' } } });
    const response = await send(`${server.url}/ecom/v1/carts/current?cartFieldmask=selectedShippingOption,contactInfo`, {
      method: 'PATCH',
      headers: { authorization: tokens.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ cartInfo: { buyerNote: 'ignored', contactInfo: { address: { country: 'US' } } } }),
    });
    expect(response.status).toBe(200);
    expect(response.body.cart).toMatchObject({ buyerNote: 'keep me', contactInfo: { address: { country: 'US' } } });
    expect(response.body.cart.selectedShippingOption).toBeUndefined();
  });
});
