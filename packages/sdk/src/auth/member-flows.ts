/**
 * The member flows of `OAuthStrategy` (login, registration, PKCE redirects, silent and external
 * login, logout, password recovery), each taking the strategy's context first. `OAuthStrategy` loads
 * this module on first use (`import()`), so a storefront page that only serves visitors never
 * downloads it: bundlers put it in its own chunk.
 */
import { sendRecoveryEmail } from '../modules/recovery.js';
import { invoke } from '../transport/invoke.js';
import { getAuthUrl, logout } from './auth-url.js';
import { getMemberTokens } from './code-exchange.js';
import type { AuthContext } from './context.js';
import { getMemberTokensForExternalLogin, getMemberTokensForExternalLoginWithSession } from './external-login.js';
import { login, processVerification, register } from './login-state.js';
import { generateOAuthData as pkceData } from './pkce.js';
import { authorized } from './renewal.js';
import { getMemberTokensForDirectLogin } from './silent-login.js';

/** PKCE data for an authorization request (the context is not needed: same shape as the other flows). */
const generateOAuthData = (_c: AuthContext, redirectUri: string, originalUri?: string) => pkceData(redirectUri, originalUri);

/** Sends the recovery e-mail whose link returns to `redirectUri`. */
async function sendPasswordResetEmail(context: AuthContext, email: string, redirectUri: string): Promise<void> {
  await invoke(authorized(context), sendRecoveryEmail, [email, { redirect: { url: redirectUri, clientId: context.clientId } }]);
}

/** The flows by name (an object, not a namespace: bundlers then need no namespace helper in every page). */
export const memberFlows = {
  generateOAuthData,
  getAuthUrl,
  getMemberTokens,
  getMemberTokensForDirectLogin,
  getMemberTokensForExternalLogin,
  getMemberTokensForExternalLoginWithSession,
  login,
  logout,
  processVerification,
  register,
  sendPasswordResetEmail,
};
