/**
 * A write of the current cart as data: what its plan may change decides how it runs. The plan is
 * made on the cart as locked, or as one statement read it for an unlocked write, and is pure apart
 * from the catalogue it resolves new lines against.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CartCatalogPort } from './catalog-port.js';
import type { LineWrites } from './line-changes.js';
import type { CartPatch, CartRow, LineRow } from './store.js';

/** What a plan is made on: the cart and its lines, the catalogue, and where its queries run (the transaction, or the database unlocked). */
export interface PlanInput {
  executor: Kysely<Database>;
  cart: CartRow;
  lines: readonly LineRow[];
  catalog: CartCatalogPort;
}

/**
 * - `lines`: a change of the lines only (add-to-cart, quantities, removals); without an
 *   Idempotency-Key it may run unlocked (`unlocked-write.ts`).
 * - `cart`: a change of the cart's own fields too (cart info, coupon, merchant discounts, lines
 *   added with them); always under the cart's row lock.
 */
export type CartWrite =
  | { kind: 'lines'; plan: (input: PlanInput) => Promise<LineWrites> }
  | { kind: 'cart'; plan: (input: PlanInput) => Promise<{ lines: LineWrites; cart: CartPatch }> };

/** The line writes and the cart patch a write's plan comes to. */
export async function planOf(write: CartWrite, input: PlanInput): Promise<{ lines: LineWrites; cart: CartPatch }> {
  if (write.kind === 'lines') return { lines: await write.plan(input), cart: {} };
  return write.plan(input);
}
