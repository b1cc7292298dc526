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
const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'];
/** Clock skew tolerated between the provider and us, in seconds (on `exp`, `nbf` and `iat`). */
const ID_TOKEN_CLOCK_TOLERANCE_S = 30;
/** An ID token is presented right after it was issued; an older one is refused even if unexpired. */
const ID_TOKEN_MAX_AGE_MINUTES = 10;

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
    } catch (error) {
      throw error instanceof errors.JOSEError ? refusal(error) : error;
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
      } catch (error) {
        if (
          error instanceof errors.JWKSNoMatchingKey ||
          error instanceof errors.JWKSMultipleMatchingKeys ||
          error instanceof errors.JOSENotSupported
        ) {
          throw error;
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
function refusal(error: InstanceType<typeof errors.JOSEError>): DomainError {
  if (error instanceof errors.JWTExpired) {
    return error.claim === 'iat'
      ? invalid('TOO_OLD', `The ID token was issued more than ${ID_TOKEN_MAX_AGE_MINUTES} minutes ago`)
      : invalid('EXPIRED', 'The ID token expired');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return invalid('MISSING_CLAIM', `The ID token has no "${error.claim}" claim`, error.claim);
    if (error.claim === 'iss') return invalid('WRONG_ISSUER', 'The ID token was issued by another issuer than the connection names');
    if (error.claim === 'aud') return invalid('WRONG_AUDIENCE', 'The ID token was issued for another audience than the connection names');
    if (error.claim === 'nbf') return invalid('NOT_YET_VALID', 'The ID token is not valid yet');
    return invalid('INVALID_CLAIM', `The ID token's "${error.claim}" claim is not valid`, error.claim);
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return invalid('ALGORITHM_NOT_ALLOWED', `The ID token must be signed with ${ID_TOKEN_ALGORITHMS.join(', ')}`);
  }
  if (error instanceof errors.JWKSNoMatchingKey)
    return invalid('UNKNOWN_KEY', "No key of the identity provider matches the ID token's key id");
  if (error instanceof errors.JWKSMultipleMatchingKeys) {
    return invalid('UNKNOWN_KEY', 'Several keys of the identity provider match the ID token; it must name its key id');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalid('BAD_SIGNATURE', "The ID token's signature does not verify");
  return invalid('MALFORMED', 'The ID token is not a well-formed signed JWT');
}

/**
 * The claims Vitrine uses, checked: `sub` and `email` present and sane, `email_verified` (when
 * given) true. Profile claims of a wrong type or length are left out, not refused.
 * @throws DomainError INVALID_ID_TOKEN, IDP_EMAIL_NOT_VERIFIED
 */
function claimsOf(payload: JWTPayload): IdTokenClaims {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
    throw invalid('INVALID_CLAIM', 'The ID token\'s "sub" claim must be a string of 1 to 255 characters', 'sub');
  }
  const email = typeof payload.email === 'string' ? normalizeEmail(payload.email) : '';
  if (emailViolations(email, 'email').length > 0) {
    throw invalid('INVALID_CLAIM', 'The ID token\'s "email" claim is not a valid e-mail address', 'email');
  }
  // Some providers (e.g. Cognito) send the flag as a string.
  if (payload.email_verified !== undefined && payload.email_verified !== true && payload.email_verified !== 'true') {
    throw new DomainError(IdentityErrors.IDP_EMAIL_NOT_VERIFIED);
  }
  return {
    subject: payload.sub,
    email,
    givenName: text(payload.given_name, 100),
    familyName: text(payload.family_name, 100),
    picture: typeof payload.picture === 'string' && /^https?:\/\//i.test(payload.picture) ? text(payload.picture, 2048) : undefined,
  };
}

/** A non-empty string claim within the profile field's bound, else undefined. */
function text(claim: unknown, max: number): string | undefined {
  return typeof claim === 'string' && claim.trim() !== '' && claim.length <= max ? claim.trim() : undefined;
}
