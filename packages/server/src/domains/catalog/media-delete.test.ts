/**
 * Deleting an upload (#24): `DELETE /_api/media/v1/files/{id}` and `media.deleteMedia` remove the row
 * and the file, refuse one a product or collection still shows, and are the merchant's alone.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Product } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, send, visitorTokens } from '../../../test/support/http.js';
import { pngImage } from '../../../test/support/images.js';
import { type MediaTestServer, startMediaServer } from '../../../test/support/media-server.js';
import type { TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

let running: MediaTestServer;
let server: TestServer;
let mediaDir: string;
beforeAll(async () => {
  running = await startMediaServer();
  ({ server, mediaDir } = running);
});
afterAll(async () => {
  await running?.close();
});

const merchant = () => running.merchant();

const uploadPng = (name = 'photo.png') =>
  merchant().media.uploadMedia(new File([new Uint8Array(pngImage(6, 4))], name, { type: 'image/png' }));

/** `DELETE /_api/media/v1/files/{id}` with the given credentials (the API key unless told). */
const deleteFile = (id: string, authorization = server.apiKey) =>
  send(`${server.url}/_api/media/v1/files/${id}`, { method: 'DELETE', headers: { authorization } });

const rowExists = async (id: string) =>
  (await server.database.db.selectFrom('media_files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const fileExists = (id: string) =>
  access(join(mediaDir, id)).then(
    () => true,
    () => false,
  );

describe('DELETE /_api/media/v1/files/{id}', () => {
  it('deletes an upload nothing shows: its row, its file on disk, and its URL', async () => {
    const file = await uploadPng();
    expect([await rowExists(file.id), await fileExists(file.id)]).toEqual([true, true]);
    const answer = await deleteFile(file.id);
    expect([answer.status, answer.body]).toEqual([200, {}]);
    expect([await rowExists(file.id), await fileExists(file.id)]).toEqual([false, false]);
    expect((await send(file.url)).status).toBe(404);
  });

  it('refuses with 409 an upload a product shows, and deletes it once the product no longer does', async () => {
    const file = await uploadPng('shown.png');
    const { product } = await merchant().products.createProduct({ name: 'Shown', priceData: { price: 2 } } as Product);
    const id = product?._id as string;
    await merchant().products.addProductMedia(id, [{ mediaId: file.id }]);
    const refused = await deleteFile(file.id);
    expect(refused.status).toBe(409);
    expect(refused.body.details.applicationError).toMatchObject({
      code: 'MEDIA_FILE_IN_USE',
      description: 'A product or collection still shows this file: remove it there first',
      data: { id: file.id },
    });
    expect([await rowExists(file.id), await fileExists(file.id)]).toEqual([true, true]);
    await merchant().products.removeProductMedia(id, [file.id]);
    expect((await deleteFile(file.id)).status).toBe(200);
  });

  it('refuses with 409 an upload a collection shows by its URL', async () => {
    const file = await uploadPng('cover.png');
    const made = await postJson(
      server.url,
      '/stores/v1/collections',
      { collection: { name: 'Covers', media: { mainMedia: { image: { url: file.url } } } } },
      { authorization: server.apiKey },
    );
    expect(made.status).toBe(200);
    expect((await deleteFile(file.id)).body.details.applicationError.code).toBe('MEDIA_FILE_IN_USE');
    expect(await rowExists(file.id)).toBe(true);
  });

  it('answers 404 for an id no upload has, in the spec’s format', async () => {
    const answer = await deleteFile('000000000000000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body.details.applicationError.code).toBe('MEDIA_FILE_NOT_FOUND');
    expect((await deleteFile('not-an-id')).status).toBe(404);
  });

  it('is refused to a shopper (403) and to no credentials (401), keeping the upload', async () => {
    const file = await uploadPng();
    const { access_token } = await visitorTokens(server.url);
    const shopper = await deleteFile(file.id, `Bearer ${access_token}`);
    expect([shopper.status, shopper.body.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect((await send(`${server.url}/_api/media/v1/files/${file.id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await rowExists(file.id)).toBe(true);
  });
});

describe('media.deleteMedia (SDK)', () => {
  it("deletes an upload, and rejects with the server's error for one in use or unknown", async () => {
    const file = await uploadPng();
    await merchant().media.deleteMedia(file.id);
    expect(await rowExists(file.id)).toBe(false);
    const unknown = await thrown(merchant().media.deleteMedia(file.id));
    expect([unknown.status, unknown.details?.applicationError?.code]).toEqual([404, 'MEDIA_FILE_NOT_FOUND']);

    const shown = await uploadPng();
    const { product } = await merchant().products.createProduct({ name: 'Kept', priceData: { price: 2 } } as Product);
    await merchant().products.addProductMedia(product?._id as string, [{ mediaId: shown.id }]);
    const inUse = await thrown(merchant().media.deleteMedia(shown.id));
    expect([inUse.status, inUse.details?.applicationError?.code]).toEqual([409, 'MEDIA_FILE_IN_USE']);
  });
});
