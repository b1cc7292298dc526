/** 'recovery' (spec-era '@wix/identity'): password recovery and activation e-mails. */
import type { AuthenticationResponse, EmailOptions, SendActivationEmailOptions } from '../types/index.js';
import { call } from './call.js';
import { AUTH_S } from './identity-conversions.js';

/** Sends a password-recovery e-mail. @see spec section 7 "Recovery" */
export const sendRecoveryEmail = /* @__PURE__ */ call<(email: string, options?: EmailOptions) => Promise<void>>({
  route: 'POST /_api/iam/recovery/v1/send-email',
  args: ['email', 'options{language,redirect}'],
  returns: '-',
});

/** Sends an activation e-mail to an identity. */
const sendActivationEmail = /* @__PURE__ */ call<(identityId: string, options?: SendActivationEmailOptions) => Promise<void>>({
  route: 'POST /_api/iam/recovery/v1/activation-email',
  args: ['identityId', 'options{emailOptions}'],
  returns: '-',
});

/** Sets a new password with a recovery token. */
const recover = /* @__PURE__ */ call<(recoveryToken: string, options?: { password?: string }) => Promise<AuthenticationResponse>>({
  route: 'POST /_api/iam/recovery/v1/recover',
  args: ['recoveryToken', 'options{password}'],
  response: AUTH_S,
});

/** The 'recovery' module: its calls by name (each is also exported alone, so one can be imported without the rest). */
export const recovery = { sendRecoveryEmail, sendActivationEmail, recover };
