/**
 * A merchant's stock change with its reason (issue #24): the new quantity of a variant, or of the
 * product when all its variants share one stock, recorded in the inventory history with the reason
 * and note the merchant gave (catalogue writes that name none are corrections).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { StockAdjustmentInput } from './inventory-schemas.js';
import type { WireProduct } from './product-view.js';
import { type CatalogWriteDeps, mutateProduct } from './write-context.js';
import { CatalogWriteErrors } from './write-errors.js';
import * as store from './write-store.js';

/**
 * Sets the quantity in stock inside `trx`.
 * @throws DomainError PRODUCT_NOT_FOUND, VARIANT_NOT_FOUND; ValidationFailure when the product does not
 *   count its stock, or counts it variant by variant and no variant is named among several
 */
export function adjustStock(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  input: StockAdjustmentInput,
  who: EventIdentity,
): Promise<WireProduct> {
  const cause = { reason: input.reason, ...(input.note ? { note: input.note } : {}) };
  return mutateProduct(
    deps,
    trx,
    id,
    who,
    async (row) => {
      if (!row.track_inventory) {
        throw new ValidationFailure([
          { field: 'quantity', description: 'the product does not count its stock (stock.trackInventory)', violatedRule: 'VALIDATION' },
        ]);
      }
      const variants = await store.listVariants(trx, id);
      const named = input.variantId ? variants.find((variant) => variant.id === input.variantId) : undefined;
      if (input.variantId && !named) throw new DomainError(CatalogWriteErrors.VARIANT_NOT_FOUND, { variantId: input.variantId });
      if (!row.manage_variants) return { patch: { quantity: input.quantity }, stockChanged: true };
      const target = named ?? (variants.length === 1 ? variants[0] : undefined);
      if (!target) {
        throw new ValidationFailure([
          {
            field: 'variantId',
            description: 'name the variant: the product counts its stock variant by variant',
            violatedRule: 'VALIDATION',
          },
        ]);
      }
      await store.updateVariant(trx, target.id, { quantity: input.quantity });
      return { patch: {}, variantsTouched: true, events: ['product.variants_changed'] };
    },
    cause,
  );
}
