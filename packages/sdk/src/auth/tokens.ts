import type { TokenRole } from '../types/enums-identity.js';

/** An access token and when it expires, in epoch seconds. */
export interface AccessToken {
  value: string;
  expiresAt: number;
}

/** A refresh token and whose it is: `none` (no tokens), `visitor` or `member`. */
export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** The token pair a strategy holds (spec §3 "Identity"). */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** No tokens: what a fresh strategy and a logged-out one hold. */
export const emptyTokens = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
});

/** Now, in epoch seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Expired only once `expiresAt` is in the past: a token expiring this very second is still used. */
export const isExpired = (t: AccessToken) => t.expiresAt < nowSeconds();

/** Whether the pair holds an access token that can be sent now. */
export const usable = (t: Partial<Tokens> | undefined): boolean => !!t?.accessToken?.value && !isExpired(t.accessToken);
