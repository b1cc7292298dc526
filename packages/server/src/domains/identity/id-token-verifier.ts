import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { IdpConnectionConfig } from '../../config.js';
import { DomainError } from '../../platform/errors.js';
import { emailViolations, normalizeEmail } from './credentials.js';
import { IdentityErrors } from './errors.js';

/** What Vitrine reads of a verified ID token. */
export interface IdTokenClaims {
  subject: string;
  email: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/** Signature algorithms an ID token may use (no HMAC: the client secret is not ours to share). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'];
/** Clock skew tolerated between the provider and us, in seconds (on `exp`, `nbf` and `iat`). */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 30;
/** An ID token is presented right after it was issued; an older one is refused even if unexpired. */
export const ID_TOKEN_MAX_AGE_MINUTES = 10;

/** Why a token is refused, as `data.reason` of INVALID_ID_TOKEN. */
type Reason =
  | 'MALFORMED'
  | 'ALGORITHM_NOT_ALLOWED'
  | 'UNKNOWN_KEY'
  | 'BAD_SIGNATURE'
  | 'WRONG_ISSUER'
  | 'WRONG_AUDIENCE'
  | 'EXPIRED'
  | 'TOO_OLD'
  | 'NOT_YET_VALID'
  | 'MISSING_CLAIM'
  | 'INVALID_CLAIM';

/**
 * Verifies OIDC ID tokens against the connections' JWKS (fetched on first use, cached per
 * connection; jose refetches when a token names a key it does not know yet).
 */
export class IdTokenVerifier {
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  /**
   * The claims of a token signed by the connection's provider, issued for its audience and recent.
   * @throws DomainError INVALID_ID_TOKEN (with `data.reason`), IDP_EMAIL_NOT_VERIFIED, IDP_UNAVAILABLE
   */
  async verify(connection: IdpConnectionConfig, token: string): Promise<IdTokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keysOf(connection), {
        issuer: connection.issuer,
        audience: connection.audience,
        algorithms: ID_TOKEN_ALGORITHMS,
        clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
        maxTokenAge: `${ID_TOKEN_MAX_AGE_MINUTES}m`,
        requiredClaims: ['sub', 'email', 'exp'],
      }));
    } catch (e) {
      throw e instanceof errors.JOSEError ? refusal(e) : e;
    }
    return claimsOf(payload);
  }

  /** The connection's key set; a failure to fetch it is the provider's, not the token's. */
  private keysOf(connection: IdpConnectionConfig): JWTVerifyGetKey {
    const cached = this.keySets.get(connection.id);
    if (cached) return cached;
    const remote = createRemoteJWKSet(new URL(connection.jwksUrl));
    const keys: JWTVerifyGetKey = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (e) {
        if (e instanceof errors.JWKSNoMatchingKey || e instanceof errors.JWKSMultipleMatchingKeys || e instanceof errors.JOSENotSupported) {
          throw e;
        }
        // Unreachable, non-200, not JSON, not a key set: nothing the caller can fix.
        throw new DomainError(IdentityErrors.IDP_UNAVAILABLE, { idpConnectionId: connection.id });
      }
    };
    this.keySets.set(connection.id, keys);
    return keys;
  }
}

function invalid(reason: Reason, description: string, claim?: string): DomainError {
  return new DomainError(IdentityErrors.INVALID_ID_TOKEN, claim ? { reason, claim } : { reason }, description);
}

/** The refusal for what jose found wrong with the token. */
function refusal(e: InstanceType<typeof errors.JOSEError>): DomainError {
  if (e instanceof errors.JWTExpired) {
    return e.claim === 'iat'
      ? invalid('TOO_OLD', `The ID token was issued more than ${ID_TOKEN_MAX_AGE_MINUTES} minutes ago`)
      : invalid('EXPIRED', 'The ID token expired');
  }
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.reason === 'missing') return invalid('MISSING_CLAIM', `The ID token has no "${e.claim}" claim`, e.claim);
    if (e.claim === 'iss') return invalid('WRONG_ISSUER', 'The ID token was issued by another issuer than the connection names');
    if (e.claim === 'aud') return invalid('WRONG_AUDIENCE', 'The ID token was issued for another audience than the connection names');
    if (e.claim === 'nbf') return invalid('NOT_YET_VALID', 'The ID token is not valid yet');
    return invalid('INVALID_CLAIM', `The ID token's "${e.claim}" claim is not valid`, e.claim);
  }
  if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported) {
    return invalid('ALGORITHM_NOT_ALLOWED', `The ID token must be signed with ${ID_TOKEN_ALGORITHMS.join(', ')}`);
  }
  if (e instanceof errors.JWKSNoMatchingKey) return invalid('UNKNOWN_KEY', "No key of the identity provider matches the ID token's key id");
  if (e instanceof errors.JWKSMultipleMatchingKeys) {
    return invalid('UNKNOWN_KEY', 'Several keys of the identity provider match the ID token; it must name its key id');
  }
  if (e instanceof errors.JWSSignatureVerificationFailed) return invalid('BAD_SIGNATURE', "The ID token's signature does not verify");
  return invalid('MALFORMED', 'The ID token is not a well-formed signed JWT');
}

/**
 * The claims Vitrine uses, checked: `sub` and `email` present and sane, `email_verified` (when
 * given) true. Profile claims of a wrong type or length are left out, not refused.
 * @throws DomainError INVALID_ID_TOKEN, IDP_EMAIL_NOT_VERIFIED
 */
function claimsOf(p: JWTPayload): IdTokenClaims {
  if (typeof p.sub !== 'string' || p.sub.length === 0 || p.sub.length > 255) {
    throw invalid('INVALID_CLAIM', 'The ID token\'s "sub" claim must be a string of 1 to 255 characters', 'sub');
  }
  const email = typeof p.email === 'string' ? normalizeEmail(p.email) : '';
  if (emailViolations(email, 'email').length > 0) {
    throw invalid('INVALID_CLAIM', 'The ID token\'s "email" claim is not a valid e-mail address', 'email');
  }
  // Some providers (e.g. Cognito) send the flag as a string.
  if (p.email_verified !== undefined && p.email_verified !== true && p.email_verified !== 'true') {
    throw new DomainError(IdentityErrors.IDP_EMAIL_NOT_VERIFIED);
  }
  return {
    subject: p.sub,
    email,
    givenName: text(p.given_name, 100),
    familyName: text(p.family_name, 100),
    picture: typeof p.picture === 'string' && /^https?:\/\//i.test(p.picture) ? text(p.picture, 2048) : undefined,
  };
}

/** A non-empty string claim within the profile field's bound, else undefined. */
function text(v: unknown, max: number): string | undefined {
  return typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : undefined;
}
