/**
 * Catalogue test data written with plain SQL: products with one variant per choice combination,
 * collections and memberships. Derived columns (price/cost/weight ranges, inventory status) come
 * from the write side's own rules (`product-rules.ts`), so reads are tested on data shaped exactly
 * as the merchant API stores it, while tests still control every column (dates, visibility, stock).
 */
import type { Kysely } from 'kysely';
import { choicesKey, combinations, deriveColumns, type StoredOption } from '../../src/domains/catalog/product-rules.js';
import type { ProductRow, VariantRow } from '../../src/domains/catalog/product-view.js';
import type { CollectionRow } from '../../src/domains/catalog/read-store.js';
import type { Database } from '../../src/platform/db/schema.js';

type Amount = string | number;

/** A stored media item (`products.media[]`, a choice's `media.items[]`). */
export interface MediaItemFixture {
  id: string;
  mediaType: 'image' | 'video';
  image?: { url: string; width?: number; height?: number; altText?: string };
  video?: { files: { url: string; width?: number; height?: number; format?: string }[] };
  thumbnail?: { url: string; width?: number; height?: number };
}

export interface OptionFixture {
  name: string;
  optionType?: 'drop_down' | 'color';
  choices: (string | { value: string; description?: string; media?: { mainMedia?: MediaItemFixture; items: MediaItemFixture[] } })[];
}

/** Overrides of the generated variant with these choices. */
export interface VariantFixture {
  choices: Record<string, string>;
  price?: Amount | null;
  cost?: Amount | null;
  weight?: Amount | null;
  sku?: string | null;
  visible?: boolean;
  inStock?: boolean;
  quantity?: number | null;
}

export interface ProductFixture {
  name: string;
  slug?: string;
  visible?: boolean;
  productType?: 'physical' | 'digital';
  description?: string;
  sku?: string | null;
  brand?: string | null;
  ribbon?: string | null;
  currency?: string;
  price?: Amount;
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: Amount };
  cost?: Amount | null;
  weight?: Amount | null;
  trackInventory?: boolean;
  /** the product's quantity (tracked products): also every variant's unless overridden */
  quantity?: number | null;
  inStock?: boolean;
  manageVariants?: boolean;
  options?: OptionFixture[];
  variants?: VariantFixture[];
  media?: MediaItemFixture[];
  collectionIds?: string[];
  createdDate?: Date;
  lastUpdated?: Date;
}

export interface InsertedProduct {
  product: ProductRow;
  /** in display order */
  variants: VariantRow[];
  id: string;
  /** the variant id of a choice combination (`variantId({Size: 'L'})`) */
  variantId(choices: Record<string, string>): string;
}

let slugCounter = 0;
const slugOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++slugCounter}-${crypto.randomUUID().slice(0, 8)}`;
const text = (a: Amount | null | undefined) => (a === null || a === undefined ? null : String(a));

/** Inserts a product, its variants (one per choice combination, overrides applied) and memberships. */
export async function insertProduct(db: Kysely<Database>, f: ProductFixture): Promise<InsertedProduct> {
  const options: StoredOption[] = (f.options ?? []).map((o) => ({
    name: o.name,
    optionType: o.optionType ?? 'drop_down',
    choices: o.choices.map((c) => (typeof c === 'string' ? { value: c, description: c } : { description: c.value, ...c })),
  }));
  const tracked = f.trackInventory ?? false;
  const base = {
    currency: f.currency ?? 'USD',
    price: text(f.price ?? 10) as string,
    discount_type: f.discount?.type ?? ('NONE' as const),
    discount_value: text(f.discount?.value ?? 0) as string,
    cost: text(f.cost),
    weight: text(f.weight),
  };
  const variants = combinations(options).map((choices, position) => {
    const o = f.variants?.find((v) => choicesKey(v.choices) === choicesKey(choices));
    const quantity = tracked ? (o?.quantity ?? f.quantity ?? 0) : null;
    const inStock = tracked ? (quantity ?? 0) > 0 : (o?.inStock ?? f.inStock ?? true);
    return {
      choices,
      choices_key: choicesKey(choices),
      position,
      sku: o?.sku ?? null,
      price: text(o?.price),
      cost: text(o?.cost),
      weight: text(o?.weight),
      visible: o?.visible ?? true,
      in_stock: inStock,
      quantity,
    };
  });
  const derived = deriveColumns({ product: base, variants });
  const now = new Date();
  const product = await db
    .insertInto('products')
    .values({
      ...base,
      name: f.name,
      slug: f.slug ?? slugOf(f.name),
      description: f.description ?? '',
      product_type: f.productType ?? 'physical',
      visible: f.visible ?? true,
      sku: f.sku ?? null,
      brand: f.brand ?? null,
      ribbon: f.ribbon ?? null,
      track_inventory: tracked,
      in_stock: tracked ? (f.quantity ?? 0) > 0 : (f.inStock ?? true),
      quantity: tracked ? (f.quantity ?? 0) : null,
      manage_variants: f.manageVariants ?? variants.length > 1,
      product_options: JSON.stringify(options),
      media: JSON.stringify(f.media ?? []),
      ...derived,
      created_date: f.createdDate ?? now,
      last_updated: f.lastUpdated ?? f.createdDate ?? now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('product_variants')
    .values(variants.map((v) => ({ ...v, product_id: product.id, choices: JSON.stringify(v.choices) })))
    .returningAll()
    .execute();
  rows.sort((a, b) => a.position - b.position);
  if (f.collectionIds?.length) await addToCollections(db, product.id, f.collectionIds);
  return {
    product,
    variants: rows,
    id: product.id,
    variantId(choices) {
      const row = rows.find((r) => r.choices_key === choicesKey(choices));
      if (!row) throw new Error(`no variant ${JSON.stringify(choices)}`);
      return row.id;
    },
  };
}

export interface CollectionFixture {
  name: string;
  slug?: string;
  visible?: boolean;
  description?: string;
  media?: Record<string, unknown>;
  updatedDate?: Date;
}

/** Inserts a collection. */
export async function insertCollection(db: Kysely<Database>, f: CollectionFixture): Promise<CollectionRow> {
  return db
    .insertInto('collections')
    .values({
      name: f.name,
      slug: f.slug ?? slugOf(f.name),
      visible: f.visible ?? true,
      description: f.description ?? '',
      media: JSON.stringify(f.media ?? {}),
      ...(f.updatedDate ? { created_date: f.updatedDate, updated_date: f.updatedDate } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Puts a product in collections (in this order: `added_at` increases). */
export async function addToCollections(db: Kysely<Database>, productId: string, collectionIds: readonly string[]): Promise<void> {
  const t0 = Date.now();
  const rows = collectionIds.map((collection_id, i) => ({ collection_id, product_id: productId, added_at: new Date(t0 + i) }));
  if (rows.length) await db.insertInto('product_collections').values(rows).execute();
}

/** Removes every product, variant, collection and membership. */
export async function clearCatalog(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('product_collections').execute();
  await db.deleteFrom('product_variants').execute();
  await db.deleteFrom('products').execute();
  await db.deleteFrom('collections').execute();
}
