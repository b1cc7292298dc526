import type { OAuthData, OAuthPKCE } from '../types/auth.js';
import { base64url } from '../wire/base64url.js';

/** PKCE (RFC 7636, S256 only) and the OAuth state: spec §5, WIRE.md "PKCE". */

/** The unreserved characters a code verifier is made of. */
const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export type { OAuthData, OAuthPKCE } from '../types/auth.js';

const randomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

export { base64url } from '../wire/base64url.js';

/** `length` random unreserved characters; bytes of 198 and above are dropped (no modulo bias). */
const randomVerifier = (length: number) => {
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of randomBytes(length)) if (byte < 198 && verifier.length < length) verifier += CHARSET[byte % 66];
  }
  return verifier;
};

/**
 * A random code verifier of `length` characters. Bytes of 198 and above are dropped, so each of
 * the 66 characters is equally likely (no modulo bias).
 * @throws RangeError 'Expected a length between 43 and 128'
 */
export function codeVerifier(length = 43): string {
  if (!(Number.isInteger(length) && length >= 43 && length <= 128)) {
    throw new RangeError('Expected a length between 43 and 128');
  }
  return randomVerifier(length);
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export const codeChallenge = async (verifier: string) =>
  base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

/** A fresh verifier, its challenge and a random 43-character state. */
export async function pkce(): Promise<OAuthPKCE> {
  // the default length needs no range check (and keeps it out of bundles that only log in)
  const verifier = randomVerifier(43);
  return { codeVerifier: verifier, codeChallenge: await codeChallenge(verifier), state: base64url(randomBytes(32)) };
}

/**
 * PKCE data for an authorization request that returns to `redirectUri`.
 * Unlike the reference client's, this resolves asynchronously (the hash is WebCrypto's).
 * @see spec §5
 */
export const generateOAuthData = async (redirectUri: string, originalUri?: string): Promise<OAuthData> => ({
  redirectUri,
  originalUri: originalUri ?? '',
  ...(await pkce()),
});
