/** SQL of an order's timeline (`order_activities`). Every function takes the transaction (or db) first. */
import type { Kysely } from 'kysely';
import type { Database, NewRow, Row } from '../../platform/db/schema.js';

export type OrderActivityRow = Row<'order_activities'>;

export function insertOrderActivity(db: Kysely<Database>, values: NewRow<'order_activities'>) {
  return db.insertInto('order_activities').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The order's timeline, newest first (entries of one transaction in the order they were written). */
export function listOrderActivities(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('order_activities')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Empties a note of the order that is still there; answers the row, or undefined when there was none to remove. */
export function removeOrderNote(db: Kysely<Database>, orderId: string, noteId: string, removedBy: string) {
  return db
    .updateTable('order_activities')
    .set({ note: null, removed_date: new Date(), removed_by: removedBy })
    .where('id', '=', noteId)
    .where('order_id', '=', orderId)
    .where('kind', '=', 'NOTE')
    .where('removed_date', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
