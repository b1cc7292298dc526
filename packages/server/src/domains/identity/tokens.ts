import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { digest, randomToken } from '../../platform/secrets.js';
import { IdentityErrors } from './errors.js';
import { findIdentityToken, insertIdentityToken } from './store.js';

/** A state token lets the flow continue (verify, resend, proceed) for 30 minutes. */
const STATE_TOKEN_TTL_MS = 30 * 60_000;
/** A session token is exchanged for member tokens right away; 5 minutes is plenty. */
const SESSION_TOKEN_TTL_MS = 5 * 60_000;

const PREFIX = { state: 'vsa_', session: 'vst_' } as const;
const TTL = { state: STATE_TOKEN_TTL_MS, session: SESSION_TOKEN_TTL_MS } as const;

/** Who a token is for: the OAuth client it may be used by (null: any) and the visitor who asked. */
export interface Binding {
  clientId: string | null;
  visitorId: string | null;
}

/** Issues a single-use state or session token for the identity; only its digest is stored. */
export async function issueIdentityToken(
  db: Kysely<Database>,
  kind: 'state' | 'session',
  identityId: string,
  binding: Binding,
): Promise<string> {
  const token = randomToken(PREFIX[kind]);
  await insertIdentityToken(db, {
    tokenHash: digest(token),
    kind,
    identityId,
    clientId: binding.clientId,
    visitorId: binding.visitorId,
    expiresAt: new Date(Date.now() + TTL[kind]),
  });
  return token;
}

/**
 * The unused, unexpired state token, when the caller's client may use it (a token bound to a
 * client is refused to another client; a caller without a client, e.g. a hosted page, may use any).
 * @throws DomainError INVALID_STATE_TOKEN
 */
export async function readStateToken(db: Kysely<Database>, token: string, clientId: string | null) {
  const row = await findIdentityToken(db, digest(token), 'state');
  const usable =
    row &&
    !row.used_at &&
    row.expires_at.getTime() > Date.now() &&
    (clientId === null || row.client_id === null || row.client_id === clientId);
  if (!usable) throw new DomainError(IdentityErrors.INVALID_STATE_TOKEN);
  return row;
}
