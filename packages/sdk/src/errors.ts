import type { ErrorDetails } from './types/error-details.js';

export type { ErrorDetails, ValidationFieldViolation as FieldViolation } from './types/error-details.js';

/** What an error knows of its failure besides the message: each key only where known. */
export interface FailureEvidence {
  /** the HTTP status of the answer */
  status?: number;
  /** the structured details of the server's error body */
  details?: ErrorDetails;
  /** the request id the server gave (X-Wix-Request-Id) */
  requestId?: string;
  /** what failed underneath: the rejection of `fetch`, or the error a wrapping error stands for */
  cause?: unknown;
  /** the token endpoint's OAuth error code (RFC 6749 §5.2 `error`), e.g. `invalid_grant` */
  oauthError?: string;
  /** the token endpoint's explanation of it (`error_description`) */
  oauthErrorDescription?: string;
}

/**
 * Every error the SDK raises for a failed call: the reference client's message in plain text and
 * the evidence of the failure ({@link FailureEvidence}).
 */
export class VitrineError extends Error {
  override name = 'VitrineError';
  declare status?: number;
  declare details?: ErrorDetails;
  declare requestId?: string;
  declare oauthError?: string;
  declare oauthErrorDescription?: string;

  constructor(message: string, evidence: FailureEvidence = {}) {
    super(message);
    // Only what is known: an error without a request id has no `requestId` key at all.
    for (const [key, value] of Object.entries(evidence)) if (value !== undefined) (this as any)[key] = value;
  }
}

/** The message for a failure with no usable answer (network, 5xx without details, unparseable body). */
export const systemError = (requestId?: string, status?: number, cause?: unknown): VitrineError =>
  new VitrineError(`System error occurred${requestId ? `, request-id: ${requestId}` : ''}`, { requestId, status, cause });
