/**
 * The line writes of a cart, planned on the cart as locked or as an unlocked write read it: adding
 * (the same item again increments its line), setting quantities (0 removes), removing. Planning is
 * pure: the store applies a plan with the cart's own update in one statement (`writeCart`, or
 * `writeCartIfUnchanged` unlocked), and the answer is built from `linesAfter` without reading the
 * lines again. Limits are checked on the result, so a request that would break one changes nothing.
 */

import { DomainError, ValidationFailure } from '../../platform/errors.js';
import type { CustomContent } from './cart-lines.js';
import type { CatalogItem, CatalogRef } from './catalog-port.js';
import { CartErrors } from './errors.js';
import { MAX_LINES, MAX_QUANTITY } from './schemas.js';
import type { LineRow } from './store.js';

/** What a change does to a cart's lines. */
export interface LineWrites {
  inserts: LineRow[];
  quantities: { id: string; quantity: number }[];
  deletes: string[];
}

export const NO_LINE_WRITES: LineWrites = { inserts: [], quantities: [], deletes: [] };

/** The cart's lines once `writes` are applied, in display order. */
export function linesAfter(existing: readonly LineRow[], writes: LineWrites): LineRow[] {
  const gone = new Set(writes.deletes);
  const quantity = new Map(writes.quantities.map((change) => [change.id, change.quantity]));
  return [
    ...existing
      .filter((row) => !gone.has(row.id))
      .map((row) => (quantity.has(row.id) ? { ...row, quantity: quantity.get(row.id) as number } : row)),
    ...writes.inserts,
  ].sort((left, right) => left.position - right.position || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
}

/** A line to add: a catalogue reference (resolved or not) or a merchant's custom content. */
export type NewLine = {
  /** where the request named it, for violations (`lineItems[2]`) */
  field: string;
  quantity: number;
  serviceProperties?: Record<string, unknown>;
  catalogOverrideFields?: Record<string, unknown>;
} & ({ kind: 'catalog'; ref: CatalogRef; item: CatalogItem | undefined } | { kind: 'custom'; custom: CustomContent });

/** Deterministic JSON (keys sorted) for merge keys. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** "The same item": app, product and variant when it resolves, else the reference as sent; and the same overrides. */
function mergeKeyOf(line: NewLine & { kind: 'catalog' }): string {
  const { ref, item } = line;
  const base = item
    ? `${ref.appId}|${item.productId}|${item.variantId}`
    : `${ref.appId}|${ref.catalogItemId}|${stableJson(ref.options ?? null)}`;
  // a merchant's overrides (another price, another name) make it another line
  return line.catalogOverrideFields ? `${base}|${stableJson(line.catalogOverrideFields)}` : base;
}

/**
 * Plans adding lines to a cart whose row the transaction holds locked.
 * @throws DomainError ITEM_OUT_OF_STOCK (a catalogue item with nothing left; nothing is added)
 * @throws ValidationFailure a line above the maximum quantity, or more lines than a cart may hold
 */
export function planAdd(cartId: string, existing: readonly LineRow[], adds: readonly NewLine[], now = new Date()): LineWrites {
  const byKey = new Map(existing.map((row) => [row.merge_key, { quantity: row.quantity, id: row.id, changed: false }]));
  const inserts: LineRow[] = [];
  const created = new Map<string, LineRow>();
  let position = existing.reduce((max, row) => Math.max(max, row.position), -1) + 1;
  for (const add of adds) {
    if (add.kind === 'catalog' && add.item && !add.item.stock.inStock) {
      throw new DomainError(CartErrors.ITEM_OUT_OF_STOCK, { catalogItemId: add.ref.catalogItemId });
    }
    const id = crypto.randomUUID();
    const key = add.kind === 'catalog' ? mergeKeyOf(add) : id;
    const current = byKey.get(key);
    const pending = created.get(key);
    const total = (current?.quantity ?? Number(pending?.quantity ?? 0)) + add.quantity;
    if (total > MAX_QUANTITY) {
      throw new ValidationFailure([
        {
          field: `${add.field}.quantity`,
          description: `a line may hold at most ${MAX_QUANTITY} units`,
          violatedRule: 'MAX',
          data: { max: MAX_QUANTITY },
        },
      ]);
    }
    if (current) Object.assign(current, { quantity: total, changed: true });
    else if (pending) pending.quantity = total;
    else {
      const catalog = add.kind === 'catalog' ? add : undefined;
      const row: LineRow = {
        id,
        cart_id: cartId,
        position: position++,
        quantity: add.quantity,
        merge_key: key,
        catalog_item_id: catalog?.ref.catalogItemId ?? null,
        app_id: catalog?.ref.appId ?? null,
        catalog_options: (catalog?.ref.options as Record<string, unknown> | undefined) ?? null,
        product_id: catalog?.item?.productId ?? null,
        variant_id: catalog?.item?.variantId ?? null,
        custom: add.kind === 'custom' ? (add.custom as unknown as Record<string, unknown>) : null,
        catalog_override_fields: add.catalogOverrideFields ?? null,
        service_properties: add.serviceProperties ?? null,
        created_date: now,
      };
      created.set(key, row);
      inserts.push(row);
    }
  }
  requireRoom(existing.length + inserts.length);
  const quantities = [...byKey.values()].filter((line) => line.changed).map(({ id, quantity }) => ({ id, quantity }));
  return { inserts, quantities, deletes: [] };
}

function requireRoom(lines: number): void {
  if (lines > MAX_LINES) {
    throw new ValidationFailure([
      { field: 'lineItems', description: `a cart may hold at most ${MAX_LINES} lines`, violatedRule: 'MAX_SIZE', data: { max: MAX_LINES } },
    ]);
  }
}

/**
 * Finds lines of this cart by id.
 * @throws DomainError LINE_ITEM_NOT_FOUND (data: the ids this cart does not have)
 */
function requireLines(existing: readonly LineRow[], ids: readonly string[]): void {
  const own = new Set(existing.map((row) => row.id));
  const missing = [...new Set(ids)].filter((id) => !own.has(id));
  if (missing.length) throw new DomainError(CartErrors.LINE_ITEM_NOT_FOUND, { lineItemIds: missing });
}

/** Plans removing lines by id (all must be the cart's). */
export function planRemove(existing: readonly LineRow[], ids: readonly string[]): LineWrites {
  requireLines(existing, ids);
  return { inserts: [], quantities: [], deletes: [...new Set(ids)] };
}

/** Plans setting quantities (the last update of a line wins; 0 removes it). */
export function planQuantities(existing: readonly LineRow[], updates: readonly { id: string; quantity: number }[]): LineWrites {
  requireLines(
    existing,
    updates.map((update) => update.id),
  );
  const last = [...new Map(updates.map((update) => [update.id, update.quantity]))];
  return {
    inserts: [],
    quantities: last.filter(([, quantity]) => quantity > 0).map(([id, quantity]) => ({ id, quantity })),
    deletes: last.filter(([, quantity]) => quantity === 0).map(([id]) => id),
  };
}

/**
 * Plans taking an order's lines out of the cart it was checked out from: each ordered quantity is
 * subtracted from its line (a line that grew since keeps the difference, a line at 0 goes; lines
 * added since stay). Answers undefined when the cart no longer holds a line in the quantity ordered.
 */
export function planOrderedRemoval(
  existing: readonly LineRow[],
  ordered: readonly { lineItemId: string; quantity: number }[],
): LineWrites | undefined {
  const byId = new Map(existing.map((row) => [row.id, row.quantity]));
  const writes: LineWrites = { inserts: [], quantities: [], deletes: [] };
  for (const orderedLine of ordered) {
    const left = (byId.get(orderedLine.lineItemId) ?? 0) - orderedLine.quantity;
    if (left < 0) return undefined;
    if (left === 0) writes.deletes.push(orderedLine.lineItemId);
    else writes.quantities.push({ id: orderedLine.lineItemId, quantity: left });
  }
  return writes;
}
