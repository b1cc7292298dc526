/**
 * A new product in one form (issue #24): its fields, each variant's SKU, price and stock, and its
 * pictures with their alt text, all typed before the first save. The server gets them in as few calls
 * as its API allows (create, hidden; the variants in one call; each picture uploaded, then all added in
 * one call); when a call after the create fails, the half-made product and the pictures already
 * uploaded are deleted again, so nothing half-made stays, and the merchant reads which step failed
 * while the form keeps what they typed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useVitrine, type VitrineClient } from '@vitrine/react';
import type { Product, VariantOverride } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';
import type { PictureDraft } from './new-product-draft.js';
import { refresh } from './products-admin.js';

/** A creation that failed after the product was made: which step, and the server's error as its cause. */
class CreationFailed extends Error {
  constructor(
    readonly step: string,
    /** the product could not be deleted again: it stays, hidden */
    readonly kept: boolean,
    options: { cause: unknown },
  ) {
    const why = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const outcome = kept ? 'the product stays hidden in the list: finish or delete it there' : 'nothing was kept; try again';
    super(`${step} failed (${why}): ${outcome}`, options);
    this.name = 'CreationFailed';
  }
}

/**
 * Creates the product hidden, then its variants' data, then its pictures; answers the product's id.
 * @throws the create's own error when it is refused (nothing was made); CreationFailed when a later
 *   step fails (the product and the pictures uploaded so far are deleted again)
 */
async function createProductInOneGo(
  client: VitrineClient,
  product: Partial<Product>,
  overrides: VariantOverride[],
  pictures: PictureDraft[],
): Promise<string> {
  const api = merchantApi(client);
  const created = (await api.products.createProduct({ ...product, visible: false } as Product)).product;
  const id = created?._id as string;
  let step = 'Saving the variants';
  const stored: { mediaId: string; altText?: string }[] = [];
  try {
    if (overrides.length) await api.products.updateProductVariants(id, overrides);
    step = 'Uploading the pictures';
    for (const picture of pictures)
      stored.push({ mediaId: (await api.media.uploadMedia(picture.file)).id, altText: picture.altText.trim() || undefined });
    step = 'Adding the pictures';
    if (stored.length) await api.products.addProductMedia(id, stored);
  } catch (cause) {
    const kept = await api.products.deleteProduct(id).then(
      () => false,
      () => true,
    );
    // After the product: while it still showed a picture, the server would refuse to delete it.
    // One refused anyway (the product stayed) is left to the merchant, like the product.
    await Promise.all(stored.map((upload) => api.media.deleteMedia(upload.mediaId).catch(() => undefined)));
    throw new CreationFailed(step, kept, { cause });
  }
  return id;
}

/** `createProductInOneGo` with the console's client; the catalogue lists are read again afterwards, whatever happened. */
export function useCreateProduct() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return async (product: Partial<Product>, overrides: VariantOverride[], pictures: PictureDraft[]) => {
    try {
      return await createProductInOneGo(client, product, overrides, pictures);
    } finally {
      await refresh(queryClient);
    }
  };
}
