/** 'verification' (spec-era '@wix/identity'): e-mail verification codes. */
import type { AuthenticationResponse, StartVerificationResponse, StateTokenOptions } from '../types/index.js';
import { call } from './call.js';
import { AUTH_S } from './identity-conversions.js';

/** Starts an e-mail verification of an identity (the spec-era path is capitalised: '/v1/Start'). @see spec section 7 "Verification" */
const start = /* @__PURE__ */ call<
  (options?: { identityId?: string; target?: 'UNKNOWN_TARGET' | 'EMAIL' }) => Promise<StartVerificationResponse>
>({
  route: 'POST /_api/iam/verification/v1/Start',
  args: ['options{identityId,target}'],
});

/** Verifies the e-mailed code of an authentication flow. */
export const verifyDuringAuthentication = /* @__PURE__ */ call<
  (code: string, options?: StateTokenOptions) => Promise<AuthenticationResponse>
>({
  route: 'POST /_api/iam/verification/v1/auth/verify',
  args: ['code', 'options{stateToken}'],
  response: AUTH_S,
});

/** Sends the verification code again. */
const resendDuringAuthentication = /* @__PURE__ */ call<(stateToken: string) => Promise<AuthenticationResponse>>({
  route: 'POST /_api/iam/verification/v1/auth/resend',
  args: ['stateToken'],
  response: AUTH_S,
});

/** The 'verification' module: its calls by name (each is also exported alone, so one can be imported without the rest). */
export const verification = { start, verifyDuringAuthentication, resendDuringAuthentication };
