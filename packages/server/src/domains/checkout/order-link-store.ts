/** SQL of the secret that signs order-status links (`order_link_secrets`); select lists are explicit (a secret table). */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The secret that signs now, if there is one. */
export async function findActiveLinkSecret(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('order_link_secrets').select('secret').where('retired_at', 'is', null).executeTakeFirst();
  return row?.secret;
}

/** Makes `secret` the active one unless another is (two processes starting at once: the first insert wins). */
export async function insertLinkSecretIfNone(db: Kysely<Database>, secret: string): Promise<void> {
  await db
    .insertInto('order_link_secrets')
    .values({ secret })
    .onConflict((oc) => oc.expression(sql`(true)`).where('retired_at', 'is', null).doNothing())
    .execute();
}

/** Retires the active secret: links it signed stop verifying. */
export async function retireLinkSecrets(db: Kysely<Database>): Promise<void> {
  await db.updateTable('order_link_secrets').set({ retired_at: new Date() }).where('retired_at', 'is', null).execute();
}
