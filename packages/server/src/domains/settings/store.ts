/** SQL of the shop settings: the one `shop_profile` row and the `payment_methods` rows. */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, Row } from '../../platform/db/schema.js';

export type ShopProfileRow = Row<'shop_profile'>;
export type PaymentMethodRow = Row<'payment_methods'>;
export type ProfileChange = Partial<Omit<ShopProfileRow, 'id' | 'updated_date' | 'address'>> & { address?: string | null };

export function findShopProfile(db: Kysely<Database>): Promise<ShopProfileRow> {
  return db.selectFrom('shop_profile').selectAll().executeTakeFirstOrThrow();
}

/** Every payment method, secrets included (the server's own use only), in the page's order. */
export function listPaymentMethods(db: Kysely<Database>): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'enabled', 'details', 'secrets', 'position', 'updated_date'])
    .orderBy('position')
    .execute();
}

/** Locks the settings for a change (two merchants saving at once apply one after the other). */
export async function lockShopProfile(trx: Transaction<Database>): Promise<ShopProfileRow> {
  return trx.selectFrom('shop_profile').selectAll().forUpdate().executeTakeFirstOrThrow();
}

export async function updateShopProfile(db: Kysely<Database>, change: ProfileChange): Promise<void> {
  await db
    .updateTable('shop_profile')
    .set({ ...change, updated_date: sql`now()` })
    .execute();
}

export async function updatePaymentMethod(
  db: Kysely<Database>,
  id: PaymentMethodRow['id'],
  change: { enabled: boolean; details: string; secrets: string },
): Promise<void> {
  await db
    .updateTable('payment_methods')
    .set({ ...change, updated_date: sql`now()` })
    .where('id', '=', id)
    .execute();
}
