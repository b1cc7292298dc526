/**
 * Synthetic scale data (`vitrine seed --generate N`): N plausible products spread over M collections,
 * loaded in transactions of 1,000 through the catalogue's bulk path (`domains/catalog/bulk-load.ts`;
 * derived columns by the write side's rules).
 * No events are published: a benchmark catalogue is not news to any webhook; each batch instead
 * announces `catalog:*` to running servers' caches, and the statistics are refreshed (ANALYZE). The content is the
 * same for the same N and M on every run (a seeded generator); ids, slugs' run tag and dates differ.
 */
import type { Kysely } from 'kysely';
import { loadProductBatch } from '../domains/catalog/bulk-load.js';
import { type PlannedProduct, planProduct, type VariantSpec } from '../domains/catalog/bulk-load-plan.js';
import { analyzeCatalog, insertCollections } from '../domains/catalog/bulk-load-store.js';
import { productChange } from '../domains/catalog/product-input.js';
import { slugify } from '../domains/catalog/product-rules.js';
import type { ProductInput } from '../domains/catalog/write-schemas.js';
import type { Database } from '../platform/db/schema.js';
import { toAmount, toMinor } from '../platform/money/money.js';
import { ADJECTIVES, MATERIALS, NOUNS } from './product-words.js';
import { seededRandom } from './seeded-random.js';

/** Products per transaction. */
const GENERATE_BATCH = 1000;

const BRANDS = ['Acme', 'Northwind', 'Kiln & Co.', 'Paper & Pine', 'Loam', 'Vitrine Basics', 'Harbor', 'Fieldnote'];
const CATEGORIES = ['Kitchen', 'Apparel', 'Stationery', 'Outdoor', 'Home', 'Travel', 'Garden', 'Gifts', 'Lighting', 'Bath'];
const RIBBONS = ['New', 'Sale', 'Limited'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['Black', 'White', 'Navy', 'Red', 'Forest', 'Sand'];

export interface GenerateOptions {
  count: number;
  /** how many collections to create and spread the products over (0: none) */
  collections: number;
  currency: string;
  /** called after each committed batch */
  onProgress?: (done: number, total: number) => void;
  /** products per transaction */
  batchSize?: number;
}

export interface GenerateResult {
  products: number;
  variants: number;
  collections: number;
  /** the run's tag, in every generated slug (`…-<tag>-<n>`) */
  tag: string;
}

/**
 * Generates and inserts `count` products (and `collections` collections), in transactions of
 * `batchSize`. A failed batch rolls back alone: the batches before it stay. Each committed batch
 * makes running servers forget their cached answers; the tables are analyzed at the end.
 */
export async function generateCatalog(db: Kysely<Database>, options: GenerateOptions): Promise<GenerateResult> {
  const tag = crypto.randomUUID().slice(0, 6);
  const collectionIds =
    options.collections > 0
      ? [
          ...(
            await insertCollections(
              db,
              Array.from({ length: options.collections }, (_, k) => ({
                name: `${CATEGORIES[k % CATEGORIES.length]} ${Math.floor(k / CATEGORIES.length) + 1}`,
                slug: `generated-${tag}-${k + 1}`,
                description: 'Generated for scale tests.',
              })),
            )
          ).values(),
        ]
      : [];
  const next = seededRandom(options.count * 31 + options.collections);
  const size = options.batchSize ?? GENERATE_BATCH;
  const started = Date.now();
  let variants = 0;
  for (let from = 0; from < options.count; from += size) {
    const batch: PlannedProduct[] = [];
    for (let i = from; i < Math.min(options.count, from + size); i++) {
      const planned = syntheticProduct(i, next, {
        tag,
        collectionIds,
        currency: options.currency,
        createdDate: new Date(started - (options.count - i) * 60_000),
      });
      variants += planned.variants.length;
      batch.push(planned);
    }
    await loadProductBatch(db, batch);
    options.onProgress?.(Math.min(options.count, from + size), options.count);
  }
  await analyzeCatalog(db);
  return { products: options.count, variants, collections: collectionIds.length, tag };
}

const pick = <T>(list: readonly T[], fraction: number): T => list[Math.floor(fraction * list.length)] as T;

/** Product number `i`: a name, a price, maybe a discount, a ribbon, options, stock and collections. */
function syntheticProduct(
  i: number,
  next: () => number,
  context: { tag: string; collectionIds: string[]; currency: string; createdDate: Date },
): PlannedProduct {
  const name = `${pick(ADJECTIVES, next())} ${pick(MATERIALS, next())} ${pick(NOUNS, next())}`;
  const money = (amount: number) => toAmount(toMinor(amount.toFixed(2), context.currency), context.currency);
  const price = money(3 + next() * 197);
  const shape = next();
  const productOptions: NonNullable<ProductInput['productOptions']> = [];
  if (shape > 0.5)
    productOptions.push({
      name: 'Size',
      optionType: 'drop_down',
      choices: SIZES.slice(0, 3 + Math.floor(next() * 3)).map((value) => ({ value })),
    });
  if (shape > 0.85) {
    // Two or three neighbouring colours from anywhere in the list, so that every colour occurs.
    const first = Math.floor(next() * COLORS.length);
    const count = 2 + Math.floor(next() * 2);
    productOptions.push({
      name: 'Color',
      optionType: 'color',
      choices: Array.from({ length: count }, (_, k) => ({ value: COLORS[(first + k) % COLORS.length] as string })),
    });
  }
  const discount = next();
  const tracked = next() < 0.6;
  const input: ProductInput = {
    description: `<p>${name}: generated product number ${i + 1}.</p>`,
    sku: `GEN-${context.tag}-${i + 1}`,
    brand: pick(BRANDS, next()),
    ribbon: next() < 0.2 ? pick(RIBBONS, next()) : undefined,
    visible: next() > 0.03,
    priceData: { price },
    costAndProfitData: { itemCost: money(price * (0.3 + next() * 0.3)) },
    weight: Math.round((0.05 + next() * 3) * 1000) / 1000,
    discount:
      discount < 0.1
        ? { type: 'PERCENT', value: 10 + Math.floor(next() * 4) * 5 }
        : discount < 0.15
          ? { type: 'AMOUNT', value: money(price / 10) }
          : undefined,
    stock: tracked
      ? { trackInventory: true, quantity: next() < 0.05 ? 0 : Math.floor(next() * 200) }
      : { trackInventory: false, inStock: next() > 0.02 },
    productOptions,
  };
  const change = productChange(input, context.currency);
  if (change.violations.length) throw new Error(`generated product ${i + 1} breaks a rule: ${JSON.stringify(change.violations[0])}`);
  // The largest size costs more, as shops do.
  const sizes = productOptions[0]?.name === 'Size' ? productOptions[0].choices : [];
  const variants: VariantSpec[] =
    sizes.length && productOptions.length === 1 && next() < 0.5
      ? [{ choices: { Size: sizes[sizes.length - 1]?.value as string }, price: money(price * 1.15) }]
      : [];
  const collections = context.collectionIds.length ? [context.collectionIds[i % context.collectionIds.length] as string] : [];
  if (context.collectionIds.length > 1 && next() < 0.2)
    collections.push(context.collectionIds[(i + 1) % context.collectionIds.length] as string);
  return planProduct(
    {
      name,
      slug: `${slugify(name)}-${context.tag}-${i + 1}`,
      patch: change.patch,
      options: change.options ?? [],
      variants,
      collectionIds: collections,
      createdDate: context.createdDate,
    },
    context.currency,
  );
}
