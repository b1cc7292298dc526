/** A field violation as the server reports it (and as renamed to the caller's argument names). */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/** What a failed call carries besides its message (WIRE.md "Errors are typed"). */
export interface ErrorDetails {
  validationError?: { fieldViolations: FieldViolation[] };
  applicationError?: { description: string; code: string | number; data?: unknown };
}

/**
 * Every error the SDK raises for a failed call: the server's message in plain text, the HTTP status,
 * the structured details and the request id the server gave (X-Wix-Request-Id).
 */
export class VitrineError extends Error {
  override name = 'VitrineError';
  status?: number;
  details?: ErrorDetails;
  requestId?: string;

  constructor(message: string, extra: { status?: number; details?: ErrorDetails; requestId?: string } = {}) {
    super(message);
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.details) this.details = extra.details;
    if (extra.requestId) this.requestId = extra.requestId;
  }
}

/** The message for a failure with no usable answer (network, 5xx without details, unparseable body). */
export const systemError = (requestId?: string, status?: number): VitrineError =>
  new VitrineError(`System error occurred${requestId ? `, request-id: ${requestId}` : ''}`, { requestId, status });
