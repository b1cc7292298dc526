import type { Tokens } from './tokens.js';

/**
 * Where an `OAuthStrategy` gets member tokens when the refresh token must not live in the page: a
 * token-mediating backend (IETF "OAuth 2.0 for Browser-Based Apps") that keeps it, e.g. in an
 * HttpOnly cookie, and answers access tokens. The strategy then holds member tokens whose refresh
 * token has role `member` and an empty value; it asks the source first whenever they expire.
 * Without a source nothing changes: the strategy talks to `/oauth2/token` itself.
 * @example
 * const source: TokenSource = {
 *   exchangeCode: (grant) => post('/my-session/sign-in', grant).then(toTokens),
 *   renew: () => post('/my-session/renew', {}).then((a) => (a.ok ? toTokens(a) : null)),
 *   end: () => post('/my-session/sign-out', {}).then(() => undefined),
 * };
 * OAuthStrategy({ clientId, tokenSource: source });
 */
export interface TokenSource {
  /** Member tokens for a hosted login's authorization code, its PKCE verifier and redirect URI. */
  exchangeCode(grant: { code: string; codeVerifier: string; redirectUri?: string }): Promise<Tokens>;
  /**
   * Fresh member tokens from the session the source holds, or null when it holds none (the strategy
   * then renews as it would without a source: its own refresh token, else a new visitor). Throw for
   * anything else (an outage): a member is then not signed out.
   */
  renew(): Promise<Tokens | null>;
  /** Ends the session the source holds (the strategy's `logout`). */
  end(): Promise<void>;
}

/** Member tokens held by a page whose refresh token a token source keeps: the access token and its lifetime. */
export const sourcedMemberTokens = (accessToken: string, expiresAt: number): Tokens => ({
  accessToken: { value: accessToken, expiresAt },
  refreshToken: { value: '', role: 'member' },
});
