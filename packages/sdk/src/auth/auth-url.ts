import { redirects } from '../modules/redirects.js';
import { invoke } from '../transport/invoke.js';
import type { AuthUrlOptions, AuthUrlResult, OAuthPKCE } from '../types/auth.js';
import type { AuthContext } from './context.js';
import { generateOAuthData } from './pkce.js';
import { authorized } from './renewal.js';
import { emptyTokens } from './tokens.js';

export type { AuthUrlOptions } from '../types/auth.js';

interface RedirectSession {
  fullUrl: string;
  urlDetails?: { endpoint?: string };
  sessionToken?: string;
}

/** Creates a redirect session (`POST /_api/redirects-api/v1/redirect-session`) with the strategy's auth. */
const redirectSession = async (context: AuthContext, request: object): Promise<RedirectSession> =>
  (await invoke(authorized(context), redirects.createRedirectSession, [request])).redirectSession;

/**
 * A hosted login URL for the PKCE data `pkce`, fresh data when none is given (spec §7 "Redirect-session
 * creation for auth").
 * @throws VitrineError when the redirect session cannot be created
 */
export async function getAuthUrl(
  context: AuthContext,
  pkce?: OAuthPKCE & { redirectUri?: string },
  options: AuthUrlOptions = {},
): Promise<AuthUrlResult> {
  pkce ??= await generateOAuthData('unused://');
  const authRequest = {
    redirectUri: pkce.redirectUri,
    clientId: context.clientId,
    codeChallenge: pkce.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: options.responseMode ?? 'fragment',
    responseType: 'code',
    scope: 'offline_access',
    state: pkce.state,
    sessionToken: options.sessionToken || undefined,
  };
  const session = await redirectSession(context, { auth: { authRequest, prompt: options.prompt ?? 'login' } });
  return { authUrl: session.fullUrl, authorizationEndpoint: session.urlDetails?.endpoint as string, sessionToken: session.sessionToken };
}

/**
 * A hosted logout URL returning to `originalUrl`; the token source's session is ended and the stored
 * tokens are cleared (role `none`).
 * @throws VitrineError when the redirect session cannot be created or the source's session not ended
 *   (the tokens are then kept)
 */
export async function logout(context: AuthContext, originalUrl: string): Promise<{ logoutUrl: string }> {
  const session = await redirectSession(context, { logout: { clientId: context.clientId }, callbacks: { postFlowUrl: originalUrl } });
  await context.source?.end();
  context.store.setTokens(emptyTokens());
  return { logoutUrl: session.fullUrl };
}
