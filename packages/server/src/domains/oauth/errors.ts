import type { FieldViolation } from '../../platform/errors.js';

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** A token-endpoint failure: answered as `{error, error_description}` (401 for invalid_client, else 400). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

/**
 * A request the token endpoint could not read (bad JSON, wrong content type, a field of the wrong
 * type or too long, an unstorable string) as RFC 6749 §5.2 words it: `invalid_request`, naming the
 * problem. Undefined for anything that is not the client's mistake (and for rate limits, 429).
 */
export function invalidRequestOf(err: { statusCode?: number; violations?: FieldViolation[] }, description: string): OAuthError | undefined {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500 || status === 429) return undefined;
  const fields = err.violations?.map((violation) => `${violation.field} ${violation.description}`).join('; ');
  return new OAuthError('invalid_request', fields || description);
}
