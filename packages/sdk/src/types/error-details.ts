import type { RuleType } from './enums-cart.js';

/** Structured details of an application (business) error (spec §8). */
export interface ApplicationError {
  description?: string;
  /** error code, e.g. `NOT_FOUND` or `-19976` */
  code?: string | number;
  data?: Record<string, unknown> | null;
}

/** One invalid field reported by the server (spec §5). */
export interface ValidationFieldViolation {
  /** field path, rewritten to the caller's argument names (e.g. `options.couponCode`) */
  field: string;
  description: string;
  violatedRule?: RuleType;
  ruleName?: string | null;
  data?: Record<string, unknown> | null;
}

/** Field violations of a rejected request (spec §5). */
export interface ValidationError {
  fieldViolations?: ValidationFieldViolation[];
}

/** The `details` of an error answer: either a validation error or an application error. */
export interface ErrorDetails {
  validationError?: ValidationError;
  applicationError?: ApplicationError;
  /** tracing data some answers add */
  tracing?: Record<string, string>;
}

/** The details of a failed cart calculation (same shape as any error's details). */
export type CalculationErrorDetails = ErrorDetails;
