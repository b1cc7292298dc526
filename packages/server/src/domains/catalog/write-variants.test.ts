import type { Product } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { merchantCatalogServer } from '../../../test/support/merchant-catalog.js';
import { thrown } from '../../../test/support/thrown.js';

const { merchant, readBack } = merchantCatalogServer();

/** A product with Size S/M/L at 10, cost 4, weight 1. */
async function sized(name: string) {
  const { product } = await merchant().products.createProduct({
    name,
    priceData: { price: 10 },
    costAndProfitData: { itemCost: 4 },
    weight: 1,
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] }],
  });
  return product as Product;
}

const variantOf = (product: Product, size: string) => product.variants?.find((variant) => variant.choices?.Size === size);

describe('updating variants', () => {
  it('overrides the variants chosen by choices and answers every variant', async () => {
    const product = await sized('By choices');
    const { variants } = await merchant().products.updateProductVariants(product._id as string, [
      { choices: { Size: 'L' }, price: 14, cost: 6, weight: 1.5, sku: 'BC-L' },
    ]);
    expect(variants).toHaveLength(3);
    const large = variants?.find((variant) => variant.choices?.Size === 'L');
    expect(large?.variant).toMatchObject({
      priceData: { price: 14 },
      costAndProfitData: { itemCost: 6, profit: 8 },
      weight: 1.5,
      sku: 'BC-L',
    });
  });

  it('overrides the variants chosen by ids', async () => {
    const product = await sized('By ids');
    const small = variantOf(product, 'S');
    await merchant().products.updateProductVariants(product._id as string, [{ variantIds: [small?._id as string], price: 8 }]);
    expect(variantOf(await readBack(product._id as string), 'S')?.variant?.priceData?.price).toBe(8);
  });

  it('keeps the derived ranges over the variants after an update', async () => {
    const product = await sized('Ranges');
    await merchant().products.updateProductVariants(product._id as string, [
      { choices: { Size: 'S' }, price: 7, weight: 0.5 },
      { choices: { Size: 'L' }, price: 13, cost: 9, weight: 2 },
    ]);
    const after = await readBack(product._id as string);
    expect(after.priceRange).toEqual({ minValue: 7, maxValue: 13 });
    expect(after.costRange).toEqual({ minValue: 4, maxValue: 9 });
    expect(after.weightRange).toEqual({ minValue: 0.5, maxValue: 2 });
    expect(after.manageVariants).toBe(true);
  });

  it('leaves hidden variants out of the price range', async () => {
    const product = await sized('Hidden');
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'L' }, price: 99, visible: false }]);
    expect((await readBack(product._id as string)).priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('puts a field back to the product’s with null', async () => {
    const product = await sized('Nulls');
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'M' }, price: 11 }]);
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'M' }, price: null }]);
    expect(variantOf(await readBack(product._id as string), 'M')?.variant?.priceData?.price).toBe(10);
  });

  it('resets every variant to the product’s data', async () => {
    const product = await sized('Reset');
    await merchant().products.updateProductVariants(product._id as string, [
      { choices: { Size: 'S' }, price: 3, sku: 'X', visible: false },
    ]);
    await expect(merchant().products.resetAllProductVariantData(product._id as string)).resolves.toBeUndefined();
    const after = await readBack(product._id as string);
    expect(after.variants?.map((variant) => [variant.variant?.priceData?.price, variant.variant?.visible])).toEqual([
      [10, true],
      [10, true],
      [10, true],
    ]);
    expect(after.priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('refuses choices that match no variant', async () => {
    const product = await sized('No match');
    const error = await thrown(merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'XXL' }, price: 1 }]));
    expect(error.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'variants[0].choices' }));
  });

  it('refuses an override giving both choices and variant ids', async () => {
    const product = await sized('Both');
    const error = await thrown(
      merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'S' }, variantIds: ['x'], price: 1 }]),
    );
    expect(error.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'variants[0].choices', violatedRule: 'ONE_OF_ALIGNMENT' }),
    );
  });

  it('changes nothing when a later override fails (one transaction)', async () => {
    const product = await sized('Atomic');
    const error = await thrown(
      merchant().products.updateProductVariants(product._id as string, [
        { choices: { Size: 'S' }, price: 1 },
        { variantIds: ['00000000-0000-4000-8000-000000000000'], price: 2 },
      ]),
    );
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('VARIANT_NOT_FOUND');
    const after = await readBack(product._id as string);
    expect(variantOf(after, 'S')?.variant?.priceData?.price).toBe(10);
    expect(after.priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('refuses a variant price with more than the currency’s decimals', async () => {
    const product = await sized('Decimals');
    const error = await thrown(
      merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'S' }, price: 1.001 }]),
    );
    expect(error.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'variants[0].price', violatedRule: 'DECIMAL_MAX_SCALE' }),
    );
  });
});

describe('per-variant stock', () => {
  /** `sized`, then tracked with `quantity` per variant (the product's own stock reaches every variant first). */
  async function tracked(name: string, quantity = 5) {
    const product = await sized(name);
    await merchant().products.updateProduct(product._id as string, { stock: { trackInventory: true, quantity } });
    return product;
  }

  it('sets the quantity of tracked variants; the product counts their sum and turns partially out of stock', async () => {
    const product = await tracked('Tracked stock');
    const { variants } = await merchant().products.updateProductVariants(product._id as string, [
      { choices: { Size: 'S' }, quantity: 0 },
      { choices: { Size: 'L' }, quantity: 12 },
    ]);
    expect(variants?.map((variant) => [variant.choices?.Size, variant.stock])).toEqual([
      ['S', { trackQuantity: true, quantity: 0, inStock: false }],
      ['M', { trackQuantity: true, quantity: 5, inStock: true }],
      ['L', { trackQuantity: true, quantity: 12, inStock: true }],
    ]);
    const after = await readBack(product._id as string);
    expect(after.stock).toEqual({ trackInventory: true, quantity: 17, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });
    expect(after.manageVariants).toBe(true);
    expect(after.productOptions?.[0]?.choices?.map((choice) => [choice.value, choice.inStock])).toEqual([
      ['S', false],
      ['M', true],
      ['L', true],
    ]);
  });

  it('turns the product out of stock when every variant is at zero, and back when one is restocked', async () => {
    const product = await tracked('Sold out');
    await merchant().products.updateProductVariants(product._id as string, [{ choices: {}, quantity: 0 }]);
    expect((await readBack(product._id as string)).stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'M' }, quantity: 3 }]);
    expect((await readBack(product._id as string)).stock).toMatchObject({
      quantity: 3,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
  });

  it('sets inStock of variants of a product that does not track quantities', async () => {
    const product = await sized('Flags');
    const medium = variantOf(product, 'M');
    await merchant().products.updateProductVariants(product._id as string, [{ variantIds: [medium?._id as string], inStock: false }]);
    const after = await readBack(product._id as string);
    expect(variantOf(after, 'M')?.stock).toEqual({ trackQuantity: false, inStock: false });
    expect(after.stock).toMatchObject({ trackInventory: false, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });
    await merchant().products.updateProductVariants(product._id as string, [{ choices: {}, inStock: false }]);
    expect((await readBack(product._id as string)).stock).toMatchObject({ inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('gives managed variants the product’s quantity when tracking is turned on, and keeps their own afterwards', async () => {
    const product = await sized('Tracked later');
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'S' }, inStock: false }]);
    await merchant().products.updateProduct(product._id as string, { stock: { trackInventory: true, quantity: 4 } });
    const tracked = await readBack(product._id as string);
    expect(tracked.variants?.map((variant) => variant.stock?.quantity)).toEqual([4, 4, 4]);
    expect(tracked.stock).toMatchObject({ trackInventory: true, quantity: 12, inventoryStatus: 'IN_STOCK' });
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'M' }, quantity: 0 }]);
    await merchant().products.updateProduct(product._id as string, { stock: { trackInventory: true, quantity: 9 } });
    const after = await readBack(product._id as string);
    expect(after.variants?.map((variant) => variant.stock?.quantity)).toEqual([4, 0, 4]);
    expect(after.stock).toMatchObject({ quantity: 8, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });
  });

  it('shows the variant’s own stock to shoppers choosing options', async () => {
    const product = await tracked('Availability');
    await merchant().products.updateProductVariants(product._id as string, [{ choices: { Size: 'L' }, quantity: 0 }]);
    const availability = await merchant().products.getProductOptionsAvailability(product._id as string, { Size: 'L' });
    expect(availability.availableForPurchase).toBe(false);
    expect(availability.selectedVariant).toMatchObject({ quantity: 0, inStock: false });
  });

  it('refuses a quantity for a product that does not track quantities, and inStock for one that does', async () => {
    const plain = await sized('Untracked quantity');
    const error = await thrown(merchant().products.updateProductVariants(plain._id as string, [{ choices: { Size: 'S' }, quantity: 4 }]));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'variants[0].quantity' }));
    const counted = await tracked('Tracked flag');
    const secondError = await thrown(
      merchant().products.updateProductVariants(counted._id as string, [
        { choices: { Size: 'S' }, quantity: 1 },
        { choices: { Size: 'M' }, inStock: true },
      ]),
    );
    expect(secondError.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'variants[1].inStock' }));
    expect(variantOf(await readBack(counted._id as string), 'S')?.stock?.quantity).toBe(5);
  });

  it('refuses a negative or fractional quantity', async () => {
    const product = await tracked('Bad quantity');
    const error = await thrown(
      merchant().products.updateProductVariants(product._id as string, [
        { choices: { Size: 'S' }, quantity: -1 },
        { choices: { Size: 'M' }, quantity: 1.5 },
      ]),
    );
    const fields = error.details?.validationError?.fieldViolations?.map((violation) => violation.field);
    expect(fields).toEqual(expect.arrayContaining(['variants[0].quantity', 'variants[1].quantity']));
  });
});
