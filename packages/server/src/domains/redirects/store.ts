import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertRedirectSession(db: Db, s: NewRow<'redirect_sessions'>) {
  await db.insertInto('redirect_sessions').values(s).execute();
}

export function findRedirectSession(db: Db, id: string) {
  return db.selectFrom('redirect_sessions').selectAll().where('id', '=', id).where('expires_at', '>', new Date()).executeTakeFirst();
}
