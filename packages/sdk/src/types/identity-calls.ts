import type { StateType } from './enums-identity.js';
import type { CustomValue, Identifier, Identity, IdentityProfile } from './identity.js';

/** The login id of register, login and sign-on calls. */
export interface LoginId {
  email?: string;
}

/** One captcha token as sent on the wire: a visible (`Recaptcha`) or invisible one. */
export interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  noCaptcha?: string;
}

/** Answer of login, register, sign-on, proceed and verify calls (spec §3 "Identity"). */
export interface AuthenticationResponse {
  identity?: Identity;
  /** extra data of the identity, by key */
  additionalData?: Record<string, CustomValue>;
  /** the server authentication state */
  state?: StateType;
  /** set when the flow continues (e.g. e-mail verification) */
  stateToken?: string | null;
  /** set on success: exchange it for member tokens */
  sessionToken?: string | null;
}

/** Server state of a v1 login or register answer. */
export interface V1AuthenticationState {
  /** e.g. `REQUIRE_EMAIL_VERIFICATION` or `DONE` */
  status?: string;
  stateToken?: string | null;
}

/** Answer of the v1 `login` and `register` calls. */
export interface V1AuthenticationResponse {
  identity?: Identity;
  state?: V1AuthenticationState;
  sessionToken?: string | null;
}

/** Options of `registerV2` (`POST /v2/register`). */
export interface RegisterV2Options {
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
}

/** Options of `loginV2` (`POST /v2/login`). */
export interface LoginV2Options {
  password?: string;
  captchaTokens?: CaptchaToken[];
}

/** Options of the v1 `register` call. */
export interface RegisterV1Options {
  authenticatorId?: string;
  /** authenticator inputs, e.g. `{password}` */
  inputs?: Record<string, string>;
  captchaTokens?: CaptchaToken[];
}

/** Options of the v1 `login` call. */
export interface LoginV1Options extends RegisterV1Options {
  loginId?: LoginId;
}

/** Identity input of the v1 `register` call. */
export interface RegisterV1Identity {
  identifiers?: Identifier[];
  identityProfile?: IdentityProfile;
}

/** Answer of `signOn`: the identity and a session token for it. */
export interface SignOnResponse {
  identity?: Identity;
  sessionToken?: string | null;
}

/** Answer of the authentication `logout` call (`GET /v1/logout`). */
export interface LogoutResponse {
  /** the hosted logout page (base64 on the wire) */
  body?: Uint8Array;
}

/** Options of `signOn` (`POST /v2/sign-on`). */
export interface SignOnOptions {
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

/** Options of `proceedToNextState` and `resendDuringAuthentication`. */
export interface StateTokenOptions {
  stateToken?: string;
}

/** Where a recovery or activation e-mail link leads. */
export interface RecoveryRedirect {
  url?: string;
  clientId?: string;
}

/** Language and link of a recovery or activation e-mail (the options of `sendRecoveryEmail`). */
export interface EmailOptions {
  language?: string | null;
  redirect?: RecoveryRedirect;
}

/** Options of `sendActivationEmail`. */
export interface SendActivationEmailOptions {
  emailOptions?: EmailOptions;
}

/** Answer of `validateEmail`. */
export interface ValidateEmailResponse {
  valid?: boolean;
}

/** Answer of the verification `start` call. */
export interface StartVerificationResponse {
  verificationId?: string;
}
