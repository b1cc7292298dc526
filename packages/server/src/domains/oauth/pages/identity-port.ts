import type { CaptchaTokens } from '../../../platform/captcha/captcha-gate.js';

/** The answer of login, register and verify, in wire form (only what the hosted pages read). */
export interface AuthAnswer {
  state: string;
  stateToken?: string;
  sessionToken?: string;
  identity?: { id?: string; email?: { address?: string } };
}

/** Request context the identity service needs: who asks, from where, for which client. */
export interface IdentityContext {
  ip: string;
  clientId: string | null;
  visitorId: string | null;
}

/** A password link that can still be used: whose it is and what it leads to. */
export interface RecoveryLink {
  email: string;
  /** the registered redirect the link was asked with (the sign-in page it came from) */
  redirectUrl: string | null;
  clientId: string | null;
  /** the account signs in to the console */
  merchant: boolean;
  /** the account has a password already (a reset), rather than choosing its first (an activation) */
  hasPassword: boolean;
}

/** What the hosted pages use of the identity service (narrow, so pages and identity stay apart). */
export interface HostedIdentity {
  login(input: { email: string; password: string; captchaTokens?: CaptchaTokens }, ctx: IdentityContext): Promise<AuthAnswer>;
  register(
    input: { email: string; password: string; profile?: { firstName?: string; lastName?: string }; captchaTokens?: CaptchaTokens },
    ctx: IdentityContext,
  ): Promise<AuthAnswer>;
  verify(input: { code: string; stateToken: string }, ctx: IdentityContext): Promise<AuthAnswer>;
  resendCode(input: { stateToken: string }): Promise<unknown>;
  sendRecoveryEmail(input: { email: string; redirect?: { url: string; clientId: string } }, ctx: IdentityContext): Promise<unknown>;
  recover(input: { recoveryToken: string; password: string }): Promise<unknown>;
  /** The link behind a recovery token; null when it was used, has expired or never existed. */
  inspectRecoveryToken(token: string): Promise<RecoveryLink | null>;
  findIdentity(id: string): Promise<{ email?: { address?: string } } | null>;
}
