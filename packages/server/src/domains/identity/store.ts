import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export function findIdentityStatus(db: Db, id: string) {
  return db.selectFrom('identities').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Marks a session or state token used, atomically; returns it when this call used it. */
export function claimIdentityToken(db: Db, tokenHash: string, kind: 'session' | 'state') {
  return db
    .updateTable('identity_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .returning(['identity_id', 'client_id', 'visitor_id', 'expires_at'])
    .executeTakeFirst();
}
