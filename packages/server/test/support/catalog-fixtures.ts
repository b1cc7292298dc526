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
const text = (amount: Amount | null | undefined) => (amount === null || amount === undefined ? null : String(amount));

/** Inserts a product, its variants (one per choice combination, overrides applied) and memberships. */
export async function insertProduct(db: Kysely<Database>, productFixture: ProductFixture): Promise<InsertedProduct> {
  const options: StoredOption[] = (productFixture.options ?? []).map((optionFixture) => ({
    name: optionFixture.name,
    optionType: optionFixture.optionType ?? 'drop_down',
    choices: optionFixture.choices.map((choice) =>
      typeof choice === 'string' ? { value: choice, description: choice } : { description: choice.value, ...choice },
    ),
  }));
  const tracked = productFixture.trackInventory ?? false;
  const base = {
    currency: productFixture.currency ?? 'USD',
    price: text(productFixture.price ?? 10) as string,
    discount_type: productFixture.discount?.type ?? ('NONE' as const),
    discount_value: text(productFixture.discount?.value ?? 0) as string,
    cost: text(productFixture.cost),
    weight: text(productFixture.weight),
  };
  const variants = combinations(options).map((choices, position) => {
    const given = productFixture.variants?.find((variant) => choicesKey(variant.choices) === choicesKey(choices));
    const quantity = tracked ? (given?.quantity ?? productFixture.quantity ?? 0) : null;
    const inStock = tracked ? (quantity ?? 0) > 0 : (given?.inStock ?? productFixture.inStock ?? true);
    return {
      choices,
      choices_key: choicesKey(choices),
      position,
      sku: given?.sku ?? null,
      price: text(given?.price),
      cost: text(given?.cost),
      weight: text(given?.weight),
      visible: given?.visible ?? true,
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
      name: productFixture.name,
      slug: productFixture.slug ?? slugOf(productFixture.name),
      description: productFixture.description ?? '',
      product_type: productFixture.productType ?? 'physical',
      visible: productFixture.visible ?? true,
      sku: productFixture.sku ?? null,
      brand: productFixture.brand ?? null,
      ribbon: productFixture.ribbon ?? null,
      track_inventory: tracked,
      in_stock: tracked ? (productFixture.quantity ?? 0) > 0 : (productFixture.inStock ?? true),
      quantity: tracked ? (productFixture.quantity ?? 0) : null,
      manage_variants: productFixture.manageVariants ?? variants.length > 1,
      product_options: JSON.stringify(options),
      media: JSON.stringify(productFixture.media ?? []),
      ...derived,
      created_date: productFixture.createdDate ?? now,
      last_updated: productFixture.lastUpdated ?? productFixture.createdDate ?? now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('product_variants')
    .values(variants.map((variant) => ({ ...variant, product_id: product.id, choices: JSON.stringify(variant.choices) })))
    .returningAll()
    .execute();
  rows.sort((left, right) => left.position - right.position);
  if (productFixture.collectionIds?.length) await addToCollections(db, product.id, productFixture.collectionIds);
  return {
    product,
    variants: rows,
    id: product.id,
    variantId(choices) {
      const row = rows.find((candidate) => candidate.choices_key === choicesKey(choices));
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
export async function insertCollection(db: Kysely<Database>, collectionFixture: CollectionFixture): Promise<CollectionRow> {
  return db
    .insertInto('collections')
    .values({
      name: collectionFixture.name,
      slug: collectionFixture.slug ?? slugOf(collectionFixture.name),
      visible: collectionFixture.visible ?? true,
      description: collectionFixture.description ?? '',
      media: JSON.stringify(collectionFixture.media ?? {}),
      ...(collectionFixture.updatedDate
        ? { created_date: collectionFixture.updatedDate, updated_date: collectionFixture.updatedDate }
        : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Puts a product in collections (in this order: `added_at` increases). */
export async function addToCollections(db: Kysely<Database>, productId: string, collectionIds: readonly string[]): Promise<void> {
  const startedAt = Date.now();
  const rows = collectionIds.map((collection_id, i) => ({ collection_id, product_id: productId, added_at: new Date(startedAt + i) }));
  if (rows.length) await db.insertInto('product_collections').values(rows).execute();
}

/** Removes every product, variant, collection and membership. */
export async function clearCatalog(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('product_collections').execute();
  await db.deleteFrom('product_variants').execute();
  await db.deleteFrom('products').execute();
  await db.deleteFrom('collections').execute();
}
