import type { Tokens } from '../types/auth.js';
import type { TokenRole } from '../types/enums-identity.js';

// The token shapes are defined once, in types/auth.ts.
export type { RefreshToken, Tokens } from '../types/auth.js';

/** A token pair from its four parts. */
export const tokenPair = (access: string, expiresAt: number, refresh: string, role: TokenRole): Tokens => ({
  accessToken: { value: access, expiresAt },
  refreshToken: { value: refresh, role },
});

/** No tokens: what a fresh strategy and a logged-out one hold. */
export const emptyTokens = () => tokenPair('', 0, '', 'none');

/** Now, in epoch seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Whether the pair holds an access token that can be sent now. Expired only once `expiresAt` is in
 * the past: a token expiring this very second is still used (and one without `expiresAt` never expires).
 */
export const usable = (tokens: Partial<Tokens> | undefined): boolean =>
  !!tokens?.accessToken?.value && !(tokens.accessToken.expiresAt < nowSeconds());
