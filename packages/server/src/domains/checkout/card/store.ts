/** SQL of card payments: the PaymentIntents of checkouts, the Stripe events handled, orders by their payment. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** Remembers an intent made for a checkout's totals, shown now (again: only the time it was shown moves). */
export async function insertIntent(db: Kysely<Database>, values: { intent_id: string; checkout_id: string; totals_fingerprint: string }) {
  const now = new Date();
  await db
    .insertInto('card_payment_intents')
    .values({ ...values, shown_date: now })
    .onConflict((oc) => oc.column('intent_id').doUpdateSet({ shown_date: now }))
    .execute();
}

/**
 * The checkout's intents not cancelled and paying no order, but `keep`; with `shownBefore`, only
 * those the pay step last showed before then.
 */
export function findOpenIntents(db: Kysely<Database>, checkoutId: string, options: { keep?: string; shownBefore?: Date }) {
  let query = db
    .selectFrom('card_payment_intents as i')
    .select(['i.intent_id', 'i.shown_date'])
    .where('i.checkout_id', '=', checkoutId)
    .where('i.canceled_date', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.payment_reference', '=', 'i.intent_id'))),
    );
  if (options.keep) query = query.where('i.intent_id', '<>', options.keep);
  if (options.shownBefore) query = query.where('i.shown_date', '<', options.shownBefore);
  return query.execute();
}

export async function setIntentCanceled(db: Kysely<Database>, intentId: string) {
  const now = new Date();
  await db.updateTable('card_payment_intents').set({ canceled_date: now, updated_date: now }).where('intent_id', '=', intentId).execute();
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
