import { sql } from 'kysely';
import type { EntityQuerySpec } from './filter-types.js';

const sku = sql`coalesce(v.sku, p.sku)`;

/**
 * The query whitelist of store variants (`/stores-reader/v1/variants/query`), over
 * `product_variants v JOIN products p`. `id` is the store variant id `<productId>-<variantId>`;
 * `sku` the variant's, else its product's. Default order: by id (product, then variant).
 */
export const STORE_VARIANT_QUERY: EntityQuerySpec = {
  filter: {
    id: { kind: 'variantKey', productId: sql.ref('v.product_id'), variantId: sql.ref('v.id') },
    productId: { kind: 'uuid', sql: sql.ref('v.product_id') },
    variantId: { kind: 'uuid', sql: sql.ref('v.id') },
    productName: { kind: 'text', sql: sql.ref('p.name') },
    sku: { kind: 'text', sql: sku, nullable: true },
    collectionIds: { kind: 'membership', owner: sql.ref('v.product_id') },
    inStock: { kind: 'boolean', sql: sql.ref('v.in_stock') },
    'stock.inStock': { kind: 'boolean', sql: sql.ref('v.in_stock') },
    managedVariant: { kind: 'boolean', sql: sql.ref('p.manage_variants') },
    visible: { kind: 'boolean', sql: sql.ref('v.visible') },
  },
  sort: {
    id: [sql.ref('v.product_id'), sql.ref('v.id')],
    productName: [sql`lower(p.name) COLLATE "C"`],
    sku: [sql`${sku} COLLATE "C"`],
  },
  idField: 'id',
  defaultSort: [{ fieldName: 'id', order: 'ASC' }],
};
