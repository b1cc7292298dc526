import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CartCatalogPort, CatalogItem, CatalogRef } from './catalog-port.js';

// most references have no options: their key is two strings joined (a JSON array for each was a visible share of add-to-cart)
const keyOf = (ref: CatalogRef) =>
  `${ref.appId}\u0000${ref.catalogItemId}${ref.options == null ? '' : `\u0000${JSON.stringify(ref.options)}`}`;

/**
 * The catalogue port for one request: a reference resolved once is not queried again (a write
 * resolves the cart's lines and the new ones in one batch; its answer then reads them from here).
 * Never shared between requests: prices follow the catalogue on every request.
 */
export function memoizedCatalog(port: CartCatalogPort): CartCatalogPort {
  const known = new Map<string, CatalogItem | undefined>();
  return {
    async resolve(db: Kysely<Database>, refs: readonly CatalogRef[]) {
      const keys = refs.map(keyOf);
      const missing = new Map<string, CatalogRef>();
      for (const [i, key] of keys.entries()) if (!known.has(key)) missing.set(key, refs[i] as CatalogRef);
      if (missing.size) {
        const items = await port.resolve(db, [...missing.values()]);
        let i = 0;
        for (const key of missing.keys()) known.set(key, items[i++]);
      }
      return keys.map((key) => known.get(key));
    },
  };
}
