import { sql } from 'kysely';
import type { EntityQuerySpec } from './filter-types.js';

const INVENTORY_STATUSES = ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] as const;
const inStock = sql`(p.inventory_status <> 'OUT_OF_STOCK')`;

/**
 * The documented query whitelist of products (`query-platformized`), over `products p`.
 * - `price` is the lowest discounted price over the visible variants (`price_min`, what a shop
 *   lists as "from"); `priceData.price` the product's base price before discount.
 * - `collectionIds`: `$eq`/`$ne` one id, `$in`/`$hasSome` any of, `$hasAll` all of; `null` = in none.
 * - `inStock` (also `stock.inStock`): not OUT_OF_STOCK; `stock.inventoryStatus` the status itself.
 * - `visible`: shoppers may filter on it but only ever see visible products.
 * - text: `$eq`/`$in` exact; `$startsWith`/`$contains`/`$endsWith` ignore case; `$gt`… by code point.
 * - sort: `name` ignores case; every order ends with `id` (in the last key's direction).
 *   Default order: newest first (`createdDate` DESC).
 * @see spec §7 "Catalogue read", issue #4 "Read API"
 */
export const PRODUCT_QUERY: EntityQuerySpec = {
  filter: {
    id: { kind: 'uuid', sql: sql.ref('p.id') },
    name: { kind: 'text', sql: sql.ref('p.name') },
    slug: { kind: 'text', sql: sql.ref('p.slug') },
    sku: { kind: 'text', sql: sql.ref('p.sku'), nullable: true },
    brand: { kind: 'text', sql: sql.ref('p.brand'), nullable: true },
    ribbon: { kind: 'text', sql: sql.ref('p.ribbon'), nullable: true },
    productType: { kind: 'enum', sql: sql.ref('p.product_type'), values: ['physical', 'digital'] },
    visible: { kind: 'boolean', sql: sql.ref('p.visible') },
    price: { kind: 'decimal', sql: sql.ref('p.price_min') },
    'priceData.price': { kind: 'decimal', sql: sql.ref('p.price') },
    collectionIds: { kind: 'membership', owner: sql.ref('p.id') },
    inStock: { kind: 'boolean', sql: inStock },
    'stock.inStock': { kind: 'boolean', sql: inStock },
    'stock.inventoryStatus': { kind: 'enum', sql: sql.ref('p.inventory_status'), values: INVENTORY_STATUSES },
    lastUpdated: { kind: 'timestamp', sql: sql.ref('p.last_updated') },
    createdDate: { kind: 'timestamp', sql: sql.ref('p.created_date') },
  },
  sort: {
    id: [sql.ref('p.id')],
    name: [sql`lower(p.name) COLLATE "C"`],
    slug: [sql`p.slug COLLATE "C"`],
    sku: [sql`p.sku COLLATE "C"`],
    price: [sql.ref('p.price_min')],
    'priceData.price': [sql.ref('p.price')],
    lastUpdated: [sql.ref('p.last_updated')],
    createdDate: [sql.ref('p.created_date')],
  },
  idField: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
};
