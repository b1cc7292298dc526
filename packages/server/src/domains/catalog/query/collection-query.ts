import { sql } from 'kysely';
import type { EntityQuerySpec } from './filter-types.js';

/**
 * The query whitelist of collections (v2 `collections/query`), over `collections c`. Text rules
 * as for products; `visible` is only meaningful to merchants (shoppers see visible ones only).
 * Default order: name (ignoring case), then id.
 */
export const COLLECTION_QUERY: EntityQuerySpec = {
  filter: {
    id: { kind: 'uuid', sql: sql.ref('c.id') },
    name: { kind: 'text', sql: sql.ref('c.name') },
    slug: { kind: 'text', sql: sql.ref('c.slug') },
    visible: { kind: 'boolean', sql: sql.ref('c.visible') },
  },
  sort: {
    id: [sql.ref('c.id')],
    name: [sql`lower(c.name) COLLATE "C"`],
    slug: [sql`c.slug COLLATE "C"`],
  },
  idField: 'id',
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
};
