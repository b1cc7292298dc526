import { createHash } from 'node:crypto';
import { sameSecret } from '../../platform/secrets.js';

/** RFC 7636 verifier: 43–128 characters of the unreserved set. */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Whether `verifier` hashes (S256) to `challenge`. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  return sameSecret(createHash('sha256').update(verifier).digest('base64url'), challenge);
}
