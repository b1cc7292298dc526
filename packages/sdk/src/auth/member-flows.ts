/**
 * The member flows of `OAuthStrategy` (login, registration, PKCE redirects, silent and external
 * login, logout, password recovery), each taking the strategy's context first. `OAuthStrategy` loads
 * this module on first use (`import()`), so a storefront page that only serves visitors never
 * downloads it: bundlers put it in its own chunk.
 */
import { sendRecoveryEmail } from '../modules/recovery.js';
import { invoke } from '../transport/invoke.js';
import type { AuthContext } from './context.js';
import { generateOAuthData as pkceData } from './pkce.js';
import { authorized } from './renewal.js';

export { getAuthUrl, logout } from './auth-url.js';
export { getMemberTokens } from './code-exchange.js';
export { getMemberTokensForExternalLogin, getMemberTokensForExternalLoginWithSession } from './external-login.js';
export { login, processVerification, register } from './login-state.js';
export { getMemberTokensForDirectLogin } from './silent-login.js';

/** PKCE data for an authorization request (the context is not needed: same shape as the other flows). */
export const generateOAuthData = (_c: AuthContext, redirectUri: string, originalUri?: string) => pkceData(redirectUri, originalUri);

/** Sends the recovery e-mail whose link returns to `redirectUri`. */
export async function sendPasswordResetEmail(c: AuthContext, email: string, redirectUri: string): Promise<void> {
  await invoke(authorized(c), sendRecoveryEmail, [email, { redirect: { url: redirectUri, clientId: c.clientId } }]);
}
