/** `media`: the merchant's file uploads (pictures and videos for products and collections). */
import type { UploadedMediaFile, UploadMediaOptions } from '../types/index.js';
import type { Call } from './call.js';
import { later } from './later.js';

type Media = {
  /**
   * Uploads a picture or video (JPEG, PNG, GIF, WebP, MP4, QuickTime, WebM; at most 10 MB), merchant
   * only; resolves to the stored file, whose `id` is a `mediaId` for `products.addProductMedia`.
   * @example const file = await client.media.uploadMedia(input.files[0]);
   * await client.products.addProductMedia(productId, [{ mediaId: file.id }]);
   */
  uploadMedia: Call<(file: Blob, options?: UploadMediaOptions) => Promise<UploadedMediaFile>>;
  /**
   * Deletes an upload and its file, merchant only: one no product or collection shows (an upload
   * left by a creation that failed); rejects with 409 MEDIA_FILE_IN_USE while one still shows it,
   * 404 MEDIA_FILE_NOT_FOUND for an unknown id.
   * @example await client.media.deleteMedia(file.id);
   */
  deleteMedia: Call<(_id: string) => Promise<void>>;
};

export const media = /* @__PURE__ */ later<Media>('uploadMedia deleteMedia', async () => (await import('../on-demand.js')).mediaUpload);
