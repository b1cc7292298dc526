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
};

export const media = /* @__PURE__ */ later<Media>('uploadMedia', async () => (await import('../on-demand.js')).mediaUpload);
