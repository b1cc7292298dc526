import type { VitrineError } from '../errors.js';
import { loginV2, registerV2 } from '../modules/authentication.js';
import { verifyDuringAuthentication } from '../modules/verification.js';
import type { Declaration } from '../transport/declaration.js';
import { invoke } from '../transport/invoke.js';
import type { LoginErrorCode, LoginFailure, LoginParams, RegisterParams, StateMachine } from '../types/auth.js';
import type { AuthContext } from './context.js';
import { authorized } from './renewal.js';

export type { LoginParams, RegisterParams, StateMachine } from '../types/auth.js';

/** A login, register or verify answer (spec §7 "Authentication"). */
interface AuthAnswer {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
}

type Codes = Record<string, LoginErrorCode>;
const CAPTCHA: Codes = { '-19971': 'missingCaptchaToken', '-19970': 'invalidCaptchaToken' };
/** Login application codes; any other failure is `invalidEmail`. */
const LOGIN_CODES: Codes = { ...CAPTCHA, '-19976': 'invalidPassword', '-19973': 'resetPassword' };
/** Registration application codes; any other failure has no code. */
const REGISTER_CODES: Codes = { ...CAPTCHA, '-19995': 'emailAlreadyExists' };

/** A FAILURE state, with `errorCode` only when there is one. */
const failed = (error: string, errorCode?: LoginErrorCode): LoginFailure => ({
  loginState: 'FAILURE',
  error,
  ...(errorCode && { errorCode }),
});
const unknownState = () => failed('Unknown _state');

/**
 * Runs an authentication call and maps the server state it answers to the client state (spec §4
 * "Mapping"), which becomes the current one.
 */
async function advance(c: AuthContext, d: Declaration, args: unknown[]): Promise<StateMachine> {
  const r: AuthAnswer | undefined = await invoke(authorized(c), d, args);
  const s = r?.state;
  c.ls =
    s === 'SUCCESS'
      ? { loginState: 'SUCCESS', data: { sessionToken: r!.sessionToken as string } }
      : s === 'REQUIRE_OWNER_APPROVAL'
        ? { loginState: 'OWNER_APPROVAL_REQUIRED' }
        : s === 'REQUIRE_EMAIL_VERIFICATION'
          ? { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: r!.stateToken as string } }
          : unknownState();
  return c.ls;
}

/**
 * Logs in or registers with e-mail and password (`/v2/login`, `/v2/register`); never throws.
 * A failure is a FAILURE state (WIRE.md D05): an e-mail field violation is `invalidEmail` with its
 * description; application codes map through `codes`, numbers like strings (D06); otherwise
 * `fallback`. `error` is the error's plain message.
 */
async function signIn(c: AuthContext, d: Declaration, p: RegisterParams, codes: Codes, fallback?: LoginErrorCode): Promise<StateMachine> {
  const t = p.captchaTokens;
  const options = {
    password: p.password,
    profile: p.profile,
    captchaTokens: t && [{ Recaptcha: t.recaptchaToken, InvisibleRecaptcha: t.invisibleRecaptchaToken }],
  };
  try {
    return await advance(c, d, [{ email: p.email }, options]);
  } catch (e) {
    const details = (e as VitrineError)?.details;
    const email = details?.validationError?.fieldViolations?.find((v) => v.data?.type === 'EMAIL');
    const code = String(details?.applicationError?.code);
    return email
      ? failed(email.description, 'invalidEmail')
      : failed(String((e as Error)?.message ?? e), Object.hasOwn(codes, code) ? codes[code] : fallback);
  }
}

/** @see signIn */
export const login = (c: AuthContext, p: LoginParams) => signIn(c, loginV2, p, LOGIN_CODES, 'invalidEmail');

/** @see signIn */
export const register = (c: AuthContext, p: RegisterParams) => signIn(c, registerV2, p, REGISTER_CODES);

/**
 * Sends the e-mail verification code (`/v1/auth/verify`) while the state (given, or the current
 * one) is EMAIL_VERIFICATION_REQUIRED; otherwise FAILURE 'Unknown _state'.
 * @throws VitrineError when the verification call fails (the state is kept, so it can be retried)
 */
export async function processVerification(
  c: AuthContext,
  next: { verificationCode?: string; code?: string },
  state?: StateMachine,
): Promise<StateMachine> {
  const s = state ?? c.ls;
  if (s.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return unknownState();
  return advance(c, verifyDuringAuthentication, [next.verificationCode ?? next.code, { stateToken: s.data.stateToken }]);
}
