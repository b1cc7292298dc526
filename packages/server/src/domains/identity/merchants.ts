/**
 * The shop's merchants: identities with the merchant role, who sign in to the console (issue #7).
 * The owner makes and removes them (`vitrine merchants create|list|remove`); a merchant signs in on
 * the hosted login page like a member, and the console's client then gets merchant tokens.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { emailViolations, normalizeEmail } from './credentials.js';
import { IdentityErrors } from './errors.js';
import * as store from './store.js';
import { toWireIdentity, type WireIdentity } from './wire-identity.js';

export interface MerchantAccountsDeps {
  db: Kysely<Database>;
  /** Mails the identity a link to choose a password; answers the link. */
  activationLink(identityId: string): Promise<string>;
  /** Ends the identity's merchant sessions (OAuth's). */
  revokeMerchant(identityId: string, reason: string): Promise<void>;
}

/** What making a merchant did: who, whether the account is new, and the link to choose a password (when one is needed). */
export interface MadeMerchant {
  identity: WireIdentity;
  created: boolean;
  passwordLink: string | null;
}

export class MerchantAccounts {
  constructor(private readonly deps: MerchantAccountsDeps) {}

  /**
   * Gives the e-mail's identity the merchant role, creating it (active, no password yet) when there is
   * none. An identity without a password gets a link to choose one (e-mailed, and answered).
   * @throws ValidationFailure (e-mail format), DomainError MEMBER_BLOCKED, MEMBER_DELETED
   */
  async create(emailInput: string): Promise<MadeMerchant> {
    const email = normalizeEmail(emailInput);
    const violations = emailViolations(email, 'email');
    if (violations.length) throw new ValidationFailure(violations);
    const { row, created } = await transaction(this.deps.db, async (trx) => {
      const found = await store.findCredentialsByEmail(trx, email);
      if (found) {
        if (found.status === 'BLOCKED') throw new DomainError(IdentityErrors.MEMBER_BLOCKED);
        if (found.status === 'DELETED') throw new DomainError(IdentityErrors.MEMBER_DELETED);
        const promoted = await store.setIdentityRole(trx, found.id, 'merchant');
        return { row: { ...(promoted ?? found), hasPassword: !!found.password_hash }, created: false };
      }
      const inserted = await store.insertIdentity(trx, {
        email,
        passwordHash: null,
        status: 'ACTIVE',
        reasons: [],
        emailVerified: false,
        profile: {},
        role: 'merchant',
      });
      // A concurrent registration took the e-mail between the read and the insert: the owner runs it again.
      if (!inserted) throw new DomainError(IdentityErrors.EMAIL_ALREADY_EXISTS);
      return { row: { ...inserted, hasPassword: false }, created: true };
    });
    const passwordLink = row.hasPassword ? null : await this.deps.activationLink(row.id);
    return { identity: toWireIdentity(row), created, passwordLink };
  }

  /** The merchants, oldest first. */
  async list(): Promise<WireIdentity[]> {
    return (await store.listMerchantIdentities(this.deps.db)).map(toWireIdentity);
  }

  /**
   * Takes the merchant role back (the identity stays a member) and ends their console sessions; an
   * access token they hold expires within minutes (`MERCHANT_ACCESS_TTL`).
   * @throws DomainError IDENTITY_NOT_FOUND (no merchant has the e-mail)
   */
  async remove(emailInput: string): Promise<WireIdentity> {
    const found = await store.findIdentityByEmail(this.deps.db, normalizeEmail(emailInput));
    if (!found || (await store.findIdentityStatus(this.deps.db, found.id))?.role !== 'merchant') {
      throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    }
    const row = await store.setIdentityRole(this.deps.db, found.id, 'member');
    await this.deps.revokeMerchant(found.id, 'merchant removed');
    return toWireIdentity(row ?? found);
  }
}
