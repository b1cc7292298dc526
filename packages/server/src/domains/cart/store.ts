/**
 * SQL of the current cart. Every function takes the executor (the service's transaction while it
 * writes); locking reads say so in their name.
 */
import { sql } from 'kysely';
import type { NewRow, Row } from '../../platform/db/schema.js';
import type { Executor } from './catalog-port.js';

export type CartRow = Row<'carts'>;
export type LineRow = Row<'cart_line_items'>;

/** Whose cart: a visitor's (until it logs in) or a member's. */
export type CartOwner = { kind: 'visitor'; visitorId: string } | { kind: 'member'; memberId: string };

function byOwner(ex: Executor, owner: CartOwner) {
  const q = ex.selectFrom('carts').selectAll();
  return owner.kind === 'member'
    ? q.where('member_id', '=', owner.memberId)
    : q.where('visitor_id', '=', owner.visitorId).where('member_id', 'is', null);
}

/** The owner's cart, without a lock. */
export function findCartByOwner(ex: Executor, owner: CartOwner): Promise<CartRow | undefined> {
  return byOwner(ex, owner).executeTakeFirst();
}

/** The owner's cart, its row locked until the transaction ends (writers of one cart queue here). */
export function lockCartByOwner(ex: Executor, owner: CartOwner): Promise<CartRow | undefined> {
  return byOwner(ex, owner).forUpdate().executeTakeFirst();
}

/** Creates the owner's cart unless another writer just did (the partial unique indexes decide). */
export async function insertCartIfAbsent(ex: Executor, owner: CartOwner, currency: string): Promise<void> {
  const q = ex.insertInto('carts');
  if (owner.kind === 'member') {
    await q
      .values({ member_id: owner.memberId, currency })
      .onConflict((oc) => oc.column('member_id').where('member_id', 'is not', null).doNothing())
      .execute();
  } else {
    await q
      .values({ visitor_id: owner.visitorId, currency })
      .onConflict((oc) => oc.column('visitor_id').where('member_id', 'is', null).doNothing())
      .execute();
  }
}

/** The lines of a cart in display order. */
export function listLines(ex: Executor, cartId: string): Promise<LineRow[]> {
  return ex.selectFrom('cart_line_items').selectAll().where('cart_id', '=', cartId).orderBy('position').orderBy('id').execute();
}

/** Adds lines. */
export async function insertLines(ex: Executor, rows: NewRow<'cart_line_items'>[]): Promise<void> {
  if (rows.length) await ex.insertInto('cart_line_items').values(rows).execute();
}

/** Sets a line's quantity. */
export async function updateLineQuantity(ex: Executor, lineId: string, quantity: number): Promise<void> {
  await ex.updateTable('cart_line_items').set({ quantity }).where('id', '=', lineId).execute();
}

/** Removes lines of a cart. */
export async function deleteLines(ex: Executor, cartId: string, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length) await ex.deleteFrom('cart_line_items').where('cart_id', '=', cartId).where('id', 'in', lineIds).execute();
}

/** Moves lines to another cart (a visitor's cart merged into its member's), after that cart's lines. */
export async function moveLines(ex: Executor, lineIds: readonly string[], toCartId: string, positionOffset: number): Promise<void> {
  if (!lineIds.length) return;
  await ex
    .updateTable('cart_line_items')
    .set({ cart_id: toCartId, position: sql<number>`position + ${positionOffset}` })
    .where('id', 'in', lineIds)
    .execute();
}

/** Cart fields a write may change. */
export type CartPatch = Partial<
  Pick<
    NewRow<'carts'>,
    | 'buyer_note'
    | 'contact_info'
    | 'email'
    | 'selected_shipping_option'
    | 'coupon_id'
    | 'merchant_discounts'
    | 'checkout_id'
    | 'member_id'
    | 'visitor_id'
  >
>;

/** Applies a patch, bumps the revision and the update date; answers the new row. */
export function updateCart(ex: Executor, cartId: string, patch: CartPatch): Promise<CartRow> {
  return ex
    .updateTable('carts')
    .set({ ...patch, revision: sql<number>`revision + 1`, updated_date: new Date() })
    .where('id', '=', cartId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a checkout on a cart (no revision bump: the cart's content did not change). */
export async function setCheckoutId(ex: Executor, cartId: string, checkoutId: string): Promise<void> {
  await ex.updateTable('carts').set({ checkout_id: checkoutId }).where('id', '=', cartId).execute();
}

/** Deletes a cart (its lines go with it). */
export async function deleteCart(ex: Executor, cartId: string): Promise<void> {
  await ex.deleteFrom('carts').where('id', '=', cartId).execute();
}
