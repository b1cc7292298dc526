import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../platform/db/schema.js';

export async function insertRedirectSession(db: Kysely<Database>, session: NewRow<'redirect_sessions'>) {
  await db.insertInto('redirect_sessions').values(session).execute();
}

export function findRedirectSession(db: Kysely<Database>, id: string) {
  return db.selectFrom('redirect_sessions').selectAll().where('id', '=', id).where('expires_at', '>', new Date()).executeTakeFirst();
}
