import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;
let tee: InsertedProduct;
let ebook: InsertedProduct;
let hidden: InsertedProduct;
let limited: InsertedProduct;
let soldOut: InsertedProduct;

const IMAGE = {
  id: 'mug-1',
  mediaType: 'image' as const,
  image: { url: 'https://cdn.example.com/mug.jpg', width: 800, height: 600, altText: 'A mug' },
};

beforeAll(async () => {
  const db = server.database.db;
  mug = await insertProduct(db, {
    name: 'Blue mug',
    slug: 'blue-mug',
    sku: 'MUG',
    price: '12.00',
    discount: { type: 'AMOUNT', value: '2.00' },
    weight: '0.5',
    options: [{ name: 'Size', choices: ['S', 'L'] }],
    variants: [{ choices: { Size: 'L' }, price: '15.00', sku: 'MUG-L' }],
    media: [IMAGE],
  });
  tee = await insertProduct(db, {
    name: 'Tee',
    options: [{ name: 'Color', optionType: 'color', choices: [{ value: 'Red', description: '#ff0000' }, { value: 'Blue' }] }],
  });
  ebook = await insertProduct(db, { name: 'E-book', productType: 'digital', price: '5.00' });
  hidden = await insertProduct(db, { name: 'Prototype', visible: false });
  limited = await insertProduct(db, { name: 'Limited print', trackInventory: true, quantity: 3 });
  soldOut = await insertProduct(db, { name: 'Sold out print', trackInventory: true, quantity: 0 });
});

const money = (amount: string) => ({
  amount,
  convertedAmount: amount,
  formattedAmount: `$${amount}`,
  formattedConvertedAmount: `$${amount}`,
});

describe('getCurrentCart', () => {
  it('answers 404 OWNED_CART_NOT_FOUND before the caller has a cart', async () => {
    const { client } = await newVisitor(server);
    const error = await thrown(client.currentCart.getCurrentCart());
    expect(error.status).toBe(404);
    expect(error.details?.applicationError).toEqual({
      code: 'OWNED_CART_NOT_FOUND',
      description: 'Cart not found',
      data: { cartId: null },
    });
  });

  it('answers the cart the caller added to', async () => {
    const { client } = await newVisitor(server);
    const { cart: added } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(ebook.id), quantity: 1 }] });
    const cart = await client.currentCart.getCurrentCart();
    expect(cart._id).toBe(added?._id);
    expect(cart.lineItems?.map((line) => line.quantity)).toEqual([1]);
  });
});

describe('addToCurrentCart', () => {
  it('resolves a variant by id: name, prices, image, url, weight, sku, description, availability', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [{ ...ref(mug.id, { variantId: mug.variantId({ Size: 'S' }) }), quantity: 2 }],
    });
    expect(cart).toMatchObject({
      currency: 'USD',
      conversionCurrency: 'USD',
      weightUnit: 'KG',
      subtotal: money('20.00'),
      appliedDiscounts: [],
      buyerInfo: { visitorId: expect.any(String) },
    });
    expect(cart?._createdDate).toBeInstanceOf(Date);
    const [line] = cart?.lineItems ?? [];
    expect(line).toMatchObject({
      quantity: 2,
      catalogReference: { catalogItemId: mug.id, appId: APP_ID, options: { variantId: mug.variantId({ Size: 'S' }) } },
      productName: { original: 'Blue mug', translated: 'Blue mug' },
      price: money('10.00'),
      fullPrice: money('12.00'),
      priceBeforeDiscounts: money('10.00'),
      descriptionLines: [{ name: { original: 'Size' }, plainText: { original: 'S' }, lineType: 'PLAIN_TEXT' }],
      availability: { status: 'AVAILABLE' },
      physicalProperties: { weight: 0.5, sku: 'MUG', shippable: true },
      itemType: { preset: 'PHYSICAL' },
      // the test shop is paid offline only (bank transfer, pay on pickup: #20)
      paymentOption: 'FULL_PAYMENT_OFFLINE',
    });
    expect(line?.url).toBe(`${server.url}/products/blue-mug`);
    expect(line?.image).toContain('mug-1');
    expect(line?._id).toEqual(expect.any(String));
  });

  it('resolves a variant by its choices, with the variant price and sku', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(mug.id, { options: { Size: 'L' } })] });
    expect(cart?.lineItems?.[0]).toMatchObject({
      quantity: 1,
      price: money('13.00'),
      fullPrice: money('15.00'),
      physicalProperties: { sku: 'MUG-L' },
    });
  });

  it('increments the line when the same item is added again (by id or by choices)', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({
      lineItems: [{ ...ref(mug.id, { variantId: mug.variantId({ Size: 'L' }) }), quantity: 2 }],
    });
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [{ ...ref(mug.id, { options: { Size: 'L' } }), quantity: 3 }],
    });
    expect(cart?.lineItems?.map((line) => line.quantity)).toEqual([5]);
    expect(cart?.subtotal?.amount).toBe('65.00');
  });

  it('takes the default variant of a product without options; digital items are not shippable', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] });
    expect(cart?.lineItems?.[0]).toMatchObject({
      itemType: { preset: 'DIGITAL' },
      physicalProperties: { shippable: false },
      descriptionLines: [],
    });
  });

  it('describes colour choices as COLOR lines with their code', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(tee.id, { options: { Color: 'Red' } })] });
    expect(cart?.lineItems?.[0]?.descriptionLines).toEqual([
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Red', translated: 'Red', code: '#ff0000' },
        lineType: 'COLOR',
      },
    ]);
  });

  it.each([
    ['an unknown item', () => ref(crypto.randomUUID())],
    ['an item id that is not a uuid', () => ref('prod-0001')],
    ['another app', () => ({ catalogReference: { catalogItemId: mug.id, appId: 'another-app' } })],
    ['a hidden product', () => ref(hidden.id)],
    ['choices that match no variant', () => ref(mug.id, { options: { Size: 'XXL' } })],
  ])('keeps %s as a NOT_FOUND line that costs nothing', async (_name, line) => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [line()] });
    expect(cart?.lineItems?.[0]).toMatchObject({ quantity: 1, availability: { status: 'NOT_FOUND' }, price: money('0.00') });
    expect(cart?.subtotal?.amount).toBe('0.00');
  });

  it('refuses an item that is out of stock with 428 ITEM_OUT_OF_STOCK and adds nothing', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] });
    const error = await thrown(client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id), ref(soldOut.id)] }));
    expect(error.status).toBe(428);
    expect(error.details?.applicationError).toEqual({
      code: 'ITEM_OUT_OF_STOCK',
      description: 'Item is out of stock',
      data: { catalogItemId: soldOut.id },
    });
    expect((await client.currentCart.getCurrentCart()).lineItems?.map((line) => line.quantity)).toEqual([1]);
  });

  it('accepts more than is in stock and shows the line PARTIALLY_AVAILABLE with the quantity left', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(limited.id), quantity: 5 }] });
    expect(cart?.lineItems?.[0]?.availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 3 });
  });

  it('answers AVAILABLE with the quantity left when the stock suffices', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(limited.id), quantity: 3 }] });
    expect(cart?.lineItems?.[0]?.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 3 });
  });

  it.each([
    ['quantity 0', { lineItems: [{ ...ref('x'), quantity: 0 }] }, 'options.lineItems[0].quantity'],
    ['a quantity above 100000', { lineItems: [{ ...ref('x'), quantity: 100_001 }] }, 'options.lineItems[0].quantity'],
    ['a line without a catalogue reference', { lineItems: [{ quantity: 1 }] }, 'options.lineItems[0].catalogReference'],
  ])('refuses %s with a field violation', async (_name, body, field) => {
    const { client } = await newVisitor(server);
    const error = await thrown(client.currentCart.addToCurrentCart(body as never));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.map((violation) => violation.field)).toContain(field);
  });

  it('refuses an increment beyond 100000 units a line', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(ebook.id), quantity: 100_000 }] });
    const error = await thrown(client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] }));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations).toEqual([
      {
        field: 'options.lineItems[0].quantity',
        description: 'a line may hold at most 100000 units',
        violatedRule: 'MAX',
        data: { max: 100_000 },
      },
    ]);
  });

  it('refuses more than 300 lines a cart', async () => {
    const { client } = await newVisitor(server);
    const lines = Array.from({ length: 300 }, () => ref(crypto.randomUUID()));
    await client.currentCart.addToCurrentCart({ lineItems: lines });
    const error = await thrown(client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] }));
    expect(error.details?.validationError?.fieldViolations?.[0]).toMatchObject({ field: 'options.lineItems', violatedRule: 'MAX_SIZE' });
  });
});

describe('line changes', () => {
  it('sets quantities, and 0 removes the line', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id), ref(mug.id, { options: { Size: 'S' } })] });
    const [first, second] = cart?.lineItems ?? [];
    const after = await client.currentCart.updateCurrentCartLineItemQuantity([
      { _id: first?._id as string, quantity: 4 },
      { _id: second?._id as string, quantity: 0 },
    ]);
    expect(after.cart?.lineItems?.map((line) => [line._id, line.quantity])).toEqual([[first?._id, 4]]);
  });

  it('stores each of several quantities set at once on its own line', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [ref(ebook.id), ref(mug.id, { options: { Size: 'S' } }), ref(tee.id, { options: { Color: 'Red' } })],
    });
    const [first, second, third] = cart?.lineItems ?? [];
    await client.currentCart.updateCurrentCartLineItemQuantity([
      { _id: third?._id as string, quantity: 5 },
      { _id: first?._id as string, quantity: 7 },
      { _id: second?._id as string, quantity: 2 },
    ]);
    // read back from the database, not the write's own answer
    const stored = await client.currentCart.getCurrentCart();
    expect(stored.lineItems?.map((line) => [line._id, line.quantity])).toEqual([
      [first?._id, 7],
      [second?._id, 2],
      [third?._id, 5],
    ]);
  });

  it('removes lines by id', async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id), ref(tee.id, { options: { Color: 'Blue' } })] });
    const after = await client.currentCart.removeLineItemsFromCurrentCart([cart?.lineItems?.[0]?._id as string]);
    expect(after.cart?.lineItems?.map((line) => line.productName?.original)).toEqual(['Tee']);
  });

  it('answers LINE_ITEM_NOT_FOUND for ids the cart does not have', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] });
    const missing = crypto.randomUUID();
    const error = await thrown(client.currentCart.removeLineItemsFromCurrentCart([missing]));
    expect(error.status).toBe(404);
    expect(error.details?.applicationError).toMatchObject({ code: 'LINE_ITEM_NOT_FOUND', data: { lineItemIds: [missing] } });
  });

  it('answers OWNED_CART_NOT_FOUND when changing lines without a cart', async () => {
    const { client } = await newVisitor(server);
    const error = await thrown(client.currentCart.updateCurrentCartLineItemQuantity([{ _id: crypto.randomUUID(), quantity: 1 }]));
    expect(error.details?.applicationError?.code).toBe('OWNED_CART_NOT_FOUND');
  });
});

describe('updateCurrentCart', () => {
  it('changes buyer note, contact info, e-mail and shipping option, and adds lines', async () => {
    const { client } = await newVisitor(server);
    const cart = await client.currentCart.updateCurrentCart({
      cartInfo: {
        buyerNote: 'Leave at door',
        contactInfo: {
          address: { city: 'Boston', subdivision: 'US-MA', country: 'US', postalCode: '02108', addressLine1: '5 Beacon St' },
          contactDetails: { firstName: 'Ann', lastName: 'Lee' },
        },
        buyerInfo: { email: 'ann@example.com' },
        selectedShippingOption: { code: 'standard' },
      },
      lineItems: [ref(ebook.id)],
    });
    expect(cart).toMatchObject({
      buyerNote: 'Leave at door',
      contactInfo: { address: { city: 'Boston', country: 'US', addressLine1: '5 Beacon St' }, contactDetails: { firstName: 'Ann' } },
      buyerInfo: { email: 'ann@example.com' },
      selectedShippingOption: { code: 'standard' },
    });
    expect(cart.lineItems).toHaveLength(1);
  });

  it('changes only what it is given', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'one' } });
    const cart = await client.currentCart.updateCurrentCart({ cartInfo: { selectedShippingOption: { code: 'express' } } });
    expect(cart).toMatchObject({ buyerNote: 'one', selectedShippingOption: { code: 'express' } });
  });

  it('creates an empty cart when called without input', async () => {
    const { client } = await newVisitor(server);
    const cart = await client.currentCart.updateCurrentCart();
    expect(cart.lineItems).toEqual([]);
    expect((await client.currentCart.getCurrentCart())._id).toBe(cart._id);
  });

  it('refuses unknown cart fields', async () => {
    const { client } = await newVisitor(server);
    const error = await thrown(client.currentCart.updateCurrentCart({ cartInfo: { buyerNotes: 'x' } as never }));
    expect(error.status).toBe(400);
  });
});

describe('deleteCurrentCart', () => {
  it('deletes the cart: the next read answers 404', async () => {
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(ebook.id)] });
    await expect(client.currentCart.deleteCurrentCart()).resolves.toBeUndefined();
    expect((await thrown(client.currentCart.getCurrentCart())).status).toBe(404);
  });
});

describe('catalogue changes', () => {
  // The cart's products are kept in memory between answers (catalog/cart-items.ts): a change made
  // through the merchant API must show in the very next answer.
  it('prices the lines with the catalogue as it is now: a new price, then the product hidden', async () => {
    const poster = await insertProduct(server.database.db, { name: 'Poster', price: '8.00' });
    const { client } = await newVisitor(server);
    await client.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] });
    expect((await client.currentCart.getCurrentCart()).lineItems?.[0]?.price).toEqual(money('8.00'));

    const repriced = await merchantCall(server, 'PATCH', `/stores/v1/products/${poster.id}`, { product: { priceData: { price: 9.5 } } });
    expect(repriced.status).toBe(200);
    expect((await client.currentCart.getCurrentCart()).lineItems?.[0]?.price).toEqual(money('9.50'));
    const added = await client.currentCart.addToCurrentCart({ lineItems: [ref(poster.id)] });
    expect(added.cart?.lineItems?.[0]).toMatchObject({ quantity: 2, price: money('9.50') });

    const hiddenNow = await merchantCall(server, 'PATCH', `/stores/v1/products/${poster.id}`, { product: { visible: false } });
    expect(hiddenNow.status).toBe(200);
    expect((await client.currentCart.getCurrentCart()).lineItems?.[0]?.availability).toMatchObject({ status: 'NOT_FOUND' });
  });
});
