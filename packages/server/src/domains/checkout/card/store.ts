/** SQL of card payments: the PaymentIntents of checkouts, the Stripe events handled, orders by their payment. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** Remembers an intent made for a checkout's totals (again: nothing changes). */
export async function insertIntent(db: Kysely<Database>, values: { intent_id: string; checkout_id: string; totals_fingerprint: string }) {
  await db
    .insertInto('card_payment_intents')
    .values(values)
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .execute();
}

export function findIntent(db: Kysely<Database>, intentId: string) {
  return db.selectFrom('card_payment_intents').selectAll().where('intent_id', '=', intentId).executeTakeFirst();
}

/** Sets (or clears, with null) why the intent's last attempt failed. */
export async function setIntentFailure(db: Kysely<Database>, intentId: string, failure: string | null) {
  await db.updateTable('card_payment_intents').set({ failure, updated_date: new Date() }).where('intent_id', '=', intentId).execute();
}

/** The order paid by a payment (`payment_reference`). */
export function findOrderByPayment(db: Kysely<Database>, reference: string) {
  return db.selectFrom('orders').select(['id', 'payment_status']).where('payment_reference', '=', reference).executeTakeFirst();
}

/** A PENDING order of this payment becomes PAID; answers whether one did. */
export async function markPendingOrderPaid(db: Kysely<Database>, reference: string): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('orders')
    .set({ payment_status: 'PAID', paid_date: now, updated_date: now })
    .where('payment_reference', '=', reference)
    .where('payment_status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a handled Stripe event; answers false when it was already recorded. */
export async function recordEvent(db: Kysely<Database>, eventId: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('stripe_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function eventRecorded(db: Kysely<Database>, eventId: string): Promise<boolean> {
  return (await db.selectFrom('stripe_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst()) !== undefined;
}
