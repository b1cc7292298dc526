import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { merchantCatalogServer } from '../../../test/support/merchant-catalog.js';
import { thrown } from '../../../test/support/thrown.js';

const { server, merchant, readBack } = merchantCatalogServer();

const tee = (extra: Partial<Product> = {}): Product => ({
  name: 'Linen tee',
  priceData: { price: 20 },
  productOptions: [
    { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
    { name: 'Color', optionType: 'color', choices: [{ value: 'Red' }, { value: 'Blue' }] },
  ],
  ...extra,
});

const violations = async (pending: Promise<unknown>) => (await thrown(pending)).details?.validationError?.fieldViolations;
const appCode = async (pending: Promise<unknown>) => {
  const error = await thrown(pending);
  return { status: error.status, code: error.details?.applicationError?.code };
};

describe('creating products', () => {
  it('answers the product with one variant per choice combination and its derived ranges', async () => {
    const { product } = await merchant().products.createProduct(tee({ costAndProfitData: { itemCost: 8 }, weight: 0.25 }));
    expect(product).toMatchObject({
      name: 'Linen tee',
      slug: 'linen-tee',
      priceData: { currency: 'USD', price: 20, discountedPrice: 20 },
      priceRange: { minValue: 20, maxValue: 20 },
      costRange: { minValue: 8, maxValue: 8 },
      weightRange: { minValue: 0.25, maxValue: 0.25 },
      stock: { inventoryStatus: 'IN_STOCK', inStock: true },
    });
    expect(product?._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(product?.variants?.map((variant) => variant.choices)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'S', Color: 'Blue' },
      { Size: 'M', Color: 'Red' },
      { Size: 'M', Color: 'Blue' },
    ]);
    expect(await readBack(product?._id as string)).toMatchObject({ name: 'Linen tee', variants: expect.any(Array) });
  });

  it('gives a product without options exactly one variant', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Gift card', priceData: { price: 25 } });
    expect(product?.variants).toHaveLength(1);
    expect(product?.variants?.[0]?.choices).toEqual({});
  });

  it('derives the slug from the name and suffixes it when taken', async () => {
    const product = await merchant().products.createProduct({ name: 'Crème Brûlée Mug!', priceData: { price: 5 } });
    const accented = await merchant().products.createProduct({ name: 'Crème brûlée mug', priceData: { price: 5 } });
    const unaccented = await merchant().products.createProduct({ name: 'Creme brulee MUG', priceData: { price: 5 } });
    expect([product.product?.slug, accented.product?.slug, unaccented.product?.slug]).toEqual([
      'creme-brulee-mug',
      'creme-brulee-mug-2',
      'creme-brulee-mug-3',
    ]);
  });

  it('refuses a slug that another product has (409 SLUG_TAKEN)', async () => {
    await merchant().products.createProduct({ name: 'First', slug: 'the-one', priceData: { price: 1 } });
    expect(await appCode(merchant().products.createProduct({ name: 'Second', slug: 'the-one', priceData: { price: 1 } }))).toEqual({
      status: 409,
      code: 'SLUG_TAKEN',
    });
  });

  it('keeps the discounted price range over visible variants', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Sale lamp',
      priceData: { price: 40 },
      discount: { type: 'PERCENT', value: 25 },
    });
    expect(product?.priceRange).toEqual({ minValue: 30, maxValue: 30 });
    expect(product?.priceData).toMatchObject({ price: 40, discountedPrice: 30 });
  });

  it.each([
    ['a missing name', { priceData: { price: 1 } }, 'product.name', 'REQUIRED_FIELD'],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, 'product.name', 'MAX_LENGTH'],
    ['a negative price', { name: 'n', priceData: { price: -1 } }, 'product.priceData.price', 'MIN'],
    [
      'a price with more than the currency’s decimals',
      { name: 'n', priceData: { price: 9.999 } },
      'product.priceData.price',
      'DECIMAL_MAX_SCALE',
    ],
    ['a weight with more than three decimals', { name: 'n', weight: 0.0001 }, 'product.weight', 'DECIMAL_MAX_SCALE'],
    [
      'a percentage over 100',
      { name: 'n', priceData: { price: 10 }, discount: { type: 'PERCENT', value: 120 } },
      'product.discount.value',
      'MAX',
    ],
    [
      'an amount discount over the price',
      { name: 'n', priceData: { price: 10 }, discount: { type: 'AMOUNT', value: 11 } },
      'product.discount.value',
      'DECIMAL_LTE',
    ],
    ['another currency', { name: 'n', priceData: { price: 10, currency: 'EUR' } }, 'product.priceData.currency', 'VALIDATION'],
    ['a non-finite weight', { name: 'n', weight: Number.NaN }, 'product.weight', 'VALIDATION'],
    ['an unknown field', { name: 'n', colour: 'red' }, 'product.colour', 'FIELD_NOT_ALLOWED'],
  ] as const)('refuses %s', async (_, product, field, rule) => {
    const found = await violations(merchant().products.createProduct(product as Product));
    expect(found).toContainEqual(expect.objectContaining({ field, violatedRule: rule }));
  });

  it.each([
    [
      'two options with the same name',
      [
        { name: 'Size', choices: [{ value: 'S' }] },
        { name: 'size', choices: [{ value: 'M' }] },
      ],
      'product.productOptions[1].name',
    ],
    ['the same choice twice', [{ name: 'Size', choices: [{ value: 'S' }, { value: 's' }] }], 'product.productOptions[0].choices[1].value'],
    ['more than 6 options', Array.from({ length: 7 }, (_, i) => ({ name: `O${i}`, choices: [{ value: 'a' }] })), 'product.productOptions'],
    [
      'more than 300 variants',
      [
        { name: 'A', choices: Array.from({ length: 20 }, (_, i) => ({ value: `a${i}` })) },
        { name: 'B', choices: Array.from({ length: 16 }, (_, i) => ({ value: `b${i}` })) },
      ],
      'product.productOptions',
    ],
  ])('refuses options with %s', async (_, productOptions, field) => {
    const found = await violations(merchant().products.createProduct({ name: 'Opt', productOptions } as Product));
    expect(found?.map((violation) => violation.field)).toContain(field);
  });

  it('accepts a product read back as its own input (computed fields are ignored)', async () => {
    const { product } = await merchant().products.createProduct(tee({ name: 'Round trip' }));
    const { _id, slug, ...rest } = product as Product;
    const again = await merchant().products.createProduct({ ...rest, name: 'Round trip copy' });
    expect(again.product?.variants).toHaveLength(4);
    expect(again.product?.slug).toBe('round-trip-copy');
  });

  it('creates through the platformized proxy the same way', async () => {
    const product = await merchant().products.writeProxyCreateProductPlatformized({ name: 'Proxy vase', priceData: { price: 12 } });
    expect(product).toMatchObject({ name: 'Proxy vase', slug: 'proxy-vase', priceData: { price: 12 } });
    const changed = await merchant().products.writeProxyUpdateProductPlatformized(product._id as string, { ribbon: 'New' });
    expect(changed.ribbon).toBe('New');
    await merchant().products.writeProxyDeleteProductPlatformized(product._id as string);
    expect(await appCode(merchant().products.getProduct(product._id as string))).toMatchObject({ status: 404 });
  });
});

describe('updating products', () => {
  it('changes only the fields it is given', async () => {
    const { product } = await merchant().products.createProduct(
      tee({ name: 'Partial', description: '<p>Soft</p>', brand: 'Acme', sku: 'P-1' }),
    );
    const { product: after } = await merchant().products.updateProduct(product?._id as string, { priceData: { price: 22 } });
    expect(after).toMatchObject({ name: 'Partial', description: '<p>Soft</p>', brand: 'Acme', sku: 'P-1', priceData: { price: 22 } });
    expect(after?.priceRange).toEqual({ minValue: 22, maxValue: 22 });
    expect(after?.slug).toBe(product?.slug);
  });

  it('regenerates variants when options change, keeping the data of combinations that remain', async () => {
    const { product } = await merchant().products.createProduct(tee({ name: 'Regen' }));
    const id = product?._id as string;
    const keep = product?.variants?.find((variant) => variant.choices?.Size === 'M' && variant.choices?.Color === 'Blue');
    await merchant().products.updateProductVariants(id, [{ choices: { Size: 'M', Color: 'Blue' }, price: 25, sku: 'REGEN-MB' }]);
    const { product: after } = await merchant().products.updateProduct(id, {
      productOptions: [
        { name: 'Size', choices: [{ value: 'M' }, { value: 'L' }] },
        { name: 'Color', optionType: 'color', choices: [{ value: 'Red' }, { value: 'Blue' }] },
      ],
    });
    expect(after?.variants?.map((variant) => `${variant.choices?.Size}/${variant.choices?.Color}`)).toEqual([
      'M/Red',
      'M/Blue',
      'L/Red',
      'L/Blue',
    ]);
    const kept = after?.variants?.find((variant) => variant.choices?.Size === 'M' && variant.choices?.Color === 'Blue');
    expect(kept?._id).toBe(keep?._id);
    expect(kept?.variant).toMatchObject({ priceData: { price: 25 }, sku: 'REGEN-MB' });
    expect(after?.variants?.find((variant) => variant.choices?.Size === 'L')?.variant?.priceData?.price).toBe(20);
    expect(after?.priceRange).toEqual({ minValue: 20, maxValue: 25 });
  });

  it('refuses a slug another product has', async () => {
    await merchant().products.createProduct({ name: 'Owner', slug: 'owned-slug', priceData: { price: 1 } });
    const { product } = await merchant().products.createProduct({ name: 'Other', priceData: { price: 1 } });
    expect(await appCode(merchant().products.updateProduct(product?._id as string, { slug: 'owned-slug' }))).toEqual({
      status: 409,
      code: 'SLUG_TAKEN',
    });
  });

  it('refuses an amount discount above the price as it will be', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Disc',
      priceData: { price: 10 },
      discount: { type: 'AMOUNT', value: 5 },
    });
    const found = await violations(merchant().products.updateProduct(product?._id as string, { priceData: { price: 4 } }));
    expect(found).toContainEqual(expect.objectContaining({ field: 'product.discount.value', violatedRule: 'DECIMAL_LTE' }));
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['an id that is no UUID', 'prod-0001'],
  ])('answers 404 PRODUCT_NOT_FOUND for %s', async (_, id) => {
    expect(await appCode(merchant().products.updateProduct(id, { name: 'x' }))).toEqual({ status: 404, code: 'PRODUCT_NOT_FOUND' });
  });

  it('turns the product out of stock when its tracked quantity reaches zero', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Stocked',
      priceData: { price: 3 },
      stock: { trackInventory: true, quantity: 2 },
    });
    expect(product?.stock).toMatchObject({ inventoryStatus: 'IN_STOCK', quantity: 2 });
    const { product: after } = await merchant().products.updateProduct(product?._id as string, { stock: { quantity: 0 } });
    expect(after?.stock).toMatchObject({ inventoryStatus: 'OUT_OF_STOCK', inStock: false, quantity: 0 });
    expect(after?.variants?.[0]?.stock).toMatchObject({ inStock: false, quantity: 0 });
  });
});

describe('deleting products, options, brand and ribbon', () => {
  it('deletes a product (it is gone for the readers)', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Doomed', priceData: { price: 1 } });
    await expect(merchant().products.deleteProduct(product?._id as string)).resolves.toBeUndefined();
    expect(await appCode(merchant().products.getProduct(product?._id as string))).toMatchObject({ status: 404 });
    expect(await appCode(merchant().products.deleteProduct(product?._id as string))).toEqual({ status: 404, code: 'PRODUCT_NOT_FOUND' });
  });

  it('deletes the options, leaving one default variant', async () => {
    const { product } = await merchant().products.createProduct(tee({ name: 'Optionless' }));
    await merchant().products.deleteProductOptions(product?._id as string);
    const after = await readBack(product?._id as string);
    expect(after.productOptions).toEqual([]);
    expect(after.variants?.map((variant) => variant.choices)).toEqual([{}]);
  });

  it('removes the brand and the ribbon', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Branded',
      priceData: { price: 1 },
      brand: 'Acme',
      ribbon: 'Sale',
    });
    await merchant().products.removeBrand(product?._id as string);
    await merchant().products.removeRibbon(product?._id as string);
    const after = await readBack(product?._id as string);
    expect(after.brand).toBeUndefined();
    expect(after.ribbon).toBeUndefined();
  });

  it('takes a whole-product action with no body at all, as with the {id} the SDK sends', async () => {
    const { product } = await merchant().products.createProduct(tee({ name: 'Bodiless', brand: 'Acme', ribbon: 'Sale' }));
    const productId = product?._id as string;
    await merchant().products.updateProductVariants(productId, [{ choices: { Size: 'S', Color: 'Red' }, price: 3 }]);
    const actions = ['remove-brand', 'remove-ribbon', 'variants/resetToDefault'];
    for (const action of actions) {
      const taken = await fetch(`${server().url}/stores/v1/products/${productId}/${action}`, {
        method: 'POST',
        headers: { authorization: server().apiKey },
      });
      expect([action, taken.status, await taken.json()]).toEqual([action, 200, {}]);
    }
    const bodiless = await readBack(productId);
    expect([bodiless.brand, bodiless.ribbon, bodiless.variants?.[0]?.variant?.priceData?.price]).toEqual([undefined, undefined, 20]);
    await merchant().products.updateProduct(productId, { brand: 'Acme', ribbon: 'Sale' });
    await merchant().products.updateProductVariants(productId, [{ choices: { Size: 'S', Color: 'Red' }, price: 3 }]);

    // what the SDK sends for the same three calls: the id in a JSON body, as the reference client does
    const sent: { path: string; body: unknown }[] = [];
    const recording = createClient({
      host: server().url,
      modules: { products },
      auth: ApiKeyStrategy({ apiKey: server().apiKey }),
      fetch: async (url: string | URL, init?: RequestInit) => {
        sent.push({ path: new URL(url).pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
        return fetch(url, init);
      },
    });
    await recording.products.removeBrand(productId);
    await recording.products.removeRibbon(productId);
    await recording.products.resetAllProductVariantData(productId);
    expect(sent).toEqual(actions.map((action) => ({ path: `/stores/v1/products/${productId}/${action}`, body: { id: productId } })));
    const changed = await readBack(productId);
    expect([changed.brand, changed.ribbon, changed.variants?.[0]?.variant?.priceData?.price]).toEqual([undefined, undefined, 20]);
  });

  it('answers {} (not an empty body) to void calls', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Void', priceData: { price: 1 } });
    const res = await fetch(`${server().url}/stores/v1/products/${product?._id}/remove-brand`, {
      method: 'POST',
      headers: { authorization: server().apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ id: product?._id }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{}');
  });

  it('takes a void call whose body leaves the id out, and refuses a body whose id is not the path’s', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Idless', priceData: { price: 1 }, ribbon: 'Sale' });
    const removeRibbon = (body: object) =>
      fetch(`${server().url}/stores/v1/products/${product?._id}/remove-ribbon`, {
        method: 'POST',
        headers: { authorization: server().apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await removeRibbon({ id: '00000000-0000-4000-8000-000000000000' });
    expect(refused.status).toBe(400);
    expect((await readBack(product?._id as string)).ribbon).toBe('Sale');
    const accepted = await removeRibbon({});
    expect(accepted.status).toBe(200);
    expect((await readBack(product?._id as string)).ribbon).toBeUndefined();
  });

  it('refuses a delete whose query repeats another id, and deletes when it repeats the path’s', async () => {
    const { product } = await merchant().products.createProduct(tee({ name: 'Kept by its id' }));
    const productId = product?._id as string;
    const { collection } = await merchant().products.createCollection({ name: 'Kept collection' });
    const collectionId = collection?._id as string;
    const collectionReader = createClient({
      host: server().url,
      modules: { collections },
      auth: ApiKeyStrategy({ apiKey: server().apiKey }),
    });
    const otherId = '00000000-0000-4000-8000-000000000000';
    const remove = (path: string, queryId: string) =>
      fetch(`${server().url}${path}?id=${queryId}`, { method: 'DELETE', headers: { authorization: server().apiKey } });
    const deletes = [
      `/stores/v1/products/${productId}/options`,
      `/stores/v1/collections/${collectionId}`,
      `/stores/v1/products/${productId}`,
    ];
    for (const path of deletes) {
      const refused = await remove(path, otherId);
      expect([path, refused.status, (await refused.json()).details?.validationError?.fieldViolations]).toEqual([
        path,
        400,
        [expect.objectContaining({ field: 'id', description: 'must match the id in the path' })],
      ]);
    }
    const untouched = await readBack(productId);
    expect(untouched.productOptions).toHaveLength(2);
    expect(untouched.collectionIds ?? []).toEqual([]);
    expect((await collectionReader.collections.getCollection(collectionId)).name).toBe('Kept collection');

    for (const path of deletes)
      expect([path, (await remove(path, path.includes('collections') ? collectionId : productId)).status]).toEqual([path, 200]);
    expect(await appCode(merchant().products.getProduct(productId))).toMatchObject({ status: 404 });
    expect(await appCode(collectionReader.collections.getCollection(collectionId))).toMatchObject({ status: 404 });
  });
});
