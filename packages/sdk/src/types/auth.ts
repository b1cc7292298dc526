import type { LoginState, TokenRole } from './enums-identity.js';
import type { Prompt } from './enums-redirects.js';
import type { IdentityProfile } from './identity.js';

/** An access token and when it expires (spec §3 "Token pair"). */
export interface AccessToken {
  value: string;
  /** expiry in epoch seconds; `0` for the empty token */
  expiresAt: number;
}

/** A refresh token and whose it is (spec §3 "Token pair"). */
export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** The token pair of the OAuth strategy. */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Answer of `POST /oauth2/token` (wire names). */
export interface OAuthTokenResponse {
  access_token: string;
  /** lifetime in seconds */
  expires_in: number;
  refresh_token?: string;
}

/** The PKCE values of one authorization request. */
export interface OAuthPKCE {
  /** base64url SHA-256 of the verifier (S256) */
  codeChallenge: string;
  /** 43–128 characters of `A–Z a–z 0–9 - . _ ~` */
  codeVerifier: string;
  state: string;
}

/** PKCE data of one authorization-code flow (`generateOAuthData`): keep it until the user comes back. */
export interface OauthData extends OAuthPKCE {
  redirectUri: string;
  /** where to return after login; `''` when not given */
  originalUri: string;
}

/** Same as {@link OauthData}. */
export type OAuthData = OauthData;

/** How the authorization answer comes back: in the query, the fragment (default) or a window message. */
export type ResponseMode = 'query' | 'fragment' | 'web_message';

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** default `login` */
  prompt?: Prompt;
  /** default `fragment` */
  responseMode?: ResponseMode;
  sessionToken?: string;
  /** accepted for compatibility; not sent (the spec-era request has no idp) */
  idp?: string;
}

/** Answer of `getAuthUrl`. */
export interface AuthUrlResult {
  /** the redirect session's `fullUrl` */
  authUrl: string;
  /** the redirect session's `urlDetails.endpoint` */
  authorizationEndpoint?: string;
  sessionToken?: string | null;
}

/** What `parseFromUrl` reads from the return address (spec §2). */
export interface ParsedAuthResult {
  code: string | null;
  state: string | null;
  /** only when the return address carries an error */
  error?: string;
  errorDescription?: string | null;
}

/** Answer of `logout`. */
export interface LogoutResult {
  logoutUrl: string;
}

/** Captcha tokens of a login or register (one visible, one invisible captcha). */
export interface CaptchaTokens {
  invisibleRecaptchaToken?: string;
  recaptchaToken?: string;
}

/** Input of the strategy's `login`. */
export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** Input of the strategy's `register`. */
export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

/** Input of `processVerification`: the code from the verification e-mail. */
export interface ProcessVerificationParams {
  verificationCode?: string;
  /** alias of `verificationCode` */
  code?: string;
}

/** Why a login or register failed (spec §8). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken';

/** No login attempted yet. */
export interface InitialState {
  loginState: typeof LoginState.INITIAL;
}

/** Logged in: exchange the session token for member tokens. */
export interface SuccessState {
  loginState: typeof LoginState.SUCCESS;
  data: { sessionToken: string };
}

/** The login or register failed. */
export interface FailureState {
  loginState: typeof LoginState.FAILURE;
  /** plain message, e.g. `Unknown _state` or the server's message */
  error: string;
  errorCode?: LoginErrorCode;
}

/** A code was e-mailed; pass it to `processVerification`. */
export interface EmailVerificationRequiredState {
  loginState: typeof LoginState.EMAIL_VERIFICATION_REQUIRED;
  data: { stateToken: string };
}

/** The site owner must approve the member first. */
export interface OwnerApprovalRequiredState {
  loginState: typeof LoginState.OWNER_APPROVAL_REQUIRED;
}

/** A failed login or register (same as {@link FailureState}). */
export type LoginFailure = FailureState;

/** The user must solve a visible captcha. */
export interface UserCaptchaRequiredState {
  loginState: typeof LoginState.USER_CAPTCHA_REQUIRED;
}

/** An invisible captcha token is needed. */
export interface SilentCaptchaRequiredState {
  loginState: typeof LoginState.SILENT_CAPTCHA_REQUIRED;
}

/** Result of `login`, `register` and `processVerification` (spec §4 "Client login states"). */
export type StateMachine =
  | InitialState
  | SuccessState
  | FailureState
  | EmailVerificationRequiredState
  | OwnerApprovalRequiredState
  | UserCaptchaRequiredState
  | SilentCaptchaRequiredState;
