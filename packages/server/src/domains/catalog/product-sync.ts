/**
 * Keeps one product consistent inside a write transaction: its variants follow its options (one per
 * choice combination, data kept by choices), their stock follows the product's when variants are
 * not managed one by one, and the derived columns follow the variants. Every product write ends here.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { deriveColumns, planVariants, type StoredOption } from './product-rules.js';
import { type DisplayCurrency, type ProductRow, toWireProduct, type VariantRow, type WireProduct } from './product-view.js';
import * as store from './write-store.js';

/** What the product view needs besides rows. */
export interface ViewSettings {
  publicUrl: string;
  display?: DisplayCurrency;
}

export interface SyncOptions {
  /** the options changed (or the product is new): variants are planned again */
  optionsChanged?: boolean;
  /** the product's stock changed: it reaches the variants unless they are managed */
  stockChanged?: boolean;
}

/** Whether a tracked product (or variant) counts as in stock: by its quantity; an untracked one by its flag. */
function effectiveInStock(product: { track_inventory: boolean; quantity: number | null; in_stock: boolean }): boolean {
  return product.track_inventory ? (product.quantity ?? 0) > 0 : product.in_stock;
}

/**
 * Applies the rules after `product` was written: variants, their stock, then the derived columns
 * and `last_updated`. Answers the product row as stored and whether the set of variants changed.
 */
export async function syncProduct(
  trx: Transaction<Database>,
  product: ProductRow,
  options: SyncOptions = {},
): Promise<{ row: ProductRow; variantsChanged: boolean }> {
  const existing = await store.listVariants(trx, product.id);
  let variantsChanged = false;
  if (options.optionsChanged || existing.length === 0) {
    variantsChanged = await replanVariants(trx, product, existing);
  }
  if (options.stockChanged && !product.manage_variants) {
    await store.updateAllVariants(trx, product.id, {
      in_stock: effectiveInStock(product),
      quantity: product.track_inventory ? (product.quantity ?? 0) : null,
    });
  } else if (options.stockChanged && product.track_inventory) {
    // Variants managed one by one keep their own quantities; those that never had one (tracking just
    // turned on) start with the product's.
    await store.fillMissingVariantQuantities(trx, product.id, product.quantity ?? 0);
  }
  if (product.track_inventory) await store.setVariantStockFromQuantity(trx, product.id);
  const variants = await store.listVariants(trx, product.id);
  const derived = deriveColumns({ product, variants });
  const row = await store.updateProduct(trx, product.id, {
    ...derived,
    ...productStock(product, variants, derived.inventory_status),
    last_updated: new Date(),
  });
  return { row, variantsChanged };
}

/**
 * The product's own stock columns: its own when the variants follow it; when they are managed one by
 * one, in stock while any variant is, and (tracked) the sum of the variants' quantities.
 */
function productStock(product: ProductRow, variants: VariantRow[], status: string): { in_stock: boolean; quantity?: number } {
  if (!product.manage_variants) return { in_stock: effectiveInStock(product) };
  const inStock = status !== 'OUT_OF_STOCK';
  if (!product.track_inventory) return { in_stock: inStock };
  return { in_stock: inStock, quantity: variants.reduce((sum, variant) => sum + (variant.quantity ?? 0), 0) };
}

/** One variant per combination of the options: kept by choices, new ones with the product's stock, others removed. */
async function replanVariants(trx: Transaction<Database>, product: ProductRow, existing: VariantRow[]): Promise<boolean> {
  const plan = planVariants(product.product_options as StoredOption[], existing);
  await store.deleteVariants(trx, plan.removed);
  const fresh = plan.variants.filter((variant) => !variant.existing);
  for (const variant of plan.variants) {
    if (variant.existing && variant.existing.position !== variant.position)
      await store.updateVariant(trx, variant.existing.id, { position: variant.position });
  }
  await store.insertVariants(
    trx,
    fresh.map((variant) => ({
      product_id: product.id,
      choices: JSON.stringify(variant.choices),
      choices_key: variant.key,
      position: variant.position,
      sku: null,
      price: null,
      cost: null,
      weight: null,
      in_stock: effectiveInStock(product),
      quantity: product.track_inventory ? (product.quantity ?? 0) : null,
    })),
  );
  return plan.removed.length > 0 || fresh.length > 0;
}

/** The product as the merchant sees it, read inside the transaction after the write. */
export async function wireProduct(trx: Transaction<Database>, row: ProductRow, view: ViewSettings): Promise<WireProduct> {
  const [variants, collectionIds] = await Promise.all([store.listVariants(trx, row.id), store.listCollectionIdsOfProduct(trx, row.id)]);
  return toWireProduct(row, variants, collectionIds, { merchant: true, display: view.display, publicUrl: view.publicUrl });
}
