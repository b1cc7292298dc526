import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertCollection, insertProduct, type MediaItemFixture } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let tee: InsertedProduct;
let plain: InsertedProduct;
let hidden: InsertedProduct;
let shelf: string;

const redImage: MediaItemFixture = {
  id: 'red-img',
  mediaType: 'image',
  image: { url: 'https://cdn.example/red.jpg', width: 800, height: 600 },
};
const blueVideo: MediaItemFixture = {
  id: 'blue-vid',
  mediaType: 'video',
  video: { files: [{ url: 'https://cdn.example/blue.mp4', width: 1280, height: 720, format: 'mp4' }] },
  thumbnail: { url: 'https://cdn.example/blue-poster.jpg', width: 1280, height: 720 },
};

beforeAll(async () => {
  const db = server.database.db;
  shelf = (await insertCollection(db, { name: 'Shelf' })).id;
  tee = await insertProduct(db, {
    name: 'Tee',
    sku: 'TEE',
    price: 20,
    cost: 8,
    options: [
      { name: 'Size', choices: ['S', 'M', 'L'] },
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { value: 'Red', media: { mainMedia: redImage, items: [redImage] } },
          { value: 'Blue', media: { mainMedia: blueVideo, items: [blueVideo] } },
        ],
      },
    ],
    variants: [
      { choices: { Size: 'L', Color: 'Red' }, inStock: false },
      { choices: { Size: 'S', Color: 'Blue' }, visible: false },
      { choices: { Size: 'M', Color: 'Blue' }, price: 25, sku: 'TEE-M-BLUE', weight: 0.3 },
    ],
    collectionIds: [shelf],
  });
  plain = await insertProduct(db, { name: 'Sticker', price: 2 });
  hidden = await insertProduct(db, { name: 'Unreleased', visible: false, options: [{ name: 'Size', choices: ['S'] }] });
});

const shopper = () => createClient({ host: server.url, modules: { products }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const choicesOf = (option: { choices?: { value?: string; inStock?: boolean; visible?: boolean }[] } | undefined) =>
  option?.choices?.map((choice) => [choice.value, choice.inStock, choice.visible]);

describe('getProductOptionsAvailability', () => {
  it('picks the variant of a full selection, with its price, sku and weight', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(tee.id, { Size: 'M', Color: 'Blue' });
    expect(availability.selectedVariant).toMatchObject({
      _id: tee.variantId({ Size: 'M', Color: 'Blue' }),
      price: { currency: 'USD', price: 25, discountedPrice: 25 },
      sku: 'TEE-M-BLUE',
      weight: 0.3,
      inStock: true,
      visible: true,
    });
    expect(availability.variantSelectionAvailable).toBe(true);
    expect(availability.availableForPurchase).toBe(true);
  });

  it('marks the choices that are out of stock given the other selected choices', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(tee.id, { Color: 'Red' });
    expect(availability.selectedVariant).toBeUndefined();
    expect(availability.variantSelectionAvailable).toBe(false);
    expect(availability.availableForPurchase).toBe(false);
    expect(choicesOf(availability.productOptions?.[0])).toEqual([
      ['S', true, true],
      ['M', true, true],
      ['L', false, true],
    ]);
  });

  it('selects an out-of-stock variant but does not offer it for purchase', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(tee.id, { Size: 'L', Color: 'Red' });
    expect(availability.selectedVariant?.inStock).toBe(false);
    expect(availability.variantSelectionAvailable).toBe(true);
    expect(availability.availableForPurchase).toBe(false);
  });

  it('never selects a hidden variant for a shopper, and marks its choice invisible', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(tee.id, { Size: 'S', Color: 'Blue' });
    expect(availability.selectedVariant).toBeUndefined();
    expect(availability.variantSelectionAvailable).toBe(false);
    expect(choicesOf(availability.productOptions?.[0])?.[0]).toEqual(['S', false, false]);
  });

  it('answers the media of the selected choices', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(tee.id, { Color: 'Red' });
    expect(availability.media?.items?.map((item) => item._id)).toEqual(['red-img']);
  });

  it('selects the only variant of a product without options', async () => {
    const availability = await shopper().products.getProductOptionsAvailability(plain.id, {});
    expect(availability.selectedVariant).toMatchObject({ price: { price: 2 }, inStock: true });
    expect(availability.variantSelectionAvailable).toBe(true);
    expect(availability.availableForPurchase).toBe(true);
  });

  it('answers a hidden product to a shopper as not found', async () => {
    const error = await thrown(shopper().products.getProductOptionsAvailability(hidden.id, { Size: 'S' }));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});

describe('queryProductVariants', () => {
  it('selects the variants containing the given choices', async () => {
    const result = await shopper().products.queryProductVariants(tee.id, { choices: { Size: 'L' } });
    expect(result.variants?.map((variant) => variant.choices)).toEqual([
      { Size: 'L', Color: 'Red' },
      { Size: 'L', Color: 'Blue' },
    ]);
  });

  it('selects variants by id', async () => {
    const wanted = [tee.variantId({ Size: 'M', Color: 'Blue' }), tee.variantId({ Size: 'S', Color: 'Red' })];
    const result = await shopper().products.queryProductVariants(tee.id, { variantIds: wanted });
    expect(result.variants?.map((variant) => variant._id)).toEqual([wanted[1], wanted[0]]);
  });

  it('pages by offset and answers metadata and totalResults', async () => {
    const result = await shopper().products.queryProductVariants(tee.id, { paging: { limit: 2, offset: 2 } });
    expect(result.variants).toHaveLength(2);
    expect([result.metadata, result.totalResults]).toEqual([{ items: 2, offset: 2 }, 5]);
  });

  it('gives variant cost and profit to a merchant asking for merchant data only', async () => {
    const result = await merchant().products.queryProductVariants(tee.id, { includeMerchantSpecificData: true });
    const asShopper = await shopper().products.queryProductVariants(tee.id, { includeMerchantSpecificData: true });
    expect(result.variants?.[0]?.variant?.costAndProfitData).toMatchObject({ itemCost: 8, profit: 12 });
    expect(asShopper.variants?.[0]?.variant).not.toHaveProperty('costAndProfitData');
    expect([result.totalResults, asShopper.totalResults]).toEqual([6, 5]);
  });
});

describe('store variants', () => {
  const key = (choices: Record<string, string>) => `${tee.id}-${tee.variantId(choices)}`;

  it('getStoreVariant answers the variant with its product data and media as wix: URIs', async () => {
    const { variant } = await shopper().products.getStoreVariant(key({ Size: 'L', Color: 'Red' }));
    expect(variant).toEqual({
      _id: key({ Size: 'L', Color: 'Red' }),
      variantId: tee.variantId({ Size: 'L', Color: 'Red' }),
      productId: tee.id,
      variantName: 'L | Red',
      productName: 'Tee',
      managedVariant: true,
      choices: { Size: 'L', Color: 'Red' },
      sku: 'TEE',
      stock: { trackQuantity: false, inStock: false },
      collectionIds: [shelf],
      media: { image: 'wix:image://v1/red-img/red.jpg#originWidth=800&originHeight=600' },
      preorderInfo: { enabled: false },
    });
  });

  it('answers a video choice as a wix:video URI', async () => {
    const { variant } = await shopper().products.getStoreVariant(key({ Size: 'M', Color: 'Blue' }));
    expect(variant?.media?.video).toBe('wix:video://v1/blue-vid/blue.mp4#posterUri=blue-poster.jpg&posterWidth=1280&posterHeight=720');
  });

  it('answers a hidden variant to a shopper as not found, and shows it to the merchant', async () => {
    const error = await thrown(shopper().products.getStoreVariant(key({ Size: 'S', Color: 'Blue' })));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'VARIANT_NOT_FOUND']);
    const { variant } = await merchant().products.getStoreVariant(key({ Size: 'S', Color: 'Blue' }));
    expect(variant?.variantName).toBe('S | Blue');
  });

  it('answers an id of another shape as not found', async () => {
    const error = await thrown(shopper().products.getStoreVariant('prod-0001-var-0001'));
    expect(error.status).toBe(404);
  });

  it('queryStoreVariants filters by product and pages with metadata', async () => {
    const result = await shopper().products.queryStoreVariants({ filter: { productId: tee.id }, paging: { limit: 2 } });
    expect(result.variants).toHaveLength(2);
    expect(result.variants?.every((variant) => variant._id?.startsWith(`${tee.id}-`))).toBe(true);
    expect(result.metadata).toEqual({ count: 2, offset: 0, total: 5 });
    const asMerchant = await merchant().products.queryStoreVariants({ filter: { productId: tee.id } });
    expect(asMerchant.metadata?.total).toBe(6);
  });

  it('queryStoreVariants selects store variant ids with $in', async () => {
    const wanted = [key({ Size: 'M', Color: 'Red' }), `${plain.id}-${plain.variants[0]?.id}`];
    const result = await shopper().products.queryStoreVariants({ filter: { id: { $in: [...wanted, 'prod-0001-var-0001'] } } });
    expect(result.variants?.map((variant) => variant._id).sort()).toEqual([...wanted].sort());
  });

  it('queryStoreVariants never shows a shopper the variants of a hidden product', async () => {
    const result = await shopper().products.queryStoreVariants({ filter: { productId: hidden.id } });
    expect(result.metadata?.total).toBe(0);
  });
});
