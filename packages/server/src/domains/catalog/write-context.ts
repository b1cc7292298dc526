/**
 * What every catalogue write shares: the transaction runner (one transaction per write, slug races
 * answered as SLUG_TAKEN), the product mutation frame (lock, change, keep consistent, publish), and
 * the settings of the view and the shop currency.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { DomainEventType } from '../events/event-types.js';
import type { EventPublisher } from '../events/publisher.js';
import { CORRECTION, recordStockChanges, type StockCause, stockLevels } from './inventory-history.js';
import type { ProductPatch } from './product-input.js';
import { syncProduct, type ViewSettings, wireProduct } from './product-sync.js';
import type { ProductRow, WireProduct } from './product-view.js';
import { refreshSearchDocuments } from './search-document-store.js';
import { CatalogWriteErrors } from './write-errors.js';
import * as store from './write-store.js';

export interface CatalogWriteDeps {
  db: Kysely<Database>;
  events: Pick<EventPublisher, 'publish'>;
  /** the shop currency: prices are stored in it */
  currency: string;
  view: ViewSettings;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a catalogue id (UUID); other strings name nothing (and must not reach a uuid column). */
export const isCatalogId = (id: string) => UUID.test(id);

/** A product mutation's outcome: the columns to write and what else changed. */
export interface ProductMutation {
  patch: ProductPatch;
  optionsChanged?: boolean;
  stockChanged?: boolean;
  /** variant rows were written directly (overrides, reset) */
  variantsTouched?: boolean;
  /** which events to publish; default: `product.changed`, plus `product.variants_changed` when variants changed */
  events?: DomainEventType[];
}

/** The product row locked for the write. @throws DomainError PRODUCT_NOT_FOUND */
export async function lockProductOrFail(trx: Transaction<Database>, id: string): Promise<ProductRow> {
  const row = isCatalogId(id) ? await store.lockProduct(trx, id) : undefined;
  if (!row) throw new DomainError(CatalogWriteErrors.PRODUCT_NOT_FOUND, { id });
  return row;
}

/**
 * Runs a write in one transaction, then what it registered with `onCommit` (the hot-read cache
 * forgetting what changed); a unique-slug race lost to another writer becomes SLUG_TAKEN.
 */
export async function inTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await transaction(db, fn);
  } catch (error) {
    const constraint =
      (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : undefined;
    if (constraint === 'products_slug_key' || constraint === 'collections_slug_key') throw new DomainError(CatalogWriteErrors.SLUG_TAKEN);
    throw error;
  }
}

/**
 * Changes one product inside `trx`: locks it, lets `change` decide the columns (it may throw),
 * writes them, keeps variants and derived columns consistent, reads the product back and publishes
 * its events; a change of stock is recorded in the inventory history with `cause`. Answers the product
 * as the merchant sees it.
 */
export async function mutateProduct(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  who: EventIdentity,
  change: (row: ProductRow) => Promise<ProductMutation> | ProductMutation,
  cause: StockCause = CORRECTION,
): Promise<WireProduct> {
  const before = await lockProductOrFail(trx, id);
  const levels = await stockLevels(trx, [id]);
  const mutation = await change(before);
  const written = Object.keys(mutation.patch).length > 0 ? await store.updateProduct(trx, id, mutation.patch) : before;
  const { row, variantsChanged } = await syncProduct(trx, written, {
    optionsChanged: mutation.optionsChanged,
    stockChanged: mutation.stockChanged,
  });
  await refreshSearchDocuments(trx, [id]);
  await recordStockChanges(trx, levels, who, cause);
  const wire = await wireProduct(trx, row, deps.view);
  const types =
    mutation.events ??
    (['product.changed', ...(variantsChanged || mutation.variantsTouched ? ['product.variants_changed'] : [])] as DomainEventType[]);
  for (const type of types) await deps.events.publish(trx, { type, entityId: id, entity: wire, identity: who });
  return wire;
}
