import { type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../../platform/db/schema.js';

// ---- signing keys

export function findActiveSigningKey(db: Kysely<Database>) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk'])
    .where('retired_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Unrevoked keys that are active or were retired after `retiredAfter`. */
export function listSigningKeys(db: Kysely<Database>, retiredAfter: Date) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'public_jwk', 'created_at', 'retired_at'])
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiredAfter)]))
    .orderBy('created_at', 'desc')
    .execute();
}

/** The public key `kid` if it is unrevoked and active or was retired after `retiredAfter`. */
export function findVerifyingKey(db: Kysely<Database>, kid: string, retiredAfter: Date) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'public_jwk', 'retired_at'])
    .where('kid', '=', kid)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiredAfter)]))
    .executeTakeFirst();
}

/**
 * Waits for, then holds until `trx` ends, the lock that makes key changes take turns: processes
 * starting together on one database see each other's first key instead of each making one.
 */
export async function lockSigningKeys(trx: Kysely<Database>) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('vitrine.signing_keys'))`.execute(trx);
}

export async function insertSigningKey(
  db: Kysely<Database>,
  key: { kid: string; alg: string; publicJwk: Record<string, unknown>; privateJwk: Record<string, unknown> },
) {
  await db
    .insertInto('signing_keys')
    .values({ kid: key.kid, alg: key.alg, public_jwk: JSON.stringify(key.publicJwk), private_jwk: JSON.stringify(key.privateJwk) })
    .execute();
}

export async function retireSigningKeysExcept(db: Kysely<Database>, kid: string) {
  await db.updateTable('signing_keys').set({ retired_at: new Date() }).where('kid', '!=', kid).where('retired_at', 'is', null).execute();
}

/** Revokes `kid` (retiring it too if it was not); answers whether an unrevoked key had that kid. */
export async function revokeSigningKey(db: Kysely<Database>, kid: string): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('signing_keys')
    .set((eb) => ({ revoked_at: now, retired_at: eb.fn.coalesce('retired_at', eb.val(now)) }))
    .where('kid', '=', kid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---- API keys

export function findApiKeyByHash(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function insertApiKey(db: Kysely<Database>, key: { id: string; name: string; keyHash: string }) {
  await db
    .insertInto('api_keys')
    .values({ id: key.id, name: key.name, key_hash: key.keyHash })
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .execute();
}

export function findApiKey(db: Kysely<Database>, id: string) {
  return db.selectFrom('api_keys').select(['id', 'name', 'created_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}

export function listApiKeys(db: Kysely<Database>) {
  return db.selectFrom('api_keys').select(['id', 'name', 'created_at', 'revoked_at']).orderBy('created_at').execute();
}

export async function revokeApiKey(db: Kysely<Database>, id: string) {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- clients

export function findClient(db: Kysely<Database>, id: string) {
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listClients(db: Kysely<Database>) {
  return db.selectFrom('oauth_clients').selectAll().orderBy('created_at').execute();
}

/** Inserts or replaces a client's registration. */
export async function upsertClient(db: Kysely<Database>, client: NewRow<'oauth_clients'>) {
  await db
    .insertInto('oauth_clients')
    .values(client)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: client.name,
        redirect_uris: client.redirect_uris,
        allowed_origins: client.allowed_origins,
        refresh_policy: client.refresh_policy,
        audience: client.audience,
      }),
    )
    .execute();
}

/** Every origin a client registered (for CORS). */
export async function listAllowedOrigins(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('oauth_clients').select('allowed_origins').execute();
  return rows.flatMap((row) => row.allowed_origins);
}

// ---- visitors

export async function insertVisitor(db: Kysely<Database>, clientId: string): Promise<string> {
  const row = await db.insertInto('visitors').values({ client_id: clientId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Records that a visitor became a member (first link wins). */
export async function linkVisitorToMember(db: Kysely<Database>, visitorId: string, memberId: string) {
  await db
    .updateTable('visitors')
    .set({ member_id: memberId, linked_at: new Date() })
    .where('id', '=', visitorId)
    .where('member_id', 'is', null)
    .execute();
}

// ---- refresh tokens

export async function insertRefreshFamily(
  db: Kysely<Database>,
  family: { clientId: string; role: 'visitor' | 'member' | 'merchant'; visitorId: string | null; memberId: string | null },
): Promise<string> {
  const row = await db
    .insertInto('refresh_families')
    .values({ client_id: family.clientId, role: family.role, visitor_id: family.visitorId, member_id: family.memberId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(db: Kysely<Database>, token: { tokenHash: string; familyId: string; expiresAt: Date }) {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: token.tokenHash, family_id: token.familyId, expires_at: token.expiresAt })
    .execute();
}

/** Marks an unused token used at `usedAt`, atomically; returns its family when this call was the one that used it. */
export function claimRefreshToken(db: Kysely<Database>, tokenHash: string, usedAt: Date) {
  return db
    .updateTable('refresh_tokens')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning(['family_id', 'expires_at'])
    .executeTakeFirst();
}

/** A token with its family, whatever its state (to tell reuse from garbage). */
export function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('refresh_families as f', 'f.id', 't.family_id')
    .select(['t.family_id', 't.used_at', 't.expires_at', 'f.client_id', 'f.role', 'f.visitor_id', 'f.member_id', 'f.revoked_at'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeRefreshFamily(db: Kysely<Database>, familyId: string, reason: string) {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: new Date(), revoke_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes the identity's live families: all of them, or only those of one role (its merchant sessions),
 * leaving `sparedFamilyId` live when given.
 */
export async function revokeMemberFamilies(
  db: Kysely<Database>,
  memberId: string,
  reason: string,
  only: { role?: 'member' | 'merchant'; sparedFamilyId?: string } = {},
) {
  let query = db
    .updateTable('refresh_families')
    .set({ revoked_at: new Date(), revoke_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (only.role) query = query.where('role', '=', only.role);
  if (only.sparedFamilyId) query = query.where('id', '!=', only.sparedFamilyId);
  await query.execute();
}

// ---- authorization requests and codes

export async function insertAuthRequest(db: Kysely<Database>, request: NewRow<'auth_requests'>) {
  await db.insertInto('auth_requests').values(request).execute();
}

export function findAuthRequest(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAuthCode(db: Kysely<Database>, code: NewRow<'auth_codes'>) {
  await db.insertInto('auth_codes').values(code).execute();
}

/** Marks an unused code used at `usedAt`, atomically: of concurrent redemptions exactly one gets the row. */
export function claimAuthCode(db: Kysely<Database>, codeHash: string, usedAt: Date) {
  return db
    .updateTable('auth_codes')
    .set({ used_at: usedAt })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning(['client_id', 'redirect_uri', 'code_challenge', 'scope', 'member_id', 'visitor_id', 'expires_at'])
    .executeTakeFirst();
}

export function findAuthCode(db: Kysely<Database>, codeHash: string) {
  return db
    .selectFrom('auth_codes')
    .select(['used_at', 'issued_family_id', 'member_id'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

export async function setCodeFamily(db: Kysely<Database>, codeHash: string, familyId: string) {
  await db.updateTable('auth_codes').set({ issued_family_id: familyId }).where('code_hash', '=', codeHash).execute();
}

// ---- hosted sessions (the cookie of the hosted pages)

export async function insertHostedSession(db: Kysely<Database>, session: { idHash: string; identityId: string; expiresAt: Date }) {
  await db
    .insertInto('hosted_sessions')
    .values({ id_hash: session.idHash, identity_id: session.identityId, expires_at: session.expiresAt })
    .execute();
}

export function findLiveHostedSession(db: Kysely<Database>, idHash: string) {
  return db
    .selectFrom('hosted_sessions')
    .select(['identity_id'])
    .where('id_hash', '=', idHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function revokeHostedSession(db: Kysely<Database>, idHash: string) {
  await db.updateTable('hosted_sessions').set({ revoked_at: new Date() }).where('id_hash', '=', idHash).execute();
}

/** Revokes every live hosted session of an identity. */
export async function revokeHostedSessionsOf(db: Kysely<Database>, identityId: string) {
  await db
    .updateTable('hosted_sessions')
    .set({ revoked_at: new Date() })
    .where('identity_id', '=', identityId)
    .where('revoked_at', 'is', null)
    .execute();
}
