/**
 * The shop's merchants: identities with the merchant role, who sign in to the console (issue #7),
 * each an owner or staff (issue #24). The owner makes and removes them (`vitrine merchants
 * create|list|remove`, or the console's staff page, where an invite is a merchant who has not chosen
 * a password yet); a merchant signs in on the hosted login page like a member, and the console's
 * client then gets merchant tokens.
 */
import type { MerchantRole } from '@vitrine/sdk';
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
/** A merchant as the owner sees them: the role, and `pending` while the invite's link is not used. */
export interface MerchantView {
  id: string;
  email: string;
  role: MerchantRole;
  pending: boolean;
  createdDate: Date;
}

export interface MadeMerchant {
  identity: WireIdentity;
  created: boolean;
  passwordLink: string | null;
}

export class MerchantAccounts {
  constructor(private readonly deps: MerchantAccountsDeps) {}

  /**
   * Gives the e-mail's identity the merchant role, creating it (active, no password yet) when there is
   * none, as `role`. An identity without a password gets a link to choose one (e-mailed, and answered).
   * An existing merchant keeps the higher of their role and `role` (an invite never demotes an owner).
   * @throws ValidationFailure (e-mail format), DomainError MEMBER_BLOCKED, MEMBER_DELETED
   */
  async create(emailInput: string, role: MerchantRole = 'owner'): Promise<MadeMerchant> {
    const email = normalizeEmail(emailInput);
    const violations = emailViolations(email, 'email');
    if (violations.length) throw new ValidationFailure(violations);
    const { row, created } = await transaction(this.deps.db, async (trx) => {
      const found = await store.findCredentialsByEmail(trx, email);
      if (found) {
        if (found.status === 'BLOCKED') throw new DomainError(IdentityErrors.MEMBER_BLOCKED);
        if (found.status === 'DELETED') throw new DomainError(IdentityErrors.MEMBER_DELETED);
        const kept = (await store.findActiveMerchantRole(trx, found.id)) === 'owner' ? 'owner' : role;
        const promoted = await store.setIdentityRole(trx, found.id, kept);
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
        merchantRole: role,
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

  /** The merchants and pending invites with their roles, oldest first (the console's staff page). */
  async listWithRoles(): Promise<MerchantView[]> {
    const rows = await store.listMerchantIdentities(this.deps.db);
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.merchant_role ?? 'staff',
      pending: !row.has_password,
      createdDate: row.created_date,
    }));
  }

  /** The role of an active merchant, or null (not a merchant, or not active): read at every merchant call. */
  async roleOf(identityId: string): Promise<MerchantRole | null> {
    return (await store.findActiveMerchantRole(this.deps.db, identityId)) ?? null;
  }

  /**
   * Takes the merchant role back (the identity stays a member) and ends their console sessions; an
   * access token they hold stops working at once, since every merchant call reads the role.
   * @throws DomainError IDENTITY_NOT_FOUND (no merchant has the e-mail), LAST_OWNER
   */
  async remove(emailInput: string): Promise<WireIdentity> {
    const found = await store.findIdentityByEmail(this.deps.db, normalizeEmail(emailInput));
    if (!found) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    return this.takeBack(found.id);
  }

  /**
   * The owner removes a merchant, or revokes an invite (its link stops working), by id; never themselves.
   * @throws DomainError IDENTITY_NOT_FOUND, MERCHANT_REMOVES_SELF, LAST_OWNER
   */
  async removeById(identityId: string, byMerchantId: string): Promise<WireIdentity> {
    if (identityId === byMerchantId) throw new DomainError(IdentityErrors.MERCHANT_REMOVES_SELF);
    return this.takeBack(identityId);
  }

  /** Makes the merchant a member again, keeping an owner, spends their open links and ends their console sessions. */
  private async takeBack(identityId: string): Promise<WireIdentity> {
    if (!(await store.findIdentityById(this.deps.db, identityId))) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    const row = await transaction(this.deps.db, async (trx) => {
      const owners = await store.lockOwnerIds(trx);
      const role = await store.findActiveMerchantRole(trx, identityId);
      const status = await store.findIdentityStatus(trx, identityId);
      if (status?.role !== 'merchant') throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
      if (role === 'owner' && owners.length === 1) throw new DomainError(IdentityErrors.LAST_OWNER);
      await store.spendRecoveryTokensOf(trx, identityId);
      return store.setIdentityRole(trx, identityId, null);
    });
    await this.deps.revokeMerchant(identityId, 'merchant removed');
    if (!row) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    return toWireIdentity(row);
  }
}
