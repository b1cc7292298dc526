import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import { digest, randomToken } from '../../src/platform/secrets.js';

/**
 * Test setup: an active member and a fresh session token for it, written straight to the database
 * (for tests of OAuth and redirects that are not about registration itself).
 */
export async function insertActiveMember(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db
    .insertInto('identities')
    .values({ email, status: 'ACTIVE', email_verified: true, profile: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A single-use session token (as login answers with SUCCESS) for the member and client. */
export async function insertSessionToken(
  db: Kysely<Database>,
  memberId: string,
  clientId: string | null,
  ttlMs = 300_000,
): Promise<string> {
  const token = randomToken('vst_');
  await db
    .insertInto('identity_tokens')
    .values({
      token_hash: digest(token),
      kind: 'session',
      identity_id: memberId,
      client_id: clientId,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}
