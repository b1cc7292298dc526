/** 'verification' (spec-era '@wix/identity'): e-mail verification codes. */
import type { AuthenticationResponse, StartVerificationResponse, StateTokenOptions } from '../types/index.js';
import { call } from './call.js';
import { AUTH_S } from './identity-conversions.js';

/** Starts an e-mail verification of an identity (the spec-era path is capitalised: '/v1/Start'). @see spec section 7 "Verification" */
export const start = /* @__PURE__ */ call<
  (options?: { identityId?: string; target?: 'UNKNOWN_TARGET' | 'EMAIL' }) => Promise<StartVerificationResponse>
>({
  r: 'POST /_api/iam/verification/v1/Start',
  a: ['options{identityId,target}'],
});

/** Verifies the e-mailed code of an authentication flow. */
export const verifyDuringAuthentication = /* @__PURE__ */ call<
  (code: string, options?: StateTokenOptions) => Promise<AuthenticationResponse>
>({
  r: 'POST /_api/iam/verification/v1/auth/verify',
  a: ['code', 'options{stateToken}'],
  s: AUTH_S,
});

/** Sends the verification code again. */
export const resendDuringAuthentication = /* @__PURE__ */ call<(stateToken: string) => Promise<AuthenticationResponse>>({
  r: 'POST /_api/iam/verification/v1/auth/resend',
  a: ['stateToken'],
  s: AUTH_S,
});

/** The 'verification' module: its calls by name (each is also exported alone, so one can be imported without the rest). */
export const verification = { start, verifyDuringAuthentication, resendDuringAuthentication };
