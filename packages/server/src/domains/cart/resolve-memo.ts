import type { CartCatalogPort, CatalogItem, CatalogRef, Executor } from './catalog-port.js';

const keyOf = (r: CatalogRef) => JSON.stringify([r.appId, r.catalogItemId, r.options ?? null]);

/**
 * The catalogue port for one request: a reference resolved once is not queried again (a write
 * resolves the cart's lines and the new ones in one batch; its answer then reads them from here).
 * Never shared between requests: prices follow the catalogue on every request.
 */
export function memoizedCatalog(port: CartCatalogPort): CartCatalogPort {
  const known = new Map<string, CatalogItem | undefined>();
  return {
    async resolve(ex: Executor, refs: readonly CatalogRef[]) {
      const missing = [...new Map(refs.filter((r) => !known.has(keyOf(r))).map((r) => [keyOf(r), r])).values()];
      if (missing.length) {
        const items = await port.resolve(ex, missing);
        for (const [i, r] of missing.entries()) known.set(keyOf(r), items[i]);
      }
      return refs.map((r) => known.get(keyOf(r)));
    },
  };
}
