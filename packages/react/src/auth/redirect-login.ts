/** Login through the hosted page: PKCE out (`loginWithRedirect`), the code back (`completeRedirectLogin`). */
import { type OAuthData, VitrineError } from '@vitrine/sdk';
import type { VitrineContextValue } from '../context.js';

/** Where the PKCE data waits for the return: per tab, gone with it (the verifier never reaches localStorage). */
const OAUTH_DATA_KEY = 'vitrine.oauth';

export interface RedirectLoginOptions {
  /** the app's callback page (registered with the OAuth client), which calls `completeRedirectLogin()` */
  redirectUri: string;
  /** where to go once logged in (default: this page) */
  originalUri?: string;
  /** `login` (default), `consent`, `select_account`, `none` */
  prompt?: 'login' | 'none' | 'consent' | 'select_account';
}

/**
 * Opens the hosted login: fresh PKCE data, kept in `sessionStorage` for the callback page.
 * @throws VitrineError when the redirect session cannot be created
 */
export async function loginWithRedirect(v: VitrineContextValue, o: RedirectLoginOptions): Promise<void> {
  const data = await v.client.auth.generateOAuthData(o.redirectUri, o.originalUri ?? window.location.href);
  sessionStorage.setItem(OAUTH_DATA_KEY, JSON.stringify(data));
  const { authUrl } = await v.client.auth.getAuthUrl(data, o.prompt ? { prompt: o.prompt } : {});
  v.navigate(authUrl);
}

/**
 * On the callback page: exchanges the returned code for member tokens and stores them. The PKCE data
 * is removed first, so a reloaded or replayed callback cannot use it twice.
 * @returns where the shopper was before logging in
 * @throws VitrineError 'No login in progress', the hosted page's error, 'Invalid _state',
 *   'Missing code or _state', 'Failed to get member tokens'
 */
export async function completeRedirectLogin(v: VitrineContextValue, url = window.location.href): Promise<{ originalUri: string }> {
  const raw = sessionStorage.getItem(OAUTH_DATA_KEY);
  sessionStorage.removeItem(OAUTH_DATA_KEY);
  if (!raw) throw new VitrineError('No login in progress');
  const data = JSON.parse(raw) as OAuthData;
  const answer = v.client.auth.parseFromUrl(url);
  if (answer.error) throw new VitrineError(answer.errorDescription ? `${answer.error}: ${answer.errorDescription}` : answer.error);
  v.client.auth.setTokens(await v.client.auth.getMemberTokens(answer.code, answer.state, data));
  v.auth.notify();
  return { originalUri: data.originalUri };
}
