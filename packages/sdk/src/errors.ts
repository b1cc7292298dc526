import type { ErrorDetails } from './types/error-details.js';

export type { ErrorDetails, ValidationFieldViolation as FieldViolation } from './types/error-details.js';

/**
 * Every error the SDK raises for a failed call: the server's message in plain text, the HTTP status,
 * the structured details and the request id the server gave (X-Wix-Request-Id).
 */
export class VitrineError extends Error {
  override name = 'VitrineError';
  declare status?: number;
  declare details?: ErrorDetails;
  declare requestId?: string;

  constructor(message: string, extra: { status?: number; details?: ErrorDetails; requestId?: string } = {}) {
    super(message);
    // Only what is known: an error without a request id has no `requestId` key at all.
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) (this as any)[k] = v;
  }
}

/** The message for a failure with no usable answer (network, 5xx without details, unparseable body). */
export const systemError = (requestId?: string, status?: number): VitrineError =>
  new VitrineError(`System error occurred${requestId ? `, request-id: ${requestId}` : ''}`, { requestId, status });
