/** 'authentication' (spec-era '@wix/identity'): register, login, sign-on and logout calls. */
import type {
  AuthenticationResponse,
  LoginId,
  LoginV1Options,
  LoginV2Options,
  LogoutResponse,
  RegisterV1Identity,
  RegisterV1Options,
  RegisterV2Options,
  SignOnOptions,
  SignOnResponse,
  StateTokenOptions,
  V1AuthenticationResponse,
  ValidateEmailResponse,
} from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';
import { AUTH_S, IDENTITY, IDENTITY_S, PROFILE } from './identity-conversions.js';

const PROFILE_Q = /* @__PURE__ */ under('profile', PROFILE);

/** v1 registration with an authenticator; resolves to '{identity, state, sessionToken}'. */
const register = /* @__PURE__ */ call<(identity: RegisterV1Identity, options?: RegisterV1Options) => Promise<V1AuthenticationResponse>>({
  route: 'POST /_api/iam/authentication/v1/register',
  args: ['identity', 'options{authenticatorId,inputs,captchaTokens}'],
  request: /* @__PURE__ */ under('identity', IDENTITY),
  response: AUTH_S,
});

/** v1 login with an authenticator. */
const login = /* @__PURE__ */ call<(identifier: LoginId, options?: LoginV1Options) => Promise<V1AuthenticationResponse>>({
  route: 'POST /_api/iam/authentication/v1/login',
  args: ['identifier', 'options{authenticatorId,inputs,captchaTokens,loginId}'],
  response: AUTH_S,
});

/** Registers a member with e-mail and password. @see spec section 7 "Authentication" */
export const registerV2 = /* @__PURE__ */ call<(loginId: LoginId, options?: RegisterV2Options) => Promise<AuthenticationResponse>>({
  route: 'POST /_api/iam/authentication/v2/register',
  args: ['loginId', 'options{password,profile,captchaTokens,clientMetaData}'],
  request: PROFILE_Q,
  response: AUTH_S,
});

/** Logs a member in with e-mail and password. */
export const loginV2 = /* @__PURE__ */ call<(loginId: LoginId, options?: LoginV2Options) => Promise<AuthenticationResponse>>({
  route: 'POST /_api/iam/authentication/v2/login',
  args: ['loginId', 'options{password,captchaTokens}'],
  response: AUTH_S,
});

/** Changes the logged-in member's password. */
export const changePassword = /* @__PURE__ */ call<(newPassword: string) => Promise<void>>({
  route: 'POST /_api/iam/authentication/v2/change-password',
  args: ['newPassword'],
  returns: '-',
});

/** Logs in through an identity-provider connection with its token parameters. */
const loginWithIdpConnectionTokenParams = /* @__PURE__ */ call<
  (options?: { idpConnectionId?: string; tokenParams?: Record<string, string> }) => Promise<AuthenticationResponse>
>({
  route: 'POST /_api/iam/authentication/v1/sso/login-with-token-params',
  args: ['options{idpConnectionId,tokenParams}'],
  response: AUTH_S,
});

/** Continues an authentication flow from its state token. */
const proceedToNextState = /* @__PURE__ */ call<(options?: StateTokenOptions) => Promise<AuthenticationResponse>>({
  route: 'POST /_api/iam/authentication/v1/state/proceed',
  args: ['options{stateToken}'],
  response: AUTH_S,
});

/** Signs a member on without a password (server side); resolves to '{identity, sessionToken}'. */
export const signOn = /* @__PURE__ */ call<(loginId: LoginId, options?: SignOnOptions) => Promise<SignOnResponse>>({
  route: 'POST /_api/iam/authentication/v2/sign-on',
  args: ['loginId', 'options{profile,verifyEmail,mergeExistingContact}'],
  request: PROFILE_Q,
  response: IDENTITY_S,
});

/** Whether an e-mail can register (latest reference only; kept by rule D20). */
const validateEmail = /* @__PURE__ */ call<(email: string) => Promise<ValidateEmailResponse>>({
  route: 'POST /_api/iam/authentication/v2/validate-email',
  args: ['email'],
});

/** The hosted logout page ('{body}' as bytes). A GET, so it goes to the read-only host (REFERENCE-NOTES "Known oddities"). */
const logout = /* @__PURE__ */ call<(options?: { postLogoutRedirectUri?: string; clientId?: string }) => Promise<LogoutResponse>>({
  route: 'GET /_api/iam/authentication/v1/logout',
  args: ['options{postLogoutRedirectUri,clientId}'],
  response: { bytes: 'body' },
});

/** The 'authentication' module: its calls by name (each is also exported alone, so one can be imported without the rest). */
export const authentication = {
  register,
  login,
  registerV2,
  loginV2,
  changePassword,
  loginWithIdpConnectionTokenParams,
  proceedToNextState,
  signOn,
  validateEmail,
  logout,
};
