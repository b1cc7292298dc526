import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

async function readBack(id: string) {
  const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return product as Product;
}

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

const variantOf = (p: Product, size: string) => p.variants?.find((v) => v.choices?.Size === size);

describe('updating variants', () => {
  it('overrides the variants chosen by choices and answers every variant', async () => {
    const p = await sized('By choices');
    const { variants } = await merchant().products.updateProductVariants(p._id as string, [
      { choices: { Size: 'L' }, price: 14, cost: 6, weight: 1.5, sku: 'BC-L' },
    ]);
    expect(variants).toHaveLength(3);
    const l = variants?.find((v) => v.choices?.Size === 'L');
    expect(l?.variant).toMatchObject({ priceData: { price: 14 }, costAndProfitData: { itemCost: 6, profit: 8 }, weight: 1.5, sku: 'BC-L' });
  });

  it('overrides the variants chosen by ids', async () => {
    const p = await sized('By ids');
    const s = variantOf(p, 'S');
    await merchant().products.updateProductVariants(p._id as string, [{ variantIds: [s?._id as string], price: 8 }]);
    expect(variantOf(await readBack(p._id as string), 'S')?.variant?.priceData?.price).toBe(8);
  });

  it('keeps the derived ranges over the variants after an update', async () => {
    const p = await sized('Ranges');
    await merchant().products.updateProductVariants(p._id as string, [
      { choices: { Size: 'S' }, price: 7, weight: 0.5 },
      { choices: { Size: 'L' }, price: 13, cost: 9, weight: 2 },
    ]);
    const after = await readBack(p._id as string);
    expect(after.priceRange).toEqual({ minValue: 7, maxValue: 13 });
    expect(after.costRange).toEqual({ minValue: 4, maxValue: 9 });
    expect(after.weightRange).toEqual({ minValue: 0.5, maxValue: 2 });
    expect(after.manageVariants).toBe(true);
  });

  it('leaves hidden variants out of the price range', async () => {
    const p = await sized('Hidden');
    await merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'L' }, price: 99, visible: false }]);
    expect((await readBack(p._id as string)).priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('puts a field back to the product’s with null', async () => {
    const p = await sized('Nulls');
    await merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'M' }, price: 11 }]);
    await merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'M' }, price: null }]);
    expect(variantOf(await readBack(p._id as string), 'M')?.variant?.priceData?.price).toBe(10);
  });

  it('resets every variant to the product’s data', async () => {
    const p = await sized('Reset');
    await merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'S' }, price: 3, sku: 'X', visible: false }]);
    await expect(merchant().products.resetAllProductVariantData(p._id as string)).resolves.toBeUndefined();
    const after = await readBack(p._id as string);
    expect(after.variants?.map((v) => [v.variant?.priceData?.price, v.variant?.visible])).toEqual([
      [10, true],
      [10, true],
      [10, true],
    ]);
    expect(after.priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('refuses choices that match no variant', async () => {
    const p = await sized('No match');
    const e = await thrown(merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'XXL' }, price: 1 }]));
    expect(e.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'variants[0].choices' }));
  });

  it('refuses an override giving both choices and variant ids', async () => {
    const p = await sized('Both');
    const e = await thrown(
      merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'S' }, variantIds: ['x'], price: 1 }]),
    );
    expect(e.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'variants[0].choices', violatedRule: 'ONE_OF_ALIGNMENT' }),
    );
  });

  it('changes nothing when a later override fails (one transaction)', async () => {
    const p = await sized('Atomic');
    const e = await thrown(
      merchant().products.updateProductVariants(p._id as string, [
        { choices: { Size: 'S' }, price: 1 },
        { variantIds: ['00000000-0000-4000-8000-000000000000'], price: 2 },
      ]),
    );
    expect(e.status).toBe(404);
    expect(e.details?.applicationError?.code).toBe('VARIANT_NOT_FOUND');
    const after = await readBack(p._id as string);
    expect(variantOf(after, 'S')?.variant?.priceData?.price).toBe(10);
    expect(after.priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('refuses a variant price with more than the currency’s decimals', async () => {
    const p = await sized('Decimals');
    const e = await thrown(merchant().products.updateProductVariants(p._id as string, [{ choices: { Size: 'S' }, price: 1.001 }]));
    expect(e.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'variants[0].price', violatedRule: 'DECIMAL_MAX_SCALE' }),
    );
  });
});
