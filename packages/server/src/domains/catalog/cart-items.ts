/**
 * The catalogue side of the cart (`CartCatalogPort`): resolves line references to the catalogue's
 * current items (visible product and variant, prices under the product's own discount, image, stock,
 * weight, description lines) in one query for all lines (visible products with their visible variants and
 * collection ids), on the executor the cart gives (its transaction while it writes).
 */

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toMinor } from '../../platform/money/money.js';
import type { CartCatalogPort, CatalogItem, CatalogRef, ItemDescription, ItemImage } from '../cart/catalog-port.js';
import { CATALOG_APP_ID } from '../cart/catalog-port.js';
import { CART_COLUMNS, type CartProduct, type CartVariant } from './cart-product.js';
import { namedChoice } from './choice-names.js';
import { choicesKey, type StoredOption } from './product-rules.js';
import { discountedMinor } from './product-view.js';
import type { CatalogCache } from './read-cache.js';
import type { StoredItem } from './variant-view.js';

/** A stored option whose choices may carry media. */
type OptionWithMedia = Omit<StoredOption, 'choices'> & { choices: StoredChoice[] };

/**
 * Visible products by id, each with its visible variants and collection ids: one query (a cart
 * resolves all its lines at once). Decimals are aggregated as text, exact as in the rows.
 */
function selectCartProducts(db: Kysely<Database>, ids: readonly string[]): Promise<CartProduct[]> {
  if (!ids.length) return Promise.resolve([]);
  return (
    db
      .selectFrom('products as p')
      .select(CART_COLUMNS.map((column) => `p.${column}` as const))
      .select([
        sql<CartVariant[]>`coalesce((
        select json_agg(json_build_object('id', v.id, 'choices', v.choices, 'choices_key', v.choices_key, 'sku', v.sku,
          'price', v.price::text, 'weight', v.weight::text, 'in_stock', v.in_stock, 'quantity', v.quantity) order by v.position, v.id)
        from product_variants v where v.product_id = p.id and v.visible), '[]'::json)`.as('cart_variants'),
        sql<string[]>`coalesce((
        select json_agg(pc.collection_id order by pc.added_at, pc.collection_id)
        from product_collections pc where pc.product_id = p.id), '[]'::json)`.as('cart_collection_ids'),
      ])
      // one statement text for any number of ids, not one per length of an IN list
      .where(sql<boolean>`p.id = ANY(${ids}::uuid[])`)
      .where('p.visible', '=', true)
      .execute()
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StoredChoice {
  value: string;
  description?: string;
  media?: { mainMedia?: StoredItem; items?: StoredItem[] };
}

/** Which variant a reference's options name: by id, by choices, or the default one of a product without options. */
function pickVariant(
  product: CartProduct,
  variants: readonly CartVariant[],
  options: Record<string, unknown> | null | undefined,
): CartVariant | undefined {
  const variantId = options?.variantId;
  if (typeof variantId === 'string') return variants.find((variant) => variant.id === variantId);
  const choices = options?.options;
  if (choices && typeof choices === 'object' && !Array.isArray(choices)) {
    const entries = Object.entries(choices as Record<string, unknown>);
    if (!entries.every(([, value]) => typeof value === 'string')) return undefined;
    const key = choicesKey(Object.fromEntries(entries) as Record<string, string>);
    return variants.find((variant) => variant.choices_key === key);
  }
  // No options given: only a product without options has an unambiguous (default) variant.
  return (product.product_options as unknown[]).length === 0 ? variants.find((variant) => variant.choices_key === '') : undefined;
}

const imageOf = (item: StoredItem | undefined): ItemImage | undefined =>
  item?.image?.url
    ? {
        id: item.id ?? item.image.url,
        url: item.image.url,
        width: item.image.width,
        height: item.image.height,
        altText: item.image.altText,
      }
    : undefined;

/** The image of a variant: the first image of its choices' media, else the product's first image. */
function imageFor(product: CartProduct, variant: CartVariant): ItemImage | undefined {
  for (const option of product.product_options as OptionWithMedia[]) {
    const choice = option.choices.find((choice) => choice.value === variant.choices[option.name]);
    const items = [choice?.media?.mainMedia, ...(choice?.media?.items ?? [])];
    for (const item of items) {
      const image = imageOf(item);
      if (image) return image;
    }
  }
  for (const item of product.media as StoredItem[]) {
    const image = imageOf(item);
    if (image) return image;
  }
  return undefined;
}

/**
 * "Size: L", "Color: Forest green" in option order: each choice by its name (choice-names.ts), and
 * colour options with their swatch code when the choice has one.
 */
function descriptionsFor(product: CartProduct, variant: CartVariant): ItemDescription[] {
  const out: ItemDescription[] = [];
  for (const option of product.product_options as OptionWithMedia[]) {
    const value = variant.choices[option.name];
    if (value === undefined) continue;
    const { name, swatchCode } = namedChoice(option, value);
    if (option.optionType !== 'color') {
      out.push({ name: option.name, value: name });
      continue;
    }
    out.push({ name: option.name, value: name, color: swatchCode ? { code: swatchCode } : {} });
  }
  return out;
}

/** The product id a reference names, lower-case (ids are UUIDs: any case names the same product). */
const productIdOf = (ref: CatalogRef) =>
  ref.appId === CATALOG_APP_ID && ref.catalogItemId && UUID.test(ref.catalogItemId) ? ref.catalogItemId.toLowerCase() : undefined;

/** Frozen all the way down: the cache's products are shared by every request that reads them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The catalogue's answer to the cart (see `CartCatalogPort`). */
export class CatalogCartItems implements CartCatalogPort {
  /**
   * `cache`: the catalogue's hot-read cache, which then keeps the products carts read (every cart
   * answer prices all its lines: without it, one query per answer) and forgets them when they change.
   */
  constructor(private readonly deps: { publicUrl: string; cache?: Pick<CatalogCache, 'cartProductsById'> }) {}

  async resolve(db: Kysely<Database>, refs: readonly CatalogRef[]): Promise<(CatalogItem | undefined)[]> {
    const wanted = [...new Set(refs.map(productIdOf).filter((id) => id !== undefined))];
    const byId = await this.products(db, wanted);
    return refs.map((ref) => {
      const id = productIdOf(ref);
      const product = id ? byId.get(id) : undefined;
      const variant = product && pickVariant(product, product.cart_variants, ref.options);
      return product && variant ? this.itemOf(product, variant, product.cart_collection_ids) : undefined;
    });
  }

  /** The visible products by (lower-case) id: from the cache when there is one, else one query. */
  private async products(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, CartProduct>> {
    const { cache } = this.deps;
    if (!cache) return new Map((await selectCartProducts(db, ids)).map((product) => [product.id, product]));
    const load = async (missing: string[]) =>
      new Map((await selectCartProducts(db, missing)).map((product) => [product.id, deepFreeze(product)]));
    // rows read inside a transaction may be that transaction's own writes: not kept
    return cache.cartProductsById(ids, load, !db.isTransaction);
  }

  private itemOf(product: CartProduct, variant: CartVariant, collectionIds: string[]): CatalogItem {
    const fullPrice = toMinor(variant.price ?? product.price, product.currency);
    const tracked = product.track_inventory;
    const quantity = tracked ? (variant.quantity ?? 0) : null;
    const relativePath = `/products/${product.slug}`;
    const weight = variant.weight ?? product.weight ?? undefined;
    const sku = variant.sku ?? product.sku ?? undefined;
    return {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      slug: product.slug,
      url: { relativePath, url: `${this.deps.publicUrl}${relativePath}` },
      currency: product.currency,
      price: discountedMinor(fullPrice, product),
      fullPrice,
      image: imageFor(product, variant),
      weight,
      sku,
      stock: { tracked, quantity, inStock: variant.in_stock && (!tracked || (quantity ?? 0) > 0) },
      itemType: product.product_type === 'digital' ? 'DIGITAL' : 'PHYSICAL',
      collectionIds,
      descriptionLines: descriptionsFor(product, variant),
    };
  }
}
