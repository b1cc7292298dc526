/**
 * Bulk loading's transactions (`seed --generate`): a batch of planned products goes in as one
 * transaction that also tells running servers' caches the catalogue changed. No events are published:
 * generated data is not news to any webhook. Imports, which publish events, run their own
 * transaction through `inTransaction` with the same store functions.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import type { PlannedProduct } from './bulk-load-plan.js';
import { announceCatalogChange, insertPlannedProducts } from './bulk-load-store.js';

/** Inserts the planned products in one transaction; running servers hear `catalog:*` when it commits. */
export async function loadProductBatch(db: Kysely<Database>, planned: PlannedProduct[]): Promise<void> {
  await transaction(db, async (trx) => {
    await insertPlannedProducts(trx, planned);
    await announceCatalogChange(trx);
  });
}
