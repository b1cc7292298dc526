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
const redirectSession = async (c: AuthContext, request: object): Promise<RedirectSession> =>
  (await invoke(authorized(c), redirects.createRedirectSession, [request])).redirectSession;

/**
 * A hosted login URL for the PKCE data `d`, fresh data when none is given (spec §7 "Redirect-session
 * creation for auth").
 * @throws VitrineError when the redirect session cannot be created
 */
export async function getAuthUrl(c: AuthContext, d?: OAuthPKCE & { redirectUri?: string }, o: AuthUrlOptions = {}): Promise<AuthUrlResult> {
  d ??= await generateOAuthData('unused://');
  const authRequest = {
    redirectUri: d.redirectUri,
    clientId: c.clientId,
    codeChallenge: d.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: o.responseMode ?? 'fragment',
    responseType: 'code',
    scope: 'offline_access',
    state: d.state,
    sessionToken: o.sessionToken || undefined,
  };
  const r = await redirectSession(c, { auth: { authRequest, prompt: o.prompt ?? 'login' } });
  return { authUrl: r.fullUrl, authorizationEndpoint: r.urlDetails?.endpoint as string, sessionToken: r.sessionToken };
}

/**
 * A hosted logout URL returning to `originalUrl`; the token source's session is ended and the stored
 * tokens are cleared (role `none`).
 * @throws VitrineError when the redirect session cannot be created or the source's session not ended
 *   (the tokens are then kept)
 */
export async function logout(c: AuthContext, originalUrl: string): Promise<{ logoutUrl: string }> {
  const r = await redirectSession(c, { logout: { clientId: c.clientId }, callbacks: { postFlowUrl: originalUrl } });
  await c.source?.end();
  c.store.setTokens(emptyTokens());
  return { logoutUrl: r.fullUrl };
}
