/**
 * The line writes of a cart, applied under its row lock: adding (the same item again increments its
 * line), setting quantities (0 removes), removing. Limits are checked on the result, so a request
 * that would break one changes nothing.
 */

import type { NewRow } from '../../platform/db/schema.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import type { CustomContent } from './cart-lines.js';
import type { CatalogItem, CatalogRef, Executor } from './catalog-port.js';
import { CartErrors } from './errors.js';
import { MAX_LINES, MAX_QUANTITY } from './schemas.js';
import { deleteLines, insertLines, type LineRow, updateLineQuantity } from './store.js';

/** A line to add: a catalogue reference (resolved or not) or a merchant's custom content. */
export type NewLine = {
  /** where the request named it, for violations (`lineItems[2]`) */
  field: string;
  quantity: number;
  serviceProperties?: Record<string, unknown>;
  catalogOverrideFields?: Record<string, unknown>;
} & ({ kind: 'catalog'; ref: CatalogRef; item: CatalogItem | undefined } | { kind: 'custom'; custom: CustomContent });

/** Deterministic JSON (keys sorted) for merge keys. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
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
 * Adds lines to a cart whose row the transaction holds locked.
 * @throws DomainError ITEM_OUT_OF_STOCK (a catalogue item with nothing left; nothing is added)
 * @throws ValidationFailure a line above the maximum quantity, or more lines than a cart may hold
 */
export async function addLines(trx: Executor, cartId: string, existing: readonly LineRow[], adds: readonly NewLine[]): Promise<void> {
  const byKey = new Map(existing.map((r) => [r.merge_key, { quantity: r.quantity, id: r.id, changed: false }]));
  const inserts: NewRow<'cart_line_items'>[] = [];
  const created = new Map<string, NewRow<'cart_line_items'>>();
  let position = existing.reduce((max, r) => Math.max(max, r.position), -1) + 1;
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
      const row: NewRow<'cart_line_items'> = {
        id,
        cart_id: cartId,
        position: position++,
        quantity: add.quantity,
        merge_key: key,
        ...(add.kind === 'catalog'
          ? {
              catalog_item_id: add.ref.catalogItemId,
              app_id: add.ref.appId,
              catalog_options: add.ref.options ? JSON.stringify(add.ref.options) : null,
              product_id: add.item?.productId ?? null,
              variant_id: add.item?.variantId ?? null,
            }
          : { custom: JSON.stringify(add.custom) }),
        catalog_override_fields: add.catalogOverrideFields ? JSON.stringify(add.catalogOverrideFields) : null,
        service_properties: add.serviceProperties ? JSON.stringify(add.serviceProperties) : null,
      };
      created.set(key, row);
      inserts.push(row);
    }
  }
  requireRoom(existing.length + inserts.length);
  for (const line of byKey.values()) if (line.changed) await updateLineQuantity(trx, line.id, line.quantity);
  await insertLines(trx, inserts);
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
export function requireLines(existing: readonly LineRow[], ids: readonly string[]): void {
  const own = new Set(existing.map((r) => r.id));
  const missing = [...new Set(ids)].filter((id) => !own.has(id));
  if (missing.length) throw new DomainError(CartErrors.LINE_ITEM_NOT_FOUND, { lineItemIds: missing });
}

/** Removes lines by id (all must be the cart's). */
export async function removeLines(trx: Executor, cartId: string, existing: readonly LineRow[], ids: readonly string[]): Promise<void> {
  requireLines(existing, ids);
  await deleteLines(trx, cartId, ids);
}

/** Sets quantities (the last update of a line wins; 0 removes it). */
export async function setQuantities(
  trx: Executor,
  cartId: string,
  existing: readonly LineRow[],
  updates: readonly { id: string; quantity: number }[],
): Promise<void> {
  requireLines(
    existing,
    updates.map((u) => u.id),
  );
  const last = new Map(updates.map((u) => [u.id, u.quantity]));
  const removed = [...last].filter(([, q]) => q === 0).map(([id]) => id);
  for (const [id, quantity] of last) if (quantity > 0) await updateLineQuantity(trx, id, quantity);
  await deleteLines(trx, cartId, removed);
}
