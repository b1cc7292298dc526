import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Records a solution's challenge signature as spent until `expiresAt`.
 * @returns false when it was already recorded (a replay), atomically across processes
 */
export async function insertSpentSignature(db: Kysely<Database>, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insertInto('captcha_spent')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .execute();
  return rows.length === 1;
}

/** Forgets spent signatures whose challenge has expired (an expired challenge fails verification anyway). */
export async function deleteExpiredSpentSignatures(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('captcha_spent').where('expires_at', '<', sql<Date>`now()`).execute();
}
