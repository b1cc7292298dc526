import type { Kysely } from 'kysely';
import type { Config, IdpConnectionConfig } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { IdentityErrors } from './errors.js';
import { type IdTokenClaims, IdTokenVerifier } from './id-token-verifier.js';
import type { Profile } from './profile-schema.js';
import { assertMayLogIn, type RequestContext } from './service.js';
import * as store from './store.js';
import type { Binding } from './tokens.js';
import { ADMIN_APPROVAL, type AuthResponse, EMAIL_VERIFICATION, type IdentityRecord, statusFor } from './wire-identity.js';

export interface SsoServiceDeps {
  db: Kysely<Database>;
  members: Pick<Config['members'], 'approveManually'>;
  /** The identity providers members may sign in with (`VITRINE_IDP_CONNECTIONS`). */
  connections: IdpConnectionConfig[];
  /** The end of a login: SUCCESS with a session token, or the pending step (IdentityService.answer). */
  answer: (identity: IdentityRecord, binding: Binding) => Promise<AuthResponse>;
}

/**
 * Login with an ID token of an OIDC identity provider (spec §7 `v1/sso/login-with-token-params`):
 * the provider proves who the member is, the rest of the login is the password login's.
 */
export class SsoService {
  private readonly verifier = new IdTokenVerifier();

  constructor(private readonly deps: SsoServiceDeps) {}

  /**
   * Verifies the ID token (`tokenParams.id_token`, or `idToken`) of the connection's provider, finds
   * the member by its link to the provider account, else by e-mail, else creates it (ACTIVE, e-mail
   * verified, profile from the claims; waiting for owner approval when members are approved
   * manually), links it, and answers like login.
   * @throws ValidationFailure (no ID token), DomainError UNKNOWN_IDP_CONNECTION, INVALID_ID_TOKEN,
   *   IDP_EMAIL_NOT_VERIFIED, IDP_UNAVAILABLE, MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE
   */
  async loginWithTokenParams(
    input: { idpConnectionId: string; tokenParams: Record<string, string> },
    ctx: RequestContext,
  ): Promise<AuthResponse> {
    const connection = this.deps.connections.find((candidate) => candidate.id === input.idpConnectionId);
    if (!connection) throw new DomainError(IdentityErrors.UNKNOWN_IDP_CONNECTION, { idpConnectionId: input.idpConnectionId });
    const claims = await this.verifier.verify(connection, idTokenOf(input.tokenParams));
    let identity = await this.memberFor(connection.issuer, claims);
    assertMayLogIn(identity);
    await store.insertIdentityLink(this.deps.db, { issuer: connection.issuer, subject: claims.subject, identityId: identity.id });
    // The provider vouches for its e-mail: when it is the member's, it counts as verified here too.
    if (!identity.email_verified && identity.email.toLowerCase() === claims.email.toLowerCase()) {
      identity = await this.markEmailVerified(identity.id);
    }
    return this.deps.answer(identity, { clientId: ctx.clientId, visitorId: ctx.visitorId });
  }

  /** The linked member (the link wins: e-mails change), the member with the e-mail, or a new one. */
  private async memberFor(issuer: string, claims: IdTokenClaims): Promise<IdentityRecord> {
    const db = this.deps.db;
    const found =
      (await store.findIdentityByLink(db, issuer, claims.subject)) ??
      (await store.findIdentityByEmail(db, claims.email)) ??
      (await store.insertIdentity(db, this.newMember(claims))) ??
      (await store.findIdentityByEmail(db, claims.email)); // inserted by a concurrent request
    if (!found) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    return found;
  }

  private newMember(claims: IdTokenClaims) {
    const reasons = this.deps.members.approveManually ? [ADMIN_APPROVAL] : [];
    const profile: Profile = {};
    if (claims.givenName) profile.firstName = claims.givenName;
    if (claims.familyName) profile.lastName = claims.familyName;
    if (claims.picture) profile.picture = claims.picture;
    return { email: claims.email, passwordHash: null, status: statusFor('PENDING', reasons), reasons, emailVerified: true, profile };
  }

  /** Marks the e-mail verified and drops the verification step, with the identity row locked. */
  private markEmailVerified(id: string): Promise<IdentityRecord> {
    return transaction(this.deps.db, async (trx) => {
      await store.lockIdentity(trx, id);
      const current = await store.findIdentityById(trx, id);
      if (!current) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
      const reasons = current.status_reasons.filter((reason) => reason !== EMAIL_VERIFICATION);
      const updated = await store.updateIdentity(trx, id, {
        email_verified: true,
        status_reasons: reasons,
        status: statusFor(current.status, reasons),
      });
      return updated as IdentityRecord;
    });
  }
}

/** The ID token of the token parameters (`id_token` as OIDC names it, or `idToken`). @throws ValidationFailure */
function idTokenOf(tokenParams: Record<string, string>): string {
  const token = tokenParams.id_token ?? tokenParams.idToken;
  if (token) return token;
  throw new ValidationFailure([
    { field: 'tokenParams.id_token', description: 'is required (the ID token, as id_token or idToken)', violatedRule: 'REQUIRED_FIELD' },
  ]);
}
