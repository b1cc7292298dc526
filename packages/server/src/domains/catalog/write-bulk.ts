/**
 * Bulk price, cost and weight changes (set, or adjust by an amount or a percentage). Each product
 * succeeds or fails on its own, reported per item; all successes commit together with their events.
 * Changes reach the variants' own values too, so every variant moves with its product.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import { percentOf, toDecimal, toMinor } from '../../platform/money/money.js';
import type { EventIdentity } from '../events/event-identity.js';
import { checkMoney, checkWeight } from './product-input.js';
import { fromScaled, toScaled, WEIGHT_DECIMALS } from './product-rules.js';
import { syncProduct, wireProduct } from './product-sync.js';
import type { ProductRow, VariantRow } from './product-view.js';
import { type CatalogWriteDeps, isCatalogId } from './write-context.js';
import type { Adjustment, BulkResponse } from './write-schemas.js';
import * as store from './write-store.js';

type Field = 'price' | 'cost' | 'weight';
const FIELDS: Field[] = ['price', 'cost', 'weight'];

/** A per-item refusal. */
interface ItemError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

/** How one value changes: its new value from the old (exact, in units of the field's precision). */
type Change = (old: bigint) => bigint;

/** The unit a field is counted in: the currency's minor units for money, thousandths for weight. */
function codec(field: Field, currency: string) {
  return field === 'weight'
    ? { read: (text: string | number) => toScaled(text, WEIGHT_DECIMALS), write: (scaled: bigint) => fromScaled(scaled, WEIGHT_DECIMALS) }
    : { read: (text: string | number) => toMinor(text, currency), write: (minor: bigint) => toDecimal(minor, currency) };
}

/**
 * Applies `changes` to one product and its variants' own values; an item error when a value would
 * fall below zero or the price below an amount discount (nothing is written then).
 */
async function applyToProduct(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  row: ProductRow,
  changes: Partial<Record<Field, Change>>,
  mode: 'set' | 'adjust',
  who: EventIdentity,
): Promise<ItemError | undefined> {
  const variants = await store.listVariants(trx, row.id);
  const patch: Partial<Record<Field, string>> = {};
  const variantPatches = new Map<string, Partial<Record<Field, string | null>>>();
  for (const field of FIELDS) {
    const change = changes[field];
    if (!change) continue;
    const { read, write } = codec(field, row.currency);
    const next = (old: string) => change(read(old));
    // Adjusting a product without a cost or weight leaves it without: there is nothing to adjust.
    const base = row[field] === null ? (mode === 'set' ? change(0n) : undefined) : next(row[field] as string);
    if (base !== undefined && base < 0n) return negative(field);
    if (base !== undefined) patch[field] = write(base);
    for (const variant of variants as VariantRow[]) {
      if (variant[field] === null) continue;
      // Set: the variants take the product's value; adjust: their own values move too.
      const value = mode === 'set' ? null : next(variant[field] as string);
      if (value !== null && value < 0n) return negative(field);
      variantPatches.set(variant.id, { ...variantPatches.get(variant.id), [field]: value === null ? null : write(value) });
    }
  }
  const price = patch.price ?? row.price;
  if (row.discount_type === 'AMOUNT' && toMinor(row.discount_value, row.currency) > toMinor(price, row.currency)) {
    return {
      code: 'DISCOUNT_EXCEEDS_PRICE',
      description: 'The price would fall below the product’s amount discount',
      data: { field: 'price' },
    };
  }
  const written = Object.keys(patch).length > 0 ? await store.updateProduct(trx, row.id, patch) : row;
  for (const [vid, values] of variantPatches) await store.updateVariant(trx, vid, values);
  const { row: synced } = await syncProduct(trx, written);
  const wire = await wireProduct(trx, synced, deps.view);
  await deps.events.publish(trx, { type: 'product.changed', entityId: row.id, entity: wire, identity: who });
  if (variantPatches.size > 0)
    await deps.events.publish(trx, { type: 'product.variants_changed', entityId: row.id, entity: wire, identity: who });
  return undefined;
}

const negative = (field: Field): ItemError => ({
  code: 'NEGATIVE_VALUE',
  description: `The ${field} would fall below zero`,
  data: { field },
});

/** Runs `changes` over every id (locked in id order), answering the per-item results in request order. */
async function runBulk(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  ids: string[],
  changesOf: (row: ProductRow) => Partial<Record<Field, Change>>,
  mode: 'set' | 'adjust',
  who: EventIdentity,
): Promise<BulkResponse> {
  const rows = new Map((await store.lockProducts(trx, ids.filter(isCatalogId))).map((row) => [row.id, row]));
  const errors = new Map<string, ItemError | undefined>();
  for (const id of [...ids].sort()) {
    const row = rows.get(id);
    errors.set(
      id,
      row ? await applyToProduct(deps, trx, row, changesOf(row), mode, who) : { code: 'NOT_FOUND', description: 'No product has this id' },
    );
  }
  const results = ids.map((id, originalIndex) => {
    const error = errors.get(id);
    return { itemMetadata: { id, originalIndex, success: !error, ...(error ? { error } : {}) } };
  });
  const failures = results.filter((result) => !result.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: results.length - failures, totalFailures: failures } };
}

/**
 * Sets price, cost or weight of each product; its variants take the product's value (their own
 * values of that field are cleared).
 * @throws ValidationFailure when an amount has more decimals than its field allows
 */
export function bulkSet(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  ids: string[],
  set: Partial<Record<Field, number>>,
  who: EventIdentity,
): Promise<BulkResponse> {
  const violations: FieldViolation[] = [];
  checkMoney(set.price, deps.currency, 'set.price', violations);
  checkMoney(set.cost, deps.currency, 'set.cost', violations);
  checkWeight(set.weight, 'set.weight', violations);
  if (violations.length) throw new ValidationFailure(violations);
  const changesOf = (row: ProductRow) => {
    const out: Partial<Record<Field, Change>> = {};
    for (const field of FIELDS) {
      const value = set[field];
      if (value === undefined) continue;
      const target = codec(field, row.currency).read(value);
      out[field] = () => target;
    }
    return out;
  };
  return runBulk(deps, trx, ids, changesOf, 'set', who);
}

/**
 * Adjusts price, cost or weight of each product and of its variants' own values, by an amount or a
 * percentage, rounded half away from zero to the field's precision (the currency's, three decimals
 * for weight). A product whose value would fall below zero is refused and left unchanged.
 * @throws ValidationFailure when an amount has more decimals than its field allows
 */
export function bulkAdjust(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  ids: string[],
  adjust: Partial<Record<Field, Adjustment>>,
  who: EventIdentity,
): Promise<BulkResponse> {
  const violations: FieldViolation[] = [];
  checkMoney(adjust.price?.amount, deps.currency, 'adjust.price.amount', violations);
  checkMoney(adjust.cost?.amount, deps.currency, 'adjust.cost.amount', violations);
  checkWeight(adjust.weight?.amount, 'adjust.weight.amount', violations);
  if (violations.length) throw new ValidationFailure(violations);
  const changesOf = (row: ProductRow) => {
    const out: Partial<Record<Field, Change>> = {};
    for (const field of FIELDS) {
      const adjustment = adjust[field];
      if (!adjustment) continue;
      const { read } = codec(field, row.currency);
      out[field] =
        adjustment.amount !== undefined
          ? (old) => old + read(adjustment.amount as number)
          : (old) => old + percentOf(old, adjustment.percentage as number);
    }
    return out;
  };
  return runBulk(deps, trx, ids, changesOf, 'adjust', who);
}
