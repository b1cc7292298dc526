/**
 * PKCE shapes and checks: the volatile values of README "How a case is judged" (a verifier is 43–128
 * chars of `A–Z a–z 0–9 - . _ ~`, a challenge or state 43 base64url chars), the S256 relation, and
 * the `{"$pkceCheck": T}` template.
 */
import { createHash } from 'node:crypto';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;

export const isVerifierShape = (v: unknown): v is string => typeof v === 'string' && VERIFIER.test(v);
export const isChallengeShape = (v: unknown): v is string => typeof v === 'string' && BASE64URL_43.test(v);

/** base64url(SHA-256(verifier)) without padding. */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'utf8').digest('base64url');

export interface PkceCheck {
  verifierLength: number | undefined;
  verifierCharsetOk: boolean;
  challengeMatchesS256: boolean;
  stateLength: number | undefined;
  stateIsBase64Url: boolean;
}

/** What `{"$pkceCheck": T}` evaluates to for an oauth-data object. */
export function pkceCheck(data: unknown): PkceCheck {
  const d = (data ?? {}) as { codeVerifier?: unknown; codeChallenge?: unknown; state?: unknown };
  const verifier = typeof d.codeVerifier === 'string' ? d.codeVerifier : undefined;
  const state = typeof d.state === 'string' ? d.state : undefined;
  return {
    verifierLength: verifier?.length,
    verifierCharsetOk: verifier !== undefined && /^[A-Za-z0-9\-._~]+$/.test(verifier),
    challengeMatchesS256: verifier !== undefined && d.codeChallenge === s256(verifier),
    stateLength: state?.length,
    stateIsBase64Url: state !== undefined && /^[A-Za-z0-9_-]+$/.test(state),
  };
}

/** The shape a generated value at `key` must have, or `undefined` when `key` is not a PKCE value. */
export function pkceShapeFor(key: string): ((v: unknown) => boolean) | undefined {
  if (key === 'codeVerifier') return isVerifierShape;
  if (key === 'codeChallenge' || key === 'state') return isChallengeShape;
  return undefined;
}
