/**
 * Rows of new products for bulk loading (generated scale data, imports): the same rules the write
 * service applies one product at a time (`product-rules.ts`: one variant per choice combination,
 * derived price/cost/weight ranges and inventory status; stock reaching the variants as
 * `product-sync.ts` does), computed in memory so thousands of products go in with a few statements.
 */

import type { Insertable } from 'kysely';
import type { ProductsTable, ProductVariantsTable } from '../../platform/db/schema.js';
import type { ProductPatch } from './product-input.js';
import { choicesKey, combinations, decimalText, deriveColumns, type StoredOption } from './product-rules.js';

/** What differs on the variant with these choices (absent: the product's). */
export interface VariantSpec {
  choices: Record<string, string>;
  price?: number;
  sku?: string;
  visible?: boolean;
  /** tracked products: the variant's quantity */
  quantity?: number;
  /** untracked products: whether the variant is in stock */
  inStock?: boolean;
}

/** A new product: its columns as `productChange` gives them, its options, variant overrides and collections. */
export interface ProductSpec {
  name: string;
  slug: string;
  patch: ProductPatch;
  options: StoredOption[];
  variants?: VariantSpec[];
  /** media items as stored (`products.media`) */
  media?: unknown[];
  collectionIds?: string[];
  createdDate?: Date;
}

type ProductInsert = Insertable<ProductsTable> & { id: string };
type VariantInsert = Insertable<ProductVariantsTable>;

/** A product ready to insert: its row (derived columns included), its variants and its collection links. */
export interface PlannedProduct {
  row: ProductInsert;
  variants: VariantInsert[];
  collectionIds: string[];
}

const str = (value: unknown, fallback: string) => (value === undefined || value === null ? fallback : String(value));
const strOrNull = (value: unknown) => (value === undefined || value === null ? null : String(value));

/**
 * The rows of one new product in the shop currency: variants for every combination of its options
 * (a product without options has one, with `{}`), overrides applied, derived columns computed.
 * @throws Error when an override names no combination (callers validate first)
 */
export function planProduct(spec: ProductSpec, currency: string): PlannedProduct {
  const patch = spec.patch;
  const id = crypto.randomUUID();
  const track = patch.track_inventory === true;
  const quantity = track ? Number(patch.quantity ?? 0) : null;
  const inStock = track ? (quantity as number) > 0 : patch.in_stock !== false;
  const overrides = new Map((spec.variants ?? []).map((override) => [choicesKey(override.choices), override]));
  const variants = combinations(spec.options).map((choices, position): VariantInsert => {
    const key = choicesKey(choices);
    const override = overrides.get(key);
    overrides.delete(key);
    const variantQuantity = track ? (override?.quantity ?? quantity) : null;
    return {
      product_id: id,
      choices: JSON.stringify(choices),
      choices_key: key,
      position,
      sku: override?.sku ?? null,
      price: override?.price === undefined ? null : decimalText(override.price),
      cost: null,
      weight: null,
      visible: override?.visible ?? true,
      in_stock: track ? (variantQuantity as number) > 0 : (override?.inStock ?? inStock),
      quantity: variantQuantity,
    };
  });
  if (overrides.size) throw new Error(`variant ${[...overrides.keys()][0]} is not a combination of the options of ${spec.slug}`);
  const base = {
    currency,
    price: str(patch.price, '0'),
    discount_type: (patch.discount_type ?? 'NONE') as 'NONE' | 'AMOUNT' | 'PERCENT',
    discount_value: str(patch.discount_value, '0'),
    cost: strOrNull(patch.cost),
    weight: strOrNull(patch.weight),
  };
  const derived = deriveColumns({
    product: base,
    variants: variants.map((variant) => ({
      price: strOrNull(variant.price),
      cost: null,
      weight: null,
      visible: variant.visible !== false,
      in_stock: variant.in_stock !== false,
    })),
  });
  const now = new Date();
  const row: ProductInsert = {
    ...patch,
    ...base,
    id,
    name: spec.name,
    slug: spec.slug,
    track_inventory: track,
    quantity,
    in_stock: inStock,
    manage_variants: patch.manage_variants ?? (spec.variants?.length ?? 0) > 0,
    product_options: JSON.stringify(spec.options),
    media: JSON.stringify(spec.media ?? []),
    ...derived,
    created_date: spec.createdDate ?? now,
    last_updated: spec.createdDate ?? now,
  };
  return { row, variants, collectionIds: spec.collectionIds ?? [] };
}
