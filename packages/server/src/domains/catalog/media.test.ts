import { createClient, type Product } from '@vitrine/sdk';
import { media } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { jpegHeader, mp4Header, pngImage } from '../../../test/support/images.js';
import { type MediaTestServer, startMediaServer } from '../../../test/support/media-server.js';
import type { TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

let running: MediaTestServer;
let server: TestServer;
beforeAll(async () => {
  running = await startMediaServer();
  ({ server } = running);
});
afterAll(async () => {
  await running?.close();
});

const merchant = () => running.merchant();

/** Uploads raw bytes as the merchant. */
function upload(bytes: Uint8Array, contentType: string, fileName = 'photo.png', authorization = server.apiKey) {
  return send(`${server.url}/_api/media/v1/files?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { authorization, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
}

async function readBack(id: string) {
  const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return product as Product;
}

describe('media uploads through the SDK (media.uploadMedia)', () => {
  it("sends a File's bytes typed by the file, under its name, and resolves to the stored file", async () => {
    const bytes = pngImage(16, 9, [4, 5, 6]);
    const file = await merchant().media.uploadMedia(new File([new Uint8Array(bytes)], 'wide shot.png', { type: 'image/png' }));
    expect(file).toMatchObject({ mediaType: 'image', width: 16, height: 9, url: `${server.url}/media/${file.id}/wide%20shot.png` });
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer()).equals(bytes)).toBe(true);
    // the id is a mediaId for the product calls
    const { product } = await merchant().products.createProduct({ name: 'Uploaded', priceData: { price: 3 } } as Product);
    await merchant().products.addProductMedia(product?._id as string, [{ mediaId: file.id }]);
    expect((await readBack(product?._id as string)).media?.mainMedia?.image?.url).toBe(file.url);
  });

  it('takes the name from the options for a bare Blob', async () => {
    const file = await merchant().media.uploadMedia(new Blob([new Uint8Array(jpegHeader(8, 8))], { type: 'image/jpeg' }), {
      fileName: 'tiny.jpg',
    });
    expect(file.url.endsWith('/tiny.jpg')).toBe(true);
  });

  it("rejects with the server's error, the field named as the caller wrote it", async () => {
    const refused = await thrown(merchant().media.uploadMedia(new Blob([new Uint8Array(pngImage(4, 4))], { type: 'image/png' })));
    expect(refused).toMatchObject({ status: 400 });
    expect(String(refused.message)).toContain('options.fileName');
    const wrongType = await thrown(
      merchant().media.uploadMedia(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { fileName: 'a.pdf' }),
    );
    expect(wrongType).toMatchObject({ status: 415 });
  });

  it('is refused to a shopper', async () => {
    const shopper = createClient({ host: server.url, modules: { media }, auth: { getAuthHeaders: async () => ({ headers: {} }) } });
    const refused = await thrown(
      shopper.media.uploadMedia(new Blob([new Uint8Array(pngImage(4, 4))], { type: 'image/png' }), { fileName: 'x.png' }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(401);
    expect(refused.status).toBeLessThanOrEqual(403);
  });
});

describe('media uploads', () => {
  it('stores a PNG and answers its id, URL, size and wix: URI', async () => {
    const response = await upload(pngImage(30, 20), 'image/png', 'red square.png');
    expect(response.status).toBe(200);
    const { file } = response.body;
    expect(file).toMatchObject({ mediaType: 'image', width: 30, height: 20 });
    expect(file.url).toBe(`${server.url}/media/${file.id}/red%20square.png`);
    expect(file.wixUri).toBe(`wix:image://v1/${file.id}/red%20square.png#originWidth=30&originHeight=20`);
  });

  it('reads the size of a JPEG', async () => {
    const response = await upload(jpegHeader(640, 480), 'image/jpeg', 'shot.jpg');
    expect(response.body.file).toMatchObject({ mediaType: 'image', width: 640, height: 480 });
  });

  it('serves the file back byte for byte, typed and cacheable forever', async () => {
    const bytes = pngImage(12, 7, [1, 2, 3]);
    const { file } = (await upload(bytes, 'image/png')).body;
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('accepts an MP4 video', async () => {
    const response = await upload(mp4Header(), 'video/mp4', 'clip.mp4');
    expect(response.body.file).toMatchObject({
      mediaType: 'video',
      wixUri: expect.stringMatching(/^wix:video:\/\/v1\/[0-9a-f]{24}\/clip\.mp4$/),
    });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([pngImage(2, 2), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(big, 'image/png');
    expect(response.status).toBe(413);
    expect(response.body.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(['text/html', 'image/svg+xml', 'application/json', 'application/octet-stream'])('refuses %s with 415', async (type) => {
    const response = await upload(Buffer.from(type === 'application/json' ? '{}' : '<svg/>'), type);
    expect(response.status).toBe(415);
  });

  it('refuses bytes that are not of the declared type', async () => {
    const response = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError.code).toBe('INVALID_MEDIA_FILE');
  });

  it.each([
    ['no file name', ''],
    ['a path', '../etc/passwd'],
  ])('refuses %s', async (_, fileName) => {
    const response = await send(`${server.url}/_api/media/v1/files${fileName ? `?fileName=${encodeURIComponent(fileName)}` : ''}`, {
      method: 'POST',
      headers: { authorization: server.apiKey, 'content-type': 'image/png' },
      body: new Uint8Array(pngImage(2, 2)),
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0].field).toBe('fileName');
  });

  it('answers 404 for a file that does not exist or under another name', async () => {
    const { file } = (await upload(pngImage(2, 2), 'image/png', 'a.png')).body;
    expect((await send(`${server.url}/media/${file.id}/b.png`)).status).toBe(404);
    expect((await send(`${server.url}/media/000000000000000000000000/a.png`)).status).toBe(404);
  });
});

describe('product media', () => {
  async function tee() {
    const { product } = await merchant().products.createProduct({
      name: 'Media tee',
      priceData: { price: 10 },
      productOptions: [{ name: 'Color', optionType: 'color', choices: [{ value: 'Red' }, { value: 'Blue' }] }],
    });
    return product?._id as string;
  }

  it('adds an uploaded file as an image item with its size', async () => {
    const id = await tee();
    const { file } = (await upload(pngImage(40, 30), 'image/png', 'tee.png')).body;
    await expect(merchant().products.addProductMedia(id, [{ mediaId: file.id }])).resolves.toBeUndefined();
    const stored = await readBack(id);
    expect(stored.media?.items).toEqual([{ _id: file.id, mediaType: 'image', image: { url: file.url, width: 40, height: 30 } }]);
    expect(stored.media?.mainMedia?._id).toBe(file.id);
  });

  it('adds a URL as given', async () => {
    const id = await tee();
    await merchant().products.addProductMedia(id, [{ url: 'https://cdn.example/tee-back.jpg' }]);
    expect((await readBack(id)).media?.items?.[0]).toMatchObject({
      mediaType: 'image',
      image: { url: 'https://cdn.example/tee-back.jpg' },
    });
  });

  it('refuses a URL that is not http(s)', async () => {
    const id = await tee();
    const error = await thrown(merchant().products.addProductMedia(id, [{ url: 'javascript:alert(1)' }]));
    expect(error.details?.validationError?.fieldViolations).toContainEqual(
      expect.objectContaining({ field: 'media[0].url', violatedRule: 'FORMAT' }),
    );
  });

  it('answers 404 for an uploaded media id that does not exist', async () => {
    const id = await tee();
    const error = await thrown(merchant().products.addProductMedia(id, [{ mediaId: 'ffffffffffffffffffffffff' }]));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'MEDIA_FILE_NOT_FOUND']);
  });

  it('assigns media to a choice and removes it again', async () => {
    const id = await tee();
    const { file } = (await upload(pngImage(5, 5), 'image/png', 'red.png')).body;
    await merchant().products.addProductMedia(id, [{ mediaId: file.id, choice: { option: 'Color', choice: 'Red' } }]);
    const red = (product: Product) => product.productOptions?.[0]?.choices?.find((choice) => choice.value === 'Red');
    expect(red(await readBack(id))?.media?.items?.map((item) => item._id)).toEqual([file.id]);
    await merchant().products.removeProductMediaFromChoices(id, [{ option: 'Color', choice: 'Red', mediaIds: [file.id] }]);
    expect(red(await readBack(id))?.media).toBeUndefined();
    await merchant().products.addProductMediaToChoices(id, [{ option: 'Color', choice: 'Blue', mediaIds: [file.id] }]);
    const blue = (await readBack(id)).productOptions?.[0]?.choices?.find((choice) => choice.value === 'Blue');
    expect(blue?.media?.mainMedia?._id).toBe(file.id);
  });

  it('refuses a choice the product does not have', async () => {
    const id = await tee();
    await merchant().products.addProductMedia(id, [{ url: 'https://cdn.example/x.jpg' }]);
    const mediaId = (await readBack(id)).media?.items?.[0]?._id as string;
    const error = await thrown(
      merchant().products.addProductMediaToChoices(id, [{ option: 'Color', choice: 'Green', mediaIds: [mediaId] }]),
    );
    expect(error.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'media[0].choice' }));
  });

  it('removes media from the product and from its choices', async () => {
    const id = await tee();
    await merchant().products.addProductMedia(id, [
      { url: 'https://cdn.example/1.jpg', choice: { option: 'Color', choice: 'Red' } },
      { url: 'https://cdn.example/2.jpg' },
    ]);
    const [first, second] = (await readBack(id)).media?.items ?? [];
    await merchant().products.removeProductMedia(id, [first?._id as string]);
    const stored = await readBack(id);
    expect(stored.media?.items?.map((item) => item._id)).toEqual([second?._id]);
    expect(stored.productOptions?.[0]?.choices?.[0]?.media).toBeUndefined();
  });

  it('sets a picture’s alt text after it was added, on the product and the choices that show it, and removes it (#24)', async () => {
    const id = await tee();
    await merchant().products.addProductMedia(id, [{ url: 'https://cdn.example/red.jpg', choice: { option: 'Color', choice: 'Red' } }]);
    const mediaId = (await readBack(id)).media?.items?.[0]?._id as string;
    await expect(merchant().products.setProductMediaAltText(id, mediaId, '  A red tee, folded ')).resolves.toBeUndefined();
    const described = await readBack(id);
    expect(described.media?.items?.[0]?.image?.altText).toBe('A red tee, folded');
    expect(described.media?.mainMedia?.image?.altText).toBe('A red tee, folded');
    expect(described.productOptions?.[0]?.choices?.[0]?.media?.items?.[0]?.image?.altText).toBe('A red tee, folded');
    await merchant().products.setProductMediaAltText(id, mediaId, '');
    expect((await readBack(id)).media?.items?.[0]?.image).toEqual({ url: 'https://cdn.example/red.jpg' });
  });

  it('refuses alt text for media the product does not have (404) and alt text over 500 characters (400)', async () => {
    const id = await tee();
    const missing = await thrown(merchant().products.setProductMediaAltText(id, 'nope', 'A tee'));
    expect([missing.status, missing.details?.applicationError?.code]).toEqual([404, 'PRODUCT_MEDIA_NOT_FOUND']);
    await merchant().products.addProductMedia(id, [{ url: 'https://cdn.example/long.jpg' }]);
    const mediaId = (await readBack(id)).media?.items?.[0]?._id as string;
    const long = await thrown(merchant().products.setProductMediaAltText(id, mediaId, 'x'.repeat(501)));
    expect(long.status).toBe(400);
    expect(long.details?.validationError?.fieldViolations).toContainEqual(expect.objectContaining({ field: 'altText' }));
  });

  it('answers 404 when removing media the product does not have', async () => {
    const id = await tee();
    const error = await thrown(merchant().products.removeProductMedia(id, ['nope']));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'PRODUCT_MEDIA_NOT_FOUND']);
  });
});
