/**
 * The order of a product's media (issue #7): the merchant sets it with every media id once, the
 * first becomes the main media, shoppers' reads (the storefront's gallery) follow, choices keep
 * their media in the new order, and any list that is not exactly the product's media is refused.
 */
import { ApiKeyStrategy, createClient, OAuthStrategy, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const shopper = () => createClient({ host: server.url, modules: { products }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** A product with a Color option and three pictures by URL; answers its id and the pictures' ids in the order added. */
async function withThreePictures(): Promise<{ id: string; media: string[] }> {
  const { product } = await merchant().products.createProduct({
    name: 'Ordered tee',
    priceData: { price: 10 },
    productOptions: [{ name: 'Color', optionType: 'color', choices: [{ value: 'Red' }, { value: 'Blue' }] }],
  });
  const id = product?._id as string;
  await merchant().products.addProductMedia(id, [
    { url: 'https://cdn.example/front.jpg' },
    { url: 'https://cdn.example/back.jpg' },
    { url: 'https://cdn.example/side.jpg' },
  ]);
  return { id, media: (await readBack(id)).media?.items?.map((item) => item._id as string) ?? [] };
}

async function readBack(id: string) {
  const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return product as Product;
}

const urls = (product: Product | undefined) => product?.media?.items?.map((item) => item.image?.url);
const violations = async (pending: Promise<unknown>) => (await thrown(pending)).details?.validationError?.fieldViolations;

describe('reordering product media', () => {
  it('puts the media in the order given, the first as the main media, in what shoppers read', async () => {
    const { id, media } = await withThreePictures();
    const [front, back, side] = media;
    const { product: before } = await shopper().products.getProduct(id);
    expect(urls(before)).toEqual(['https://cdn.example/front.jpg', 'https://cdn.example/back.jpg', 'https://cdn.example/side.jpg']);

    await expect(merchant().products.reorderProductMedia(id, [side, front, back])).resolves.toBeUndefined();

    const { product: after } = await shopper().products.getProduct(id);
    expect(urls(after)).toEqual(['https://cdn.example/side.jpg', 'https://cdn.example/front.jpg', 'https://cdn.example/back.jpg']);
    expect(after?.media?.mainMedia?._id).toBe(side);
    // the items are moved, not changed
    expect(after?.media?.items?.[0]).toEqual(before?.media?.items?.[2]);
  });

  it("keeps each choice's media, in the product's new order", async () => {
    const { id, media } = await withThreePictures();
    const [front, back, side] = media;
    await merchant().products.addProductMediaToChoices(id, [{ option: 'Color', choice: 'Red', mediaIds: [front, back] }]);
    await merchant().products.reorderProductMedia(id, [back, side, front]);
    const red = (await readBack(id)).productOptions?.[0]?.choices?.find((choice) => choice.value === 'Red');
    expect(red?.media?.items?.map((item) => item._id)).toEqual([back, front]);
    expect(red?.media?.mainMedia?._id).toBe(back);
    const blue = (await readBack(id)).productOptions?.[0]?.choices?.find((choice) => choice.value === 'Blue');
    expect(blue?.media).toBeUndefined();
  });

  it.each([
    [
      'one is missing',
      (media: string[]) => [media[2], media[0]],
      (media: string[]) => [
        {
          field: 'mediaIds',
          description: `must list every media item of the product once; missing: ${media[1]}`,
          violatedRule: 'VALIDATION',
          data: { missing: [media[1]] },
        },
      ],
    ],
    [
      'one is not of the product',
      (media: string[]) => [media[0], media[1], media[2], 'elsewhere'],
      () => [
        {
          field: 'mediaIds[3]',
          description: 'is not a media item of the product',
          violatedRule: 'VALIDATION',
          data: { mediaId: 'elsewhere' },
        },
      ],
    ],
    [
      'one is repeated (in place of another)',
      (media: string[]) => [media[0], media[1], media[0]],
      (media: string[]) => [
        {
          field: 'mediaIds',
          description: `must list every media item of the product once; missing: ${media[2]}`,
          violatedRule: 'VALIDATION',
          data: { missing: [media[2]] },
        },
        { field: 'mediaIds[2]', description: 'repeats a media id', violatedRule: 'VALIDATION', data: { mediaId: media[0] } },
      ],
    ],
  ])('refuses a list where %s, and changes nothing', async (_case, list, expected) => {
    const { id, media } = await withThreePictures();
    expect(await violations(merchant().products.reorderProductMedia(id, list(media)))).toEqual(expected(media));
    expect((await readBack(id)).media?.items?.map((item) => item._id)).toEqual(media);
  });

  it('refuses an empty list', async () => {
    const { id } = await withThreePictures();
    expect(await violations(merchant().products.reorderProductMedia(id, []))).toEqual([
      expect.objectContaining({ field: 'mediaIds', violatedRule: 'MIN_SIZE' }),
    ]);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product', async () => {
    const error = await thrown(merchant().products.reorderProductMedia('00000000-0000-4000-8000-000000000000', ['x']));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});
