/** The direct login/registration flow as a UI sees it, over the SDK's login states (spec §4). */
import type { LoginErrorCode, StateMachine } from '@vitrine/sdk';

/**
 * Where a login or registration form stands. The states are the SDK's client login states
 * (`LoginState`), plus `PENDING` while a call is out; `SUCCESS` means member tokens are stored.
 */
export type AuthFlowState =
  | { state: 'INITIAL' }
  | { state: 'PENDING' }
  | { state: 'SUCCESS' }
  /** the server refused: `errorCode` says why when it is one of the spec's codes (§8) */
  | { state: 'FAILURE'; error: string; errorCode?: LoginErrorCode }
  /** a code was e-mailed: call `verifyEmail(code)`; `error` is the refusal of a wrong code */
  | { state: 'EMAIL_VERIFICATION_REQUIRED'; error?: string }
  /** the shop's owner must approve the member before they can sign in */
  | { state: 'OWNER_APPROVAL_REQUIRED' }
  /** the server wants a captcha token: solve it, then `submitCaptcha(tokens)` repeats the attempt */
  | { state: 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED'; error?: string; errorCode?: LoginErrorCode };

/** Failure codes that a captcha token answers (the SDK reports them as FAILURE). */
const CAPTCHA_CODES: ReadonlySet<LoginErrorCode> = new Set(['missingCaptchaToken', 'invalidCaptchaToken']);

/**
 * The flow state of an SDK answer other than SUCCESS (which needs the token exchange first).
 * A captcha failure becomes USER_CAPTCHA_REQUIRED: the caller can do something about it.
 */
export function flowOf(s: Exclude<StateMachine, { loginState: 'SUCCESS' }>): AuthFlowState {
  switch (s.loginState) {
    case 'FAILURE':
      return s.errorCode && CAPTCHA_CODES.has(s.errorCode)
        ? { state: 'USER_CAPTCHA_REQUIRED', error: s.error, errorCode: s.errorCode }
        : { state: 'FAILURE', error: s.error, ...(s.errorCode && { errorCode: s.errorCode }) };
    case 'EMAIL_VERIFICATION_REQUIRED':
      return { state: 'EMAIL_VERIFICATION_REQUIRED' };
    case 'OWNER_APPROVAL_REQUIRED':
      return { state: 'OWNER_APPROVAL_REQUIRED' };
    case 'USER_CAPTCHA_REQUIRED':
    case 'SILENT_CAPTCHA_REQUIRED':
      return { state: s.loginState };
    default:
      return { state: 'INITIAL' };
  }
}

/** The plain message of anything thrown. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
