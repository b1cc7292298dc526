/** A rule of the spec's "Rule violation type" enumeration. */
export type ViolatedRule =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT';

/** One field violation as the wire carries it (`lineItems[0].quantity`, dotted and indexed). */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  data?: Record<string, unknown>;
}

/**
 * A broken business rule. Carries a code (a key of the error table) and data, never an HTTP status:
 * the error table decides status and wire body.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly data: Record<string, unknown> = {},
    /** Replaces the table's description (a more precise one for this case). */
    readonly description?: string,
  ) {
    super(description ?? code);
    this.name = 'DomainError';
  }
}

/** Invalid input found past the schema (password policy, unknown filter field...): a 400 with violations. */
export class ValidationFailure extends Error {
  constructor(readonly violations: FieldViolation[]) {
    super(violations.map((violation) => `${violation.field}: ${violation.description}`).join('; '));
    this.name = 'ValidationFailure';
  }
}

/** How a domain error code reaches the wire: HTTP status, message, description and wire code. */
interface ErrorSpec {
  status: number;
  message: string;
  description: string;
  /** The application error code on the wire when it differs from the key (e.g. `-19976`). */
  wireCode?: string;
}

export type ErrorTable = Record<string, ErrorSpec>;

/** Declares a domain's error codes (its `errors.ts`); keys become the codes services throw. */
export function defineErrors<const T extends ErrorTable>(table: T): { [K in keyof T]: K } & { table: T } {
  const codes = Object.fromEntries(Object.keys(table).map((code) => [code, code]));
  return { ...codes, table } as { [K in keyof T]: K } & { table: T };
}
