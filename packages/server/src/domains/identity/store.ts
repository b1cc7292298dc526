import type { MerchantRole } from '@vitrine/sdk';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** What services read of an identity: everything but the password hash. */
const IDENTITY = [
  'id',
  'email',
  'status',
  'status_reasons',
  'email_verified',
  'profile',
  'revision',
  'created_date',
  'updated_date',
] as const;

// ---- identities

export function findIdentityStatus(db: Kysely<Database>, id: string) {
  return db.selectFrom('identities').select(['id', 'status', 'role']).where('id', '=', id).executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The identity with this id; undefined also for an id that is not a UUID (the column would refuse it). */
export async function findIdentityById(db: Kysely<Database>, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('identities').select(IDENTITY).where('id', '=', id).executeTakeFirst();
}

/** E-mails are unique and compared case-insensitively (index on lower(email)). */
export function findIdentityByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('identities').select(IDENTITY).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** The identity with its credentials (login only). */
export function findCredentialsByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('identities')
    .select([...IDENTITY, 'password_hash', 'must_reset_password'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Locks the identity row until the transaction ends (serialises code sending per identity). */
export async function lockIdentity(db: Kysely<Database>, id: string): Promise<void> {
  await db.selectFrom('identities').select('id').where('id', '=', id).forUpdate().execute();
}

/** Inserts an identity; undefined when the e-mail is taken (the unique index decides, race-free). */
export function insertIdentity(
  db: Kysely<Database>,
  values: {
    email: string;
    passwordHash: string | null;
    status: string;
    reasons: string[];
    emailVerified: boolean;
    profile: object;
    role?: 'member' | 'merchant';
    /** required with the role 'merchant' (0026) */
    merchantRole?: MerchantRole;
  },
) {
  return db
    .insertInto('identities')
    .values({
      email: values.email,
      password_hash: values.passwordHash,
      status: values.status,
      status_reasons: values.reasons,
      email_verified: values.emailVerified,
      profile: JSON.stringify(values.profile),
      role: values.role ?? 'member',
      merchant_role: values.merchantRole ?? null,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(IDENTITY)
    .executeTakeFirst();
}

/** Changes an identity and counts the change in its revision. */
export function updateIdentity(
  db: Kysely<Database>,
  id: string,
  set: {
    password_hash?: string;
    must_reset_password?: boolean;
    status?: string;
    status_reasons?: string[];
    email_verified?: boolean;
  },
) {
  return db
    .updateTable('identities')
    .set({ ...set, revision: sql`revision + 1`, updated_date: sql`now()` })
    .where('id', '=', id)
    .returning(IDENTITY)
    .executeTakeFirst();
}

/**
 * Sets and removes top-level profile fields in one statement (concurrent edits of other fields are
 * kept) and counts the change in the revision; undefined when there is no such identity.
 */
export function patchIdentityProfile(db: Kysely<Database>, id: string, set: Record<string, string>, remove: string[]) {
  return db
    .updateTable('identities')
    .set({
      profile: sql`(profile - ${sql.val(remove)}::text[]) || ${JSON.stringify(set)}::jsonb`,
      revision: sql`revision + 1`,
      updated_date: sql`now()`,
    })
    .where('id', '=', id)
    .returning(IDENTITY)
    .executeTakeFirst();
}

/** Gives an identity the member or merchant role (not a revision: the member's own data is unchanged). */
/** Makes the identity a merchant with `merchantRole`, or a member again with null. */
export function setIdentityRole(db: Kysely<Database>, id: string, merchantRole: MerchantRole | null) {
  return db
    .updateTable('identities')
    .set({ role: merchantRole ? 'merchant' : 'member', merchant_role: merchantRole })
    .where('id', '=', id)
    .returning(IDENTITY)
    .executeTakeFirst();
}

/** The identities with the merchant role, oldest first, with their role and whether they chose a password. */
export function listMerchantIdentities(db: Kysely<Database>) {
  return db
    .selectFrom('identities')
    .select([...IDENTITY, 'merchant_role', sql<boolean>`password_hash IS NOT NULL`.as('has_password')])
    .where('role', '=', 'merchant')
    .orderBy('created_date')
    .orderBy('id')
    .execute();
}

/** The merchant role of an active merchant; undefined for anybody else. */
export async function findActiveMerchantRole(db: Kysely<Database>, id: string): Promise<MerchantRole | undefined> {
  const row = await db
    .selectFrom('identities')
    .select('merchant_role')
    .where('id', '=', id)
    .where('role', '=', 'merchant')
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row?.merchant_role ?? undefined;
}

/** The ids of the owners, locked until the transaction ends (a removal keeps at least one). */
export async function lockOwnerIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('identities').select('id').where('merchant_role', '=', 'owner').forUpdate().execute();
  return rows.map((row) => row.id);
}

/** Replaces a hash made with old parameters, unless the password changed meanwhile. Not a revision. */
export async function replacePasswordHash(db: Kysely<Database>, id: string, oldHash: string, newHash: string): Promise<void> {
  await db.updateTable('identities').set({ password_hash: newHash }).where('id', '=', id).where('password_hash', '=', oldHash).execute();
}

export async function touchLastLogin(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('identities').set({ last_login_at: sql`now()` }).where('id', '=', id).execute();
}

// ---- links to identity provider accounts

/** The identity linked to the provider account `issuer` + `subject`. */
export function findIdentityByLink(db: Kysely<Database>, issuer: string, subject: string) {
  return db
    .selectFrom('identity_links')
    .innerJoin('identities', 'identities.id', 'identity_links.identity_id')
    .select(IDENTITY.map((column) => `identities.${column}` as const))
    .where('identity_links.issuer', '=', issuer)
    .where('identity_links.subject', '=', subject)
    .executeTakeFirst();
}

/** Links a provider account to an identity; a link that exists already is kept as it is. */
export async function insertIdentityLink(
  db: Kysely<Database>,
  link: { issuer: string; subject: string; identityId: string },
): Promise<void> {
  await db
    .insertInto('identity_links')
    .values({ issuer: link.issuer, subject: link.subject, identity_id: link.identityId })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}

// ---- state and session tokens

export async function insertIdentityToken(
  db: Kysely<Database>,
  token: {
    tokenHash: string;
    kind: 'session' | 'state';
    identityId: string;
    clientId: string | null;
    visitorId: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('identity_tokens')
    .values({
      token_hash: token.tokenHash,
      kind: token.kind,
      identity_id: token.identityId,
      client_id: token.clientId,
      visitor_id: token.visitorId,
      expires_at: token.expiresAt,
    })
    .execute();
}

export function findIdentityToken(db: Kysely<Database>, tokenHash: string, kind: 'session' | 'state') {
  return db
    .selectFrom('identity_tokens')
    .select(['identity_id', 'client_id', 'visitor_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Marks a session or state token used, atomically; returns it when this call used it. */
export function claimIdentityToken(db: Kysely<Database>, tokenHash: string, kind: 'session' | 'state') {
  return db
    .updateTable('identity_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .returning(['identity_id', 'client_id', 'visitor_id', 'expires_at'])
    .executeTakeFirst();
}

// ---- verification codes

export async function insertVerificationCode(
  db: Kysely<Database>,
  code: { identityId: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('verification_codes')
    .values({ identity_id: code.identityId, code_hash: code.codeHash, expires_at: code.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The identity's newest code (only the newest one counts). */
export function findLatestVerificationCode(db: Kysely<Database>, identityId: string) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'used_at'])
    .where('identity_id', '=', identityId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one attempt unless `max` were made already; undefined when the attempts are used up. */
export function countVerificationAttempt(db: Kysely<Database>, id: string, max: number) {
  return db
    .updateTable('verification_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
}

/** Marks a code used, atomically; undefined when it was used already. */
export function spendVerificationCode(db: Kysely<Database>, id: string) {
  return db
    .updateTable('verification_codes')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

// ---- recovery tokens

export async function insertRecoveryToken(
  db: Kysely<Database>,
  token: { tokenHash: string; identityId: string; redirectUrl: string | null; clientId: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('recovery_tokens')
    .values({
      token_hash: token.tokenHash,
      identity_id: token.identityId,
      redirect_url: token.redirectUrl,
      client_id: token.clientId,
      expires_at: token.expiresAt,
    })
    .execute();
}

export function findRecoveryToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('recovery_tokens')
    .select(['identity_id', 'redirect_url', 'client_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a recovery token used, atomically; returns it when this call used it. */
export function claimRecoveryToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .updateTable('recovery_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning(['identity_id', 'expires_at'])
    .executeTakeFirst();
}

/** Spends every other open recovery link of the identity (after its password was set). */
export async function spendRecoveryTokensOf(db: Kysely<Database>, identityId: string): Promise<void> {
  await db
    .updateTable('recovery_tokens')
    .set({ used_at: sql`now()` })
    .where('identity_id', '=', identityId)
    .where('used_at', 'is', null)
    .execute();
}
