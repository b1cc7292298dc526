import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const MISSING = '00000000-0000-4000-8000-000000000000';

async function create(input: Product) {
  const { product } = await merchant().products.createProduct(input);
  return product?._id as string;
}

async function readBack(id: string) {
  const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return product as Product;
}

describe('bulk update', () => {
  it('sets the price of each product and reports each item, unknown ids as failures', async () => {
    const created = await create({ name: 'Bulk A', priceData: { price: 1 } });
    const result = await merchant().products.bulkUpdateProductsProperty([created, MISSING], { price: 9.99 });
    expect(result).toEqual({
      results: [
        { itemMetadata: { _id: created, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            _id: MISSING,
            originalIndex: 1,
            success: false,
            error: { code: 'NOT_FOUND', description: 'No product has this id' },
          },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1 },
    });
    expect((await readBack(created)).priceData?.price).toBe(9.99);
  });

  it('gives every variant the value it sets (their own values are cleared)', async () => {
    const created = await create({
      name: 'Bulk variants',
      priceData: { price: 5 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'L' }] }],
    });
    await merchant().products.updateProductVariants(created, [{ choices: { Size: 'L' }, price: 8 }]);
    await merchant().products.bulkUpdateProductsProperty([created], { price: 6, weight: 0.5 });
    const stored = await readBack(created);
    expect(stored.variants?.map((variant) => variant.variant?.priceData?.price)).toEqual([6, 6]);
    expect(stored.priceRange).toEqual({ minValue: 6, maxValue: 6 });
    expect(stored.weightRange).toEqual({ minValue: 0.5, maxValue: 0.5 });
  });

  it('refuses an amount with more decimals than the currency has', async () => {
    const error = await thrown(merchant().products.bulkUpdateProductsProperty([MISSING], { price: 1.005 }));
    expect(error.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'set.price', violatedRule: 'DECIMAL_MAX_SCALE' }),
    );
  });

  it('refuses repeated ids', async () => {
    const error = await thrown(merchant().products.bulkUpdateProductsProperty([MISSING, MISSING], { price: 1 }));
    expect(error.details?.validationError?.fieldViolations?.map((violation) => violation.field)).toEqual(['ids']);
  });
});

describe('bulk adjust', () => {
  it.each([
    { price: 9.99, expected: 10.99 },
    { price: 0.05, expected: 0.06 },
    { price: 0.04, expected: 0.04 },
    { price: 100, expected: 110 },
  ])('raises $price by ten percent to $expected (rounded half away from zero to cents)', async ({ price, expected }) => {
    const created = await create({ name: `Adjust ${price}`, priceData: { price } });
    const result = await merchant().products.bulkAdjustProductProperty({ price: { percentage: 10 } }, [created]);
    expect(result.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 0 });
    expect((await readBack(created)).priceData?.price).toBe(expected);
  });

  it('rounds weights to three decimals', async () => {
    const created = await create({ name: 'Heavy', priceData: { price: 1 }, weight: 0.335 });
    await merchant().products.bulkAdjustProductProperty({ weight: { percentage: 10 } }, [created]);
    expect((await readBack(created)).weight).toBe(0.369);
  });

  it('moves the variants’ own prices with the product’s', async () => {
    const created = await create({
      name: 'Adjust variants',
      priceData: { price: 10 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'L' }] }],
    });
    await merchant().products.updateProductVariants(created, [{ choices: { Size: 'L' }, price: 20 }]);
    await merchant().products.bulkAdjustProductProperty({ price: { amount: -2.5 } }, [created]);
    const stored = await readBack(created);
    expect(stored.variants?.map((variant) => variant.variant?.priceData?.price)).toEqual([7.5, 17.5]);
    expect(stored.priceRange).toEqual({ minValue: 7.5, maxValue: 17.5 });
  });

  it('refuses a product whose value would fall below zero, and changes the others', async () => {
    const cheap = await create({ name: 'Cheap', priceData: { price: 3 } });
    const dear = await create({ name: 'Dear', priceData: { price: 30 } });
    const result = await merchant().products.bulkAdjustProductProperty({ price: { amount: -5 } }, [cheap, dear]);
    expect(result.results?.[0]?.itemMetadata).toEqual({
      _id: cheap,
      originalIndex: 0,
      success: false,
      error: { code: 'NEGATIVE_VALUE', description: 'The price would fall below zero', data: { field: 'price' } },
    });
    expect(result.results?.[1]?.itemMetadata).toEqual({ _id: dear, originalIndex: 1, success: true });
    expect((await readBack(cheap)).priceData?.price).toBe(3);
    expect((await readBack(dear)).priceData?.price).toBe(25);
  });

  it('refuses a product whose variant price would fall below zero, leaving it whole', async () => {
    const created = await create({
      name: 'Variant floor',
      priceData: { price: 10 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'L' }] }],
    });
    await merchant().products.updateProductVariants(created, [{ choices: { Size: 'S' }, price: 1 }]);
    const result = await merchant().products.bulkAdjustProductProperty({ price: { amount: -2 } }, [created]);
    expect(result.results?.[0]?.itemMetadata?.success).toBe(false);
    expect((await readBack(created)).variants?.map((variant) => variant.variant?.priceData?.price)).toEqual([1, 10]);
  });

  it('leaves a product without a cost without one', async () => {
    const created = await create({ name: 'No cost', priceData: { price: 10 } });
    const result = await merchant().products.bulkAdjustProductProperty({ cost: { percentage: 10 } }, [created]);
    expect(result.results?.[0]?.itemMetadata?.success).toBe(true);
    expect((await readBack(created)).costAndProfitData?.itemCost).toBeUndefined();
  });

  it('refuses an adjustment giving both an amount and a percentage', async () => {
    const error = await thrown(merchant().products.bulkAdjustProductProperty({ price: { amount: 1, percentage: 1 } as never }, [MISSING]));
    expect(error.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'adjust.price.amount', violatedRule: 'ONE_OF_ALIGNMENT' }),
    );
  });
});
