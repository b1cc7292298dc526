/**
 * Visitor → member: the first cart operation of a member whose visitor still has a cart moves that
 * cart to the member: transferred whole when the member has none, else merged in (quantities of
 * the same item add up, capped; the coupon is kept when the member's cart has none) and deleted.
 * Runs inside the operation's transaction, before it locks the member's cart: a crash leaves either
 * nothing or everything done, and a second run finds no visitor cart (idempotent).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { MAX_LINES, MAX_QUANTITY } from './schemas.js';
import { deleteCart, listLines, lockCartByOwner, moveLines, updateCart, updateLineQuantity } from './store.js';

/** What the merge did (the caller publishes the events). */
export type MergeOutcome =
  | { kind: 'none' }
  | { kind: 'transferred'; cartId: string }
  | { kind: 'merged'; cartId: string; deletedCartId: string };

/** Moves the visitor's cart to the member (see the module comment). */
export async function mergeVisitorCart(trx: Kysely<Database>, memberId: string, visitorId: string): Promise<MergeOutcome> {
  const visitorCart = await lockCartByOwner(trx, { kind: 'visitor', visitorId });
  if (!visitorCart) return { kind: 'none' };
  const memberCart = await lockCartByOwner(trx, { kind: 'member', memberId });
  if (!memberCart) {
    await updateCart(trx, visitorCart.id, { member_id: memberId });
    return { kind: 'transferred', cartId: visitorCart.id };
  }
  const [from, into] = await Promise.all([listLines(trx, visitorCart.id), listLines(trx, memberCart.id)]);
  const intoByKey = new Map(into.map((row) => [row.merge_key, row]));
  const moved: string[] = [];
  for (const line of from) {
    const same = intoByKey.get(line.merge_key);
    if (same) await updateLineQuantity(trx, same.id, Math.min(MAX_QUANTITY, same.quantity + line.quantity));
    // custom lines have their own id as merge key: never the same as a member's line
    else if (into.length + moved.length < MAX_LINES) moved.push(line.id);
  }
  const offset = into.reduce((max, row) => Math.max(max, row.position), -1) + 1;
  await moveLines(trx, moved, memberCart.id, offset);
  await updateCart(trx, memberCart.id, memberCart.coupon_id || !visitorCart.coupon_id ? {} : { coupon_id: visitorCart.coupon_id });
  // the lines not moved (same item as a member's line, or beyond the line limit) go with it
  await deleteCart(trx, visitorCart.id);
  return { kind: 'merged', cartId: memberCart.id, deletedCartId: visitorCart.id };
}
