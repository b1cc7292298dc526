/**
 * The catalogue side of the cart (`CartCatalogPort`): resolves line references to the catalogue's
 * current items (visible product and variant, prices under the product's own discount, image, stock,
 * weight, description lines) in one query for all lines (visible products with their visible variants and
 * collection ids), on the executor the cart gives (its transaction while it writes).
 */

import { sql } from 'kysely';
import { toMinor } from '../../platform/money/money.js';
import type { CartCatalogPort, CatalogItem, CatalogRef, Executor, ItemDescription, ItemImage } from '../cart/catalog-port.js';
import { CATALOG_APP_ID } from '../cart/catalog-port.js';
import { choicesKey, type StoredOption } from './product-rules.js';
import { discountedMinor, type ProductRow, type VariantRow } from './product-view.js';
import type { StoredItem } from './variant-view.js';

/** A stored option whose choices may carry media. */
type OptionWithMedia = Omit<StoredOption, 'choices'> & { choices: StoredChoice[] };

/** The variant columns the cart reads (a variant row's, as the product query aggregates them). */
type CartVariant = Pick<VariantRow, 'id' | 'choices' | 'choices_key' | 'sku' | 'price' | 'weight' | 'in_stock' | 'quantity'>;

/** A visible product with its visible variants (display order) and its collection ids (order added). */
type ProductWithParts = ProductRow & { cart_variants: CartVariant[]; cart_collection_ids: string[] };

/**
 * Visible products by id, each with its visible variants and collection ids: one query (a cart
 * resolves all its lines at once). Decimals are aggregated as text, exact as in the rows.
 */
function selectProductsWithParts(ex: Executor, ids: readonly string[]): Promise<ProductWithParts[]> {
  if (!ids.length) return Promise.resolve([]);
  return ex
    .selectFrom('products as p')
    .selectAll('p')
    .select([
      sql<CartVariant[]>`coalesce((
        select json_agg(json_build_object('id', v.id, 'choices', v.choices, 'choices_key', v.choices_key, 'sku', v.sku,
          'price', v.price::text, 'weight', v.weight::text, 'in_stock', v.in_stock, 'quantity', v.quantity) order by v.position, v.id)
        from product_variants v where v.product_id = p.id and v.visible), '[]'::json)`.as('cart_variants'),
      sql<string[]>`coalesce((
        select json_agg(pc.collection_id order by pc.added_at, pc.collection_id)
        from product_collections pc where pc.product_id = p.id), '[]'::json)`.as('cart_collection_ids'),
    ])
    .where('p.id', 'in', ids)
    .where('p.visible', '=', true)
    .execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StoredChoice {
  value: string;
  description?: string;
  media?: { mainMedia?: StoredItem; items?: StoredItem[] };
}

/** Which variant a reference's options name: by id, by choices, or the default one of a product without options. */
function pickVariant(
  p: ProductRow,
  variants: readonly CartVariant[],
  options: Record<string, unknown> | null | undefined,
): CartVariant | undefined {
  const variantId = options?.variantId;
  if (typeof variantId === 'string') return variants.find((v) => v.id === variantId);
  const choices = options?.options;
  if (choices && typeof choices === 'object' && !Array.isArray(choices)) {
    const entries = Object.entries(choices as Record<string, unknown>);
    if (!entries.every(([, v]) => typeof v === 'string')) return undefined;
    const key = choicesKey(Object.fromEntries(entries) as Record<string, string>);
    return variants.find((v) => v.choices_key === key);
  }
  // No options given: only a product without options has an unambiguous (default) variant.
  return (p.product_options as unknown[]).length === 0 ? variants.find((v) => v.choices_key === '') : undefined;
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
function imageFor(p: ProductRow, v: CartVariant): ItemImage | undefined {
  for (const option of p.product_options as OptionWithMedia[]) {
    const choice = option.choices.find((c) => c.value === v.choices[option.name]);
    const items = [choice?.media?.mainMedia, ...(choice?.media?.items ?? [])];
    for (const item of items) {
      const image = imageOf(item);
      if (image) return image;
    }
  }
  for (const item of p.media as StoredItem[]) {
    const image = imageOf(item);
    if (image) return image;
  }
  return undefined;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "Size: L", "Color: Red" in option order; colour options carry their code when the choice has one. */
function descriptionsFor(p: ProductRow, v: CartVariant): ItemDescription[] {
  const out: ItemDescription[] = [];
  for (const option of p.product_options as OptionWithMedia[]) {
    const value = v.choices[option.name];
    if (value === undefined) continue;
    if (option.optionType !== 'color') {
      out.push({ name: option.name, value });
      continue;
    }
    const choice = option.choices.find((c) => c.value === value);
    const code = [choice?.description, value].find((x) => x !== undefined && HEX_COLOR.test(x));
    out.push({ name: option.name, value, color: code ? { code } : {} });
  }
  return out;
}

/** The catalogue's answer to the cart (see `CartCatalogPort`). */
export class CatalogCartItems implements CartCatalogPort {
  constructor(private readonly deps: { publicUrl: string }) {}

  async resolve(ex: Executor, refs: readonly CatalogRef[]): Promise<(CatalogItem | undefined)[]> {
    const wanted = [
      ...new Set(
        refs
          .filter((r) => r.appId === CATALOG_APP_ID && r.catalogItemId && UUID.test(r.catalogItemId))
          .map((r) => r.catalogItemId as string),
      ),
    ];
    const byId = new Map((await selectProductsWithParts(ex, wanted)).map((p) => [p.id, p]));
    return refs.map((ref) => {
      const p = ref.appId === CATALOG_APP_ID && ref.catalogItemId ? byId.get(ref.catalogItemId) : undefined;
      const v = p && pickVariant(p, p.cart_variants, ref.options);
      return p && v ? this.itemOf(p, v, p.cart_collection_ids) : undefined;
    });
  }

  private itemOf(p: ProductRow, v: CartVariant, collectionIds: string[]): CatalogItem {
    const fullPrice = toMinor(v.price ?? p.price, p.currency);
    const tracked = p.track_inventory;
    const quantity = tracked ? (v.quantity ?? 0) : null;
    const relativePath = `/products/${p.slug}`;
    const weight = v.weight ?? p.weight ?? undefined;
    const sku = v.sku ?? p.sku ?? undefined;
    return {
      productId: p.id,
      variantId: v.id,
      name: p.name,
      slug: p.slug,
      url: { relativePath, url: `${this.deps.publicUrl}${relativePath}` },
      currency: p.currency,
      price: discountedMinor(fullPrice, p),
      fullPrice,
      image: imageFor(p, v),
      weight,
      sku,
      stock: { tracked, quantity, inStock: v.in_stock && (!tracked || (quantity ?? 0) > 0) },
      itemType: p.product_type === 'digital' ? 'DIGITAL' : 'PHYSICAL',
      collectionIds,
      descriptionLines: descriptionsFor(p, v),
    };
  }
}
