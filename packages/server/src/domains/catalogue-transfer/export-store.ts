/** SQL of the catalogue export: products a page at a time (by slug), and the slugs of their collections. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ProductRow } from '../catalog/product-view.js';

/** Up to `limit` products after the slug `after` (every product, hidden ones too), by slug: the same order in every shop. */
export async function productsAfter(db: Kysely<Database>, after: string | undefined, limit: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .$if(after !== undefined, (qb) => qb.where('slug', '>', after as string))
    .orderBy('slug')
    .limit(limit)
    .execute();
}

/** The slugs of each product's collections, in the order the product was added to them. */
export async function collectionSlugsOf(db: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_collections as pc')
    .innerJoin('collections as c', 'c.id', 'pc.collection_id')
    .select(['pc.product_id', 'c.slug'])
    .where('pc.product_id', 'in', productIds)
    .orderBy('pc.added_at')
    .orderBy('c.slug')
    .execute();
  for (const row of rows) out.get(row.product_id)?.push(row.slug);
  return out;
}
