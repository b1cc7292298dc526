/**
 * A new product in one form (issue #24): its fields, each variant's SKU, price and stock, and its
 * pictures with their alt text, all typed before the first save. The server gets them in as few calls
 * as its API allows (create, hidden; the variants in one call; each picture uploaded, then all added in
 * one call); when a call after the create fails, the half-made product is deleted again, so nothing
 * half-made stays, and the merchant reads which step failed while the form keeps what they typed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useVitrine, type VitrineClient } from '@vitrine/react';
import type { Product, VariantOverride } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';
import { type DraftErrors, parseAmount } from './product-draft.js';
import { refresh } from './products-admin.js';

/** One variant's own data as typed (blank: the product's). */
export interface VariantDraft {
  sku: string;
  price: string;
  quantity: string;
}

/** A picture chosen before the product exists, with its alt text. */
export interface PictureDraft {
  key: string;
  file: File;
  altText: string;
}

/** One combination of the options' choices: the API's choices (option name → value), its label, a stable key. */
export interface Combination {
  key: string;
  label: string;
  choices: Record<string, string>;
}

/** Every combination of the checked product's options, in the server's order (the first option varies slowest). */
export function combinationsOf(product: Partial<Product>): Combination[] {
  let out: Combination[] = [{ key: '', label: '', choices: {} }];
  for (const option of product.productOptions ?? []) {
    out = out.flatMap((partial) =>
      (option.choices ?? []).map((c) => {
        const choices = { ...partial.choices, [option.name ?? '']: c.value ?? '' };
        return {
          key: JSON.stringify(choices),
          label: partial.label ? `${partial.label} / ${c.description}` : (c.description ?? ''),
          choices,
        };
      }),
    );
  }
  return out.filter((c) => c.key !== '');
}

/** Whether the product as checked keeps its stock variant by variant (then each variant's stock is typed). */
export const ownStockOf = (p: Partial<Pick<Product, 'manageVariants' | 'stock'>>) =>
  p.manageVariants === true && p.stock?.trackInventory === true;

/**
 * The variant overrides the typed rows make (rows left blank send nothing), or the problems by field
 * (`variants.<key>.price`…). Stock is each variant's own only when the product counts it variant by variant.
 */
export function variantOverridesOf(
  product: Partial<Product>,
  rows: Record<string, VariantDraft>,
  decimals: number,
): { overrides: VariantOverride[] } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const overrides: VariantOverride[] = [];
  const ownStock = ownStockOf(product);
  for (const c of combinationsOf(product)) {
    const row = rows[c.key];
    if (!row) continue;
    const override: VariantOverride = { choices: c.choices };
    const price = parseAmount(row.price, decimals);
    if (Number.isNaN(price)) errors[`variants.${c.key}.price`] = 'Type an amount, or leave it empty for the product’s price.';
    else if (price !== undefined) override.price = price;
    if (row.sku.trim()) override.sku = row.sku.trim();
    const quantity = row.quantity.trim();
    if (ownStock && quantity) {
      if (/^\d{1,9}$/.test(quantity)) override.quantity = Number(quantity);
      else errors[`variants.${c.key}.quantity`] = 'Type how many are in stock (a whole number).';
    }
    if (Object.keys(override).length > 1) overrides.push(override);
  }
  return Object.keys(errors).length ? { errors } : { overrides };
}

/** A creation that failed after the product was made: which step, and the server's error as its cause. */
export class CreationFailed extends Error {
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
 *   step fails (the product is deleted again)
 */
export async function createProductInOneGo(
  client: VitrineClient,
  product: Partial<Product>,
  overrides: VariantOverride[],
  pictures: PictureDraft[],
): Promise<string> {
  const api = merchantApi(client);
  const created = (await api.products.createProduct({ ...product, visible: false } as Product)).product;
  const id = created?._id as string;
  let step = 'Saving the variants';
  try {
    if (overrides.length) await api.products.updateProductVariants(id, overrides);
    step = 'Uploading the pictures';
    const stored = [];
    for (const p of pictures) stored.push({ mediaId: (await api.media.uploadMedia(p.file)).id, altText: p.altText.trim() || undefined });
    step = 'Adding the pictures';
    if (stored.length) await api.products.addProductMedia(id, stored);
  } catch (cause) {
    const kept = await api.products.deleteProduct(id).then(
      () => false,
      () => true,
    );
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
