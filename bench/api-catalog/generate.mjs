// Fallback generator of a synthetic catalogue for the benchmark, used while `vitrine seed --generate N`
// does not exist: N products (a third with a Size option: 3 variants), 20 collections, each product in
// 0–2 of them, prices 1.00–500.00, some discounts. Rows are derived with the server's own rules
// (`product-rules.js` from packages/server/dist), so they are shaped exactly as the merchant API writes them.
// Deterministic (seeded), so every run measures the same catalogue.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { prng } from '../support/prng.mjs';

const dist = new URL('../../packages/server/dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);

/** Collections of every generated catalogue: `bench-collection-00` … `bench-collection-19`. */
export const COLLECTIONS = 20;
export const collectionSlug = (i) => `bench-collection-${String(i).padStart(2, '0')}`;

/** Creates (migrates) the embedded database in `dataDir` and fills it with `count` products. */
export async function generateCatalog(dataDir, count, log = () => {}) {
  const { openDatabase } = await load('platform/db/database.js');
  const { migrateToLatest } = await load('platform/db/migrate.js');
  const { choicesKey, combinations, deriveColumns } = await load('domains/catalog/product-rules.js');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const db = database.db;
  try {
    await migrateToLatest(db);
    const rand = prng(42);
    const collections = Array.from({ length: COLLECTIONS }, (_, i) => ({
      id: randomUUID(),
      name: `Bench collection ${i}`,
      slug: collectionSlug(i),
      description: `Collection ${i} of the benchmark catalogue`,
      media: JSON.stringify({}),
    }));
    await db.insertInto('collections').values(collections).execute();
    const sizes = { name: 'Size', optionType: 'drop_down', choices: ['S', 'M', 'L'].map((size) => ({ value: size, description: size })) };
    const firstDay = Date.UTC(2026, 0, 1);
    const batch = 1000;
    for (let start = 0; start < count; start += batch) {
      const products = [];
      const variants = [];
      const links = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const id = randomUUID();
        const options = i % 3 === 0 ? [sizes] : [];
        const price = (1 + Math.floor(rand() * 49900) / 100).toFixed(2);
        const discounted = rand() < 0.2;
        const base = {
          currency: 'USD',
          price,
          discount_type: discounted ? 'PERCENT' : 'NONE',
          discount_value: discounted ? '10' : '0',
          cost: (Number(price) / 2).toFixed(2),
          weight: (rand() * 5).toFixed(3),
        };
        const variantRows = combinations(options).map((choices, position) => ({
          id: randomUUID(),
          product_id: id,
          choices: JSON.stringify(choices),
          choices_key: choicesKey(choices),
          position,
          sku: null,
          price: position === 2 ? (Number(price) + 5).toFixed(2) : null,
          cost: null,
          weight: null,
          visible: true,
          in_stock: rand() > 0.05,
          quantity: null,
        }));
        const created = new Date(firstDay + i * 1000);
        products.push({
          ...base,
          ...deriveColumns({ product: base, variants: variantRows }),
          id,
          name: `Bench product ${i}`,
          slug: `bench-product-${i}`,
          description: `A generated product (${i}) for the catalogue benchmark.`,
          visible: i % 50 !== 49,
          sku: `BENCH-${i}`,
          brand: `Brand ${i % 37}`,
          ribbon: i % 10 === 0 ? 'New' : null,
          in_stock: true,
          manage_variants: variantRows.length > 1,
          product_options: JSON.stringify(options),
          media: JSON.stringify([]),
          created_date: created,
          last_updated: created,
        });
        variants.push(...variantRows);
        const memberships = Math.floor(rand() * 3);
        const first = Math.floor(rand() * COLLECTIONS);
        for (let membership = 0; membership < memberships; membership++) {
          links.push({ collection_id: collections[(first + membership * 7) % COLLECTIONS].id, product_id: id, added_at: created });
        }
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('products').values(products).execute();
        await trx.insertInto('product_variants').values(variants).execute();
        if (links.length) await trx.insertInto('product_collections').values(links).execute();
      });
      log(`  generated ${Math.min(count, start + batch)}/${count}`);
    }
    await sql`ANALYZE`.execute(db);
    return { collections: collections.map((collection) => ({ id: collection.id, slug: collection.slug })) };
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, count] = process.argv.slice(2);
  if (!dir || !count) {
    console.error('usage: node bench/api-catalog/generate.mjs <data-dir> <count>');
    process.exit(2);
  }
  await generateCatalog(dir, Number(count), console.log);
}
