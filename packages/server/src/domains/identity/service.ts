import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { CaptchaGate, CaptchaTokens } from '../../platform/captcha/captcha-gate.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { digest } from '../../platform/secrets.js';
import type { ClientRegistry } from '../oauth/clients.js';
import { emailViolations, normalizeEmail, passwordViolations } from './credentials.js';
import { IdentityErrors } from './errors.js';
import { merchantInviteMail } from './mails.js';
import { hashPassword, needsRehash, passwordVerifier } from './passwords.js';
import { type NamesPatch, planNamesPatch } from './profile-names.js';
import type { Profile } from './profile-schema.js';
import { PasswordRecovery, type RecoveryRedirect } from './recovery-service.js';
import * as store from './store.js';
import { type Binding, issueIdentityToken, readStateToken } from './tokens.js';
import { VerificationCodes } from './verification-codes.js';
import {
  ADMIN_APPROVAL,
  type AuthResponse,
  type AuthState,
  EMAIL_VERIFICATION,
  type IdentityRecord,
  type SignOnResponse,
  statusFor,
  toWireIdentity,
  type WireIdentity,
} from './wire-identity.js';

/** Who asks: the client IP (captcha risk), the caller's OAuth client and visitor (token binding). */
export interface RequestContext {
  ip: string;
  clientId: string | null;
  visitorId: string | null;
}

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  members: Config['members'];
  publicUrl: string;
  mailer: Mailer;
  captcha: CaptchaGate;
  clients: Pick<ClientRegistry, 'find'>;
  /**
   * Ends every session of a member (OAuth's, after a password reset or change) but the one named
   * `sparedSessionId` (an access token's `sid`: the session a change was made from).
   */
  revokeMember: (memberId: string, reason: string, sparedSessionId?: string) => Promise<void>;
  /** Gives a signed-in member the guest orders of its e-mail once it is verified (the checkout's `GuestOrders`). */
  claimGuestOrders?: (member: { memberId: string; email: string; emailVerified: boolean }) => Promise<unknown>;
}

/**
 * Members: registration, password login, the e-mail verification and owner approval steps, sign-on
 * by a merchant, password change and recovery. Answers are the wire objects of spec §7
 * "Authentication"; the hosted pages call the same methods as the routes.
 */
export class IdentityService {
  private readonly codes: VerificationCodes;
  private readonly recovery: PasswordRecovery;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.codes = new VerificationCodes(deps.db, deps.mailer);
    this.recovery = new PasswordRecovery(deps);
  }

  /**
   * Registers a member with e-mail and password; answers SUCCESS, or the next step
   * (REQUIRE_EMAIL_VERIFICATION with a mailed code, REQUIRE_OWNER_APPROVAL).
   * @throws ValidationFailure (e-mail format, password policy), DomainError EMAIL_ALREADY_EXISTS, captcha codes
   */
  async register(
    input: { email: string; password: string; profile?: Profile; captchaTokens?: CaptchaTokens },
    ctx: RequestContext,
  ): Promise<AuthResponse> {
    const email = normalizeEmail(input.email);
    const violations = [...emailViolations(email, 'loginId.email'), ...(await passwordViolations(input.password, email, 'password'))];
    if (violations.length) throw new ValidationFailure(violations);
    await this.deps.captcha.check({ tokens: input.captchaTokens, action: 'register', ip: ctx.ip, identifier: email });
    // A cheap answer before the costly hash; the unique index still decides under races.
    if (await store.findIdentityByEmail(this.deps.db, email)) throw new DomainError(IdentityErrors.EMAIL_ALREADY_EXISTS);
    const passwordHash = await hashPassword(input.password);
    const reasons = [
      ...(this.deps.members.approveManually ? [ADMIN_APPROVAL] : []),
      ...(this.deps.members.verifyEmailOnRegister ? [EMAIL_VERIFICATION] : []),
    ];
    const identity = await store.insertIdentity(this.deps.db, {
      email,
      passwordHash,
      status: statusFor('PENDING', reasons),
      reasons,
      emailVerified: false,
      profile: input.profile ?? {},
    });
    if (!identity) throw new DomainError(IdentityErrors.EMAIL_ALREADY_EXISTS);
    return this.answer(identity, ctx);
  }

  /**
   * Logs a member in with e-mail and password; answers like {@link register}.
   * @throws ValidationFailure (e-mail format), DomainError NO_MEMBER_WITH_EMAIL, WRONG_PASSWORD,
   *   MUST_RESET_PASSWORD, MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE, captcha codes
   */
  async login(input: { email: string; password: string; captchaTokens?: CaptchaTokens }, ctx: RequestContext): Promise<AuthResponse> {
    const email = normalizeEmail(input.email);
    const violations = emailViolations(email, 'loginId.email');
    if (violations.length) throw new ValidationFailure(violations);
    const attempt = { action: 'login' as const, ip: ctx.ip, identifier: email };
    await this.deps.captcha.check({ ...attempt, tokens: input.captchaTokens });
    const found = await store.findCredentialsByEmail(this.deps.db, email);
    if (!found) {
      await passwordVerifier.verifyForNobody(input.password);
      await this.deps.captcha.recordFailure(attempt);
      throw new DomainError(IdentityErrors.NO_MEMBER_WITH_EMAIL);
    }
    // Signed on by a merchant, or activation pending: no password to check; recovery sets one.
    if (!found.password_hash) throw new DomainError(IdentityErrors.MUST_RESET_PASSWORD);
    if (!(await passwordVerifier.verify(found.password_hash, input.password))) {
      await this.deps.captcha.recordFailure(attempt);
      throw new DomainError(IdentityErrors.WRONG_PASSWORD);
    }
    // Status is told only to whoever knows the password.
    if (found.must_reset_password) throw new DomainError(IdentityErrors.MUST_RESET_PASSWORD);
    assertMayLogIn(found);
    if (needsRehash(found.password_hash)) {
      await store.replacePasswordHash(this.deps.db, found.id, found.password_hash, await hashPassword(input.password));
    }
    await this.deps.captcha.clearFailures({ action: 'login', identifier: email });
    return this.answer(found, ctx);
  }

  /**
   * Verifies the mailed code of a REQUIRE_EMAIL_VERIFICATION state and answers the next state.
   * @throws DomainError INVALID_STATE_TOKEN, WRONG_VERIFICATION_CODE, VERIFICATION_CODE_EXPIRED,
   *   TOO_MANY_VERIFICATION_ATTEMPTS, MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE
   */
  async verify(input: { code: string; stateToken: string }, ctx: RequestContext): Promise<AuthResponse> {
    const state = await readStateToken(this.deps.db, input.stateToken, ctx.clientId);
    assertMayLogIn(await this.requireIdentity(state.identity_id, IdentityErrors.INVALID_STATE_TOKEN));
    const codeId = await this.codes.check(state.identity_id, input.code);
    const identity = await transaction(this.deps.db, async (trx) => {
      await this.codes.spend(trx, codeId);
      await claimState(trx, input.stateToken);
      return this.changeReasons(trx, state.identity_id, { remove: EMAIL_VERIFICATION, verified: true });
    });
    return this.answer(identity, bindingOf(state, ctx));
  }

  /**
   * Mails a new code for the identity of a pending state (the state token stays valid).
   * @throws DomainError INVALID_STATE_TOKEN, VERIFICATION_CODE_TOO_SOON
   */
  async resendCode(input: { stateToken: string }, ctx?: Pick<RequestContext, 'clientId'>): Promise<Record<string, never>> {
    const state = await readStateToken(this.deps.db, input.stateToken, ctx?.clientId ?? null);
    const identity = await this.requireIdentity(state.identity_id, IdentityErrors.INVALID_STATE_TOKEN);
    assertMayLogIn(identity);
    if (!identity.email_verified) await this.codes.send(identity, 'refuse');
    return {};
  }

  /**
   * Re-evaluates a pending state (e.g. after the owner approved the member) and answers the state
   * that now applies, with a new state token or a session token. The given token is spent.
   * @throws DomainError INVALID_STATE_TOKEN, MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE
   */
  async proceed(input: { stateToken: string }, ctx: RequestContext): Promise<AuthResponse> {
    const state = await readStateToken(this.deps.db, input.stateToken, ctx.clientId);
    const identity = await this.requireIdentity(state.identity_id, IdentityErrors.INVALID_STATE_TOKEN);
    assertMayLogIn(identity);
    await claimState(this.deps.db, input.stateToken);
    return this.answer(identity, bindingOf(state, ctx));
  }

  /**
   * A merchant signs a member on without a password: finds the member by e-mail or creates it
   * (ACTIVE: the owner vouches for it), and answers a session token for it. `verifyEmail` marks the
   * e-mail verified. A new member gets `profile`; an existing one keeps its own.
   * @throws ValidationFailure (e-mail format), DomainError MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE
   */
  async signOn(input: { email: string; profile?: Profile; verifyEmail?: boolean }, ctx: RequestContext): Promise<SignOnResponse> {
    const email = normalizeEmail(input.email);
    const violations = emailViolations(email, 'loginId.email');
    if (violations.length) throw new ValidationFailure(violations);
    const verified = input.verifyEmail === true;
    let identity =
      (await store.findIdentityByEmail(this.deps.db, email)) ??
      (await store.insertIdentity(this.deps.db, {
        email,
        passwordHash: null,
        status: 'ACTIVE',
        reasons: [],
        emailVerified: verified,
        profile: input.profile ?? {},
      })) ??
      (await store.findIdentityByEmail(this.deps.db, email)); // inserted by a concurrent request
    if (!identity) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    if (verified && !identity.email_verified) {
      const id = identity.id;
      identity = await transaction(this.deps.db, (trx) => this.changeReasons(trx, id, { remove: EMAIL_VERIFICATION, verified }));
    }
    assertMayLogIn(identity);
    if (identity.status !== 'ACTIVE') throw new DomainError(IdentityErrors.MEMBER_NOT_ACTIVE);
    await this.claimGuestOrders(identity);
    const sessionToken = await issueIdentityToken(this.deps.db, 'session', identity.id, ctx);
    return { identity: toWireIdentity(identity), sessionToken };
  }

  /**
   * Sets a new password for a logged-in member (policy as on registration) and ends every other
   * session of the member (refresh families and hosted sessions), so whoever knew the old password is
   * signed out; the session the change was made from (`sessionId`, the access token's `sid`) stays.
   * @throws ValidationFailure (password policy, on `newPassword`), DomainError IDENTITY_NOT_FOUND
   */
  async changePassword(memberId: string, newPassword: string, sessionId?: string): Promise<Record<string, never>> {
    const identity = await this.requireIdentity(memberId, IdentityErrors.IDENTITY_NOT_FOUND);
    const violations = await passwordViolations(newPassword, identity.email, 'newPassword');
    if (violations.length) throw new ValidationFailure(violations);
    const passwordHash = await hashPassword(newPassword);
    await store.updateIdentity(this.deps.db, memberId, { password_hash: passwordHash, must_reset_password: false });
    await this.deps.revokeMember(memberId, 'password change', sessionId);
    return {};
  }

  /**
   * The member's own edit of their names (account page); answers the identity as it now is.
   * @throws ValidationFailure (fields named `<fieldPrefix><field>`), DomainError IDENTITY_NOT_FOUND
   */
  async updateNames(memberId: string, patch: NamesPatch, fieldPrefix = ''): Promise<WireIdentity> {
    const { set, remove, violations } = planNamesPatch(patch, fieldPrefix);
    if (violations.length) throw new ValidationFailure(violations);
    const row = await store.patchIdentityProfile(this.deps.db, memberId, set, remove);
    if (!row) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    return toWireIdentity(row);
  }

  /** Whether an e-mail could register: well-formed and not taken. */
  async validateEmail(email: string): Promise<{ valid: boolean }> {
    const normalized = normalizeEmail(email);
    if (emailViolations(normalized, 'email').length) return { valid: false };
    return { valid: !(await store.findIdentityByEmail(this.deps.db, normalized)) };
  }

  /**
   * Mails a verification code to the identity (verified later with a state token of its flow).
   * @throws DomainError IDENTITY_NOT_FOUND, VERIFICATION_CODE_TOO_SOON
   */
  async startVerification(identityId: string): Promise<{ verificationId: string }> {
    const identity = await this.requireIdentity(identityId, IdentityErrors.IDENTITY_NOT_FOUND);
    const verificationId = await this.codes.send(identity, 'refuse');
    return { verificationId: verificationId as string };
  }

  /**
   * The owner approves a member waiting for approval (`vitrine members approve`).
   * @throws DomainError IDENTITY_NOT_FOUND
   */
  async approveMember(email: string): Promise<WireIdentity> {
    const found = await store.findIdentityByEmail(this.deps.db, normalizeEmail(email));
    if (!found) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
    const identity = await transaction(this.deps.db, (trx) => this.changeReasons(trx, found.id, { remove: ADMIN_APPROVAL }));
    return toWireIdentity(identity);
  }

  /** The identity in wire form, or null when there is none with this id. */
  async findIdentity(id: string): Promise<WireIdentity | null> {
    const row = await store.findIdentityById(this.deps.db, id);
    return row ? toWireIdentity(row) : null;
  }

  /** @see PasswordRecovery.sendRecoveryEmail */
  sendRecoveryEmail(
    input: { email: string; redirect?: RecoveryRedirect; captchaTokens?: CaptchaTokens },
    ctx: RequestContext,
  ): Promise<Record<string, never>> {
    return this.recovery.sendRecoveryEmail(input, ctx);
  }

  /** @see PasswordRecovery.sendActivationLink */
  sendActivationLink(identityId: string): Promise<string> {
    return this.recovery.sendActivationLink(identityId);
  }

  /** Mails a new merchant the invite to the console, whose link chooses their password; answers the link. */
  sendMerchantInvite(identityId: string): Promise<string> {
    return this.recovery.sendActivationLink(identityId, null, merchantInviteMail);
  }

  /** @see PasswordRecovery.sendActivationEmail */
  sendActivationEmail(input: { identityId: string; redirect?: RecoveryRedirect }): Promise<Record<string, never>> {
    return this.recovery.sendActivationEmail(input);
  }

  /** @see PasswordRecovery.recover */
  recover(input: { recoveryToken: string; password: string }): Promise<Record<string, never>> {
    return this.recovery.recover(input);
  }

  /** @see PasswordRecovery.inspect */
  inspectRecoveryToken(token: string) {
    return this.recovery.inspect(token);
  }

  /**
   * The state the identity is in, answered with a session token (SUCCESS) or a new state token;
   * the end of every login, whatever proved who the member is (password, code, ID token).
   */
  async answer(identity: IdentityRecord, binding: Binding): Promise<AuthResponse> {
    const state = this.stepOf(identity);
    const wire = toWireIdentity(identity);
    if (state === 'SUCCESS') {
      await store.touchLastLogin(this.deps.db, identity.id);
      if (await this.signsInAsShopper(binding)) await this.claimGuestOrders(identity);
      const sessionToken = await issueIdentityToken(this.deps.db, 'session', identity.id, binding);
      return { identity: wire, state, sessionToken, additionalData: {} };
    }
    if (state === 'REQUIRE_EMAIL_VERIFICATION') await this.codes.send(identity, 'skip');
    const stateToken = await issueIdentityToken(this.deps.db, 'state', identity.id, binding);
    return { identity: wire, state, stateToken, additionalData: {} };
  }

  /**
   * Whether a sign-in is a shopper's: any client but a merchant one (the console). A merchant signing in
   * to run the shop is not buying, so the guest orders of its e-mail stay guest orders (#20).
   */
  private async signsInAsShopper(binding: Binding): Promise<boolean> {
    if (binding.clientId === null) return true;
    return (await this.deps.clients.find(binding.clientId))?.audience !== 'merchant';
  }

  /** A member who proved its e-mail takes the guest orders placed with it (nothing while unverified). */
  private async claimGuestOrders(identity: IdentityRecord): Promise<void> {
    await this.deps.claimGuestOrders?.({ memberId: identity.id, email: identity.email, emailVerified: identity.email_verified });
  }

  private stepOf(identity: IdentityRecord): AuthState {
    const reasons = identity.status_reasons;
    const mustVerify = this.deps.members.verifyEmailOnRegister || reasons.includes(EMAIL_VERIFICATION);
    if (mustVerify && !identity.email_verified) return 'REQUIRE_EMAIL_VERIFICATION';
    if (reasons.includes(ADMIN_APPROVAL)) return 'REQUIRE_OWNER_APPROVAL';
    return 'SUCCESS';
  }

  /** Drops a pending reason (and marks the e-mail verified), with the identity row locked. */
  private async changeReasons(trx: Kysely<Database>, id: string, change: { remove: string; verified?: boolean }): Promise<IdentityRecord> {
    await store.lockIdentity(trx, id);
    const current = await this.requireIdentity(id, IdentityErrors.IDENTITY_NOT_FOUND, trx);
    const reasons = current.status_reasons.filter((reason) => reason !== change.remove);
    const updated = await store.updateIdentity(trx, id, {
      status_reasons: reasons,
      status: statusFor(current.status, reasons),
      ...(change.verified ? { email_verified: true } : {}),
    });
    return updated as IdentityRecord;
  }

  private async requireIdentity(id: string, code: string, db: Kysely<Database> = this.deps.db): Promise<IdentityRecord> {
    const row = await store.findIdentityById(db, id);
    if (!row) throw new DomainError(code);
    return row;
  }
}

/**
 * Blocked, deleted and other inactive identities cannot log in. PENDING is fine: its reasons are
 * the steps the flow answers.
 * @throws DomainError MEMBER_BLOCKED, MEMBER_DELETED, MEMBER_NOT_ACTIVE
 */
export function assertMayLogIn(identity: { status: string }): void {
  if (identity.status === 'BLOCKED') throw new DomainError(IdentityErrors.MEMBER_BLOCKED);
  if (identity.status === 'DELETED') throw new DomainError(IdentityErrors.MEMBER_DELETED);
  if (identity.status !== 'ACTIVE' && identity.status !== 'PENDING') throw new DomainError(IdentityErrors.MEMBER_NOT_ACTIVE);
}

/** Spends a state token, atomically. @throws DomainError INVALID_STATE_TOKEN when it was spent already */
async function claimState(db: Kysely<Database>, token: string): Promise<void> {
  if (!(await store.claimIdentityToken(db, digest(token), 'state'))) throw new DomainError(IdentityErrors.INVALID_STATE_TOKEN);
}

/** The binding of the flow's first request is kept; the caller's fills in what it lacked. */
function bindingOf(state: { client_id: string | null; visitor_id: string | null }, ctx: RequestContext): Binding {
  return { clientId: state.client_id ?? ctx.clientId, visitorId: state.visitor_id ?? ctx.visitorId };
}
