/** `verification` (spec-era `@wix/identity`): e-mail verification codes. */
import type { AuthenticationResponse, StartVerificationResponse, StateTokenOptions } from '../types/index.js';
import { call } from './call.js';
import { AUTH_S } from './identity-conversions.js';

const V1 = '/_api/iam/verification/v1';

export const verification = {
  /** Starts an e-mail verification of an identity (the spec-era path is capitalised: `/v1/Start`). @see spec section 7 "Verification" */
  start: call<(options?: { identityId?: string; target?: 'UNKNOWN_TARGET' | 'EMAIL' }) => Promise<StartVerificationResponse>>({
    r: `POST ${V1}/Start`,
    a: ['options{identityId,target}'],
  }),

  /** Verifies the e-mailed code of an authentication flow. */
  verifyDuringAuthentication: call<(code: string, options?: StateTokenOptions) => Promise<AuthenticationResponse>>({
    r: `POST ${V1}/auth/verify`,
    a: ['code', 'options{stateToken}'],
    s: AUTH_S,
  }),

  /** Sends the verification code again. */
  resendDuringAuthentication: call<(stateToken: string) => Promise<AuthenticationResponse>>({
    r: `POST ${V1}/auth/resend`,
    a: ['stateToken'],
    s: AUTH_S,
  }),
};
