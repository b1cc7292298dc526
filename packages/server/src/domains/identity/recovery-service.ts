import type { Kysely } from 'kysely';
import type { CaptchaGate, CaptchaTokens } from '../../platform/captcha/captcha-gate.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { Mail, Mailer } from '../../platform/mail/mailer.js';
import { digest, randomToken } from '../../platform/secrets.js';
import { type ClientRegistry, isRegisteredUri } from '../oauth/clients.js';
import { emailViolations, normalizeEmail, passwordViolations } from './credentials.js';
import { IdentityErrors } from './errors.js';
import { activationMail, recoveryMail } from './mails.js';
import { hashPassword } from './passwords.js';
import * as store from './store.js';
import { EMAIL_VERIFICATION, type IdentityRecord, statusFor } from './wire-identity.js';

/** A recovery link works for one hour. */
const RECOVERY_TTL_MS = 60 * 60_000;
/** An activation link (sent by the merchant, maybe read days later) works for seven days. */
const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** Where the hosted reset page sends the member afterwards: a registered redirect URI of the client. */
export interface RecoveryRedirect {
  url?: string;
  clientId?: string;
}

export interface PasswordRecoveryDeps {
  db: Kysely<Database>;
  publicUrl: string;
  mailer: Mailer;
  captcha: CaptchaGate;
  clients: Pick<ClientRegistry, 'find'>;
  revokeMember: (memberId: string, reason: string) => Promise<void>;
}

/**
 * Password recovery and activation: single-use, expiring links to the hosted reset page
 * (`/account/reset-password?token=…`); setting the password revokes every refresh token of the member.
 */
export class PasswordRecovery {
  constructor(private readonly deps: PasswordRecoveryDeps) {}

  /**
   * Mails a recovery link when a member has this e-mail. Answers `{}` either way, the same, so the
   * call tells nobody which e-mails are members.
   * @throws ValidationFailure (e-mail format, a redirect that is not registered), captcha codes
   */
  async sendRecoveryEmail(
    request: { email: string; redirect?: RecoveryRedirect; captchaTokens?: CaptchaTokens },
    ctx: { ip: string },
  ): Promise<Record<string, never>> {
    const email = normalizeEmail(request.email);
    const redirect = await this.checkRedirect(request.redirect, 'redirect', emailViolations(email, 'email'));
    await this.deps.captcha.check({ tokens: request.captchaTokens, action: 'recover', ip: ctx.ip, identifier: email });
    const identity = await store.findIdentityByEmail(this.deps.db, email);
    if (identity && identity.status !== 'BLOCKED' && identity.status !== 'DELETED') {
      await this.mailLink(identity, redirect, RECOVERY_TTL_MS, (url) => recoveryMail(identity.email, url, RECOVERY_TTL_MS / 60_000));
    }
    return {};
  }

  /**
   * Mails a member a link to choose a password (a merchant's call, e.g. after sign-on).
   * @throws DomainError IDENTITY_NOT_FOUND, MEMBER_BLOCKED, MEMBER_DELETED; ValidationFailure (redirect)
   */
  async sendActivationEmail(request: { identityId: string; redirect?: RecoveryRedirect }): Promise<Record<string, never>> {
    const redirect = await this.checkRedirect(request.redirect, 'emailOptions.redirect', []);
    await this.sendActivationLink(request.identityId, redirect);
    return {};
  }

  /**
   * Mails the identity a link to choose a password and answers the link (the owner's CLI shows it
   * too: a new merchant may not get e-mail yet).
   * @throws DomainError IDENTITY_NOT_FOUND, MEMBER_BLOCKED, MEMBER_DELETED
   */
  async sendActivationLink(
    identityId: string,
    redirect: Required<RecoveryRedirect> | null = null,
    compose: typeof activationMail = activationMail,
  ): Promise<string> {
    const identity = await this.requireIdentity(identityId, IdentityErrors.IDENTITY_NOT_FOUND);
    if (identity.status === 'BLOCKED') throw new DomainError(IdentityErrors.MEMBER_BLOCKED);
    if (identity.status === 'DELETED') throw new DomainError(IdentityErrors.MEMBER_DELETED);
    const days = ACTIVATION_TTL_MS / 86_400_000;
    return this.mailLink(identity, redirect, ACTIVATION_TTL_MS, (url) => compose(identity.email, url, days));
  }

  /**
   * Sets the password with a recovery token: the token is spent (with every other open link of the
   * member), the e-mail counts as verified (the link proved it), and every session of the
   * member ends (refresh tokens and hosted-page sessions), so a thief's sessions end.
   * @throws DomainError INVALID_RECOVERY_TOKEN, MEMBER_BLOCKED, MEMBER_DELETED; ValidationFailure (password policy)
   */
  async recover(request: { recoveryToken: string; password: string }): Promise<Record<string, never>> {
    const hash = digest(request.recoveryToken);
    const token = await store.findRecoveryToken(this.deps.db, hash);
    if (!token || token.used_at || token.expires_at.getTime() <= Date.now()) throw new DomainError(IdentityErrors.INVALID_RECOVERY_TOKEN);
    const identity = await this.requireIdentity(token.identity_id, IdentityErrors.INVALID_RECOVERY_TOKEN);
    if (identity.status === 'BLOCKED') throw new DomainError(IdentityErrors.MEMBER_BLOCKED);
    if (identity.status === 'DELETED') throw new DomainError(IdentityErrors.MEMBER_DELETED);
    const violations = await passwordViolations(request.password, identity.email, 'password');
    if (violations.length) throw new ValidationFailure(violations);
    const passwordHash = await hashPassword(request.password);
    await transaction(this.deps.db, async (trx) => {
      if (!(await store.claimRecoveryToken(trx, hash))) throw new DomainError(IdentityErrors.INVALID_RECOVERY_TOKEN);
      await store.lockIdentity(trx, identity.id);
      const current = await this.requireIdentity(identity.id, IdentityErrors.INVALID_RECOVERY_TOKEN, trx);
      const reasons = current.status_reasons.filter((reason) => reason !== EMAIL_VERIFICATION);
      await store.updateIdentity(trx, identity.id, {
        password_hash: passwordHash,
        must_reset_password: false,
        email_verified: true,
        status_reasons: reasons,
        status: statusFor(current.status, reasons),
      });
      await store.spendRecoveryTokensOf(trx, identity.id);
    });
    await this.deps.revokeMember(identity.id, 'password reset');
    return {};
  }

  /**
   * What the hosted reset page shows for a link: whose it is, whether it sets a first password or
   * replaces one, whether the account is a merchant's, and where to go after; null when not usable.
   */
  async inspect(recoveryToken: string) {
    const token = await store.findRecoveryToken(this.deps.db, digest(recoveryToken));
    if (!token || token.used_at || token.expires_at.getTime() <= Date.now()) return null;
    const [identity, status] = await Promise.all([
      store.findIdentityById(this.deps.db, token.identity_id),
      store.findIdentityStatus(this.deps.db, token.identity_id),
    ]);
    if (!identity || !status) return null;
    const credentials = await store.findCredentialsByEmail(this.deps.db, identity.email);
    return {
      email: identity.email,
      redirectUrl: token.redirect_url,
      clientId: token.client_id,
      merchant: status.role === 'merchant',
      hasPassword: !!credentials?.password_hash,
    };
  }

  private async mailLink(
    identity: IdentityRecord,
    redirect: Required<RecoveryRedirect> | null,
    ttlMs: number,
    mail: (url: string) => Mail,
  ): Promise<string> {
    const token = randomToken('vrc_');
    await store.insertRecoveryToken(this.deps.db, {
      tokenHash: digest(token),
      identityId: identity.id,
      redirectUrl: redirect?.url ?? null,
      clientId: redirect?.clientId ?? null,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    const url = `${this.deps.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(mail(url));
    return url;
  }

  /**
   * The redirect when it is a registered redirect URI of its client (an open redirect otherwise);
   * throws the violations found so far plus the redirect's own.
   */
  private async checkRedirect(requested: RecoveryRedirect | undefined, field: string, found: FieldViolation[]) {
    const violations = [...found];
    let redirect: Required<RecoveryRedirect> | null = null;
    if (requested && (requested.url || requested.clientId)) {
      if (!requested.url)
        violations.push({ field: `${field}.url`, description: 'is required with a clientId', violatedRule: 'REQUIRED_FIELD' });
      if (!requested.clientId)
        violations.push({ field: `${field}.clientId`, description: 'is required with a url', violatedRule: 'REQUIRED_FIELD' });
      if (requested.url && requested.clientId) {
        const client = await this.deps.clients.find(requested.clientId);
        if (!client) {
          violations.push({ field: `${field}.clientId`, description: 'is not a registered client', violatedRule: 'VALIDATION' });
        } else if (!isRegisteredUri(client, requested.url)) {
          violations.push({
            field: `${field}.url`,
            description: 'is not a registered redirect URI of the client',
            violatedRule: 'VALIDATION',
          });
        } else {
          redirect = { url: requested.url, clientId: requested.clientId };
        }
      }
    }
    if (violations.length) throw new ValidationFailure(violations);
    return redirect;
  }

  private async requireIdentity(id: string, code: string, db: Kysely<Database> = this.deps.db): Promise<IdentityRecord> {
    const identity = await store.findIdentityById(db, id);
    if (!identity) throw new DomainError(code);
    return identity;
  }
}
