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
async function advance(context: AuthContext, declaration: Declaration, args: unknown[]): Promise<StateMachine> {
  const answer: AuthAnswer | undefined = await invoke(authorized(context), declaration, args);
  const state = answer?.state;
  context.loginState =
    state === 'SUCCESS'
      ? { loginState: 'SUCCESS', data: { sessionToken: answer!.sessionToken as string } }
      : state === 'REQUIRE_OWNER_APPROVAL'
        ? { loginState: 'OWNER_APPROVAL_REQUIRED' }
        : state === 'REQUIRE_EMAIL_VERIFICATION'
          ? { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: answer!.stateToken as string } }
          : unknownState();
  return context.loginState;
}

/**
 * Logs in or registers with e-mail and password (`/v2/login`, `/v2/register`); never throws.
 * A failure is a FAILURE state (WIRE.md D05): an e-mail field violation is `invalidEmail` with its
 * description; application codes map through `codes`, numbers like strings (D06); otherwise
 * `fallback`. `error` is the error's plain message.
 */
async function signIn(
  context: AuthContext,
  declaration: Declaration,
  params: RegisterParams,
  codes: Codes,
  fallback?: LoginErrorCode,
): Promise<StateMachine> {
  const captchaTokens = params.captchaTokens;
  const options = {
    password: params.password,
    profile: params.profile,
    captchaTokens: captchaTokens && [
      { Recaptcha: captchaTokens.recaptchaToken, InvisibleRecaptcha: captchaTokens.invisibleRecaptchaToken },
    ],
  };
  try {
    return await advance(context, declaration, [{ email: params.email }, options]);
  } catch (error) {
    const details = (error as VitrineError)?.details;
    const email = details?.validationError?.fieldViolations?.find((violation) => violation.data?.type === 'EMAIL');
    const code = String(details?.applicationError?.code);
    return email
      ? failed(email.description, 'invalidEmail')
      : failed(String((error as Error)?.message ?? error), Object.hasOwn(codes, code) ? codes[code] : fallback);
  }
}

/** @see signIn */
export const login = (context: AuthContext, params: LoginParams) => signIn(context, loginV2, params, LOGIN_CODES, 'invalidEmail');

/** @see signIn */
export const register = (context: AuthContext, params: RegisterParams) => signIn(context, registerV2, params, REGISTER_CODES);

/**
 * Sends the e-mail verification code (`/v1/auth/verify`) while the state (given, or the current
 * one) is EMAIL_VERIFICATION_REQUIRED; otherwise FAILURE 'Unknown _state'.
 * @throws VitrineError when the verification call fails (the state is kept, so it can be retried)
 */
export async function processVerification(
  context: AuthContext,
  next: { verificationCode?: string; code?: string },
  state?: StateMachine,
): Promise<StateMachine> {
  const machine = state ?? context.loginState;
  if (machine.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return unknownState();
  return advance(context, verifyDuringAuthentication, [next.verificationCode ?? next.code, { stateToken: machine.data.stateToken }]);
}
