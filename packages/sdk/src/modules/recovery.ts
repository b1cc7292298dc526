/** `recovery` (spec-era `@wix/identity`): password recovery and activation e-mails. */
import type { AuthenticationResponse, EmailOptions, SendActivationEmailOptions } from '../types/index.js';
import { call } from './call.js';
import { AUTH_S } from './identity-conversions.js';

const V1 = '/_api/iam/recovery/v1';

export const recovery = {
  /** Sends a password-recovery e-mail. @see spec section 7 "Recovery" */
  sendRecoveryEmail: call<(email: string, options?: EmailOptions) => Promise<void>>({
    r: `POST ${V1}/send-email`,
    a: ['email', 'options{language,redirect}'],
    o: '-',
  }),

  /** Sends an activation e-mail to an identity. */
  sendActivationEmail: call<(identityId: string, options?: SendActivationEmailOptions) => Promise<void>>({
    r: `POST ${V1}/activation-email`,
    a: ['identityId', 'options{emailOptions}'],
    o: '-',
  }),

  /** Sets a new password with a recovery token. */
  recover: call<(recoveryToken: string, options?: { password?: string }) => Promise<AuthenticationResponse>>({
    r: `POST ${V1}/recover`,
    a: ['recoveryToken', 'options{password}'],
    s: AUTH_S,
  }),
};
