import { type ErrorDetails, type FieldViolation, systemError, VitrineError } from '../errors.js';
import type { HttpAnswer } from './http.js';

/** Wire field path -> the caller's argument expression (`couponCode` -> `options.couponCode`). */
export type ArgumentNames = Record<string, string>;

/** A status text as a code: `Not Found` -> `NOT_FOUND`, `I'm a teapot` -> `I_M_A_TEAPOT`. */
export const upperSnake = (text: string) =>
  text
    .toUpperCase()
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean)
    .join('_');

/**
 * Renames violations to the caller's argument names: an exact path wins, else the longest known
 * prefix is replaced. A violation is dropped when a more specific one on a known path exists.
 * The result is sorted by field.
 */
export function renameViolations(violations: FieldViolation[], names: ArgumentNames = {}): FieldViolation[] {
  const known = Object.keys(names).sort((left, right) => right.length - left.length);
  return violations
    .filter(
      (violation) =>
        !violations.some(
          (other) =>
            other.field.length > violation.field.length && other.field.startsWith(violation.field) && Object.hasOwn(names, other.field),
        ),
    )
    .map((violation) => {
      if (Object.hasOwn(names, violation.field)) return { ...violation, field: names[violation.field] };
      const prefix = known.find((prefixName) => violation.field.startsWith(prefixName));
      return prefix ? { ...violation, field: violation.field.replace(prefix, names[prefix]) } : violation;
    })
    .sort((left, right) => (left.field < right.field ? -1 : 1));
}

/** The typed error for a failed answer (WIRE.md "Errors are typed", corpus rules D10–D12). */
export function answerError(answer: HttpAnswer, names?: ArgumentNames): VitrineError {
  const body = (answer.body ?? {}) as { message?: string; details?: ErrorDetails };
  const { status, requestId } = answer;
  const extra = (details: ErrorDetails) => ({ status, requestId, details });
  const violations = body.details?.validationError?.fieldViolations;
  if (violations) {
    const renamed = renameViolations(violations, names);
    const text = renamed
      .map((validationFieldViolation) => `"${validationFieldViolation.field}" ${validationFieldViolation.description}`)
      .join(', ');
    return new VitrineError(`INVALID_ARGUMENT: ${text}`, extra({ validationError: { fieldViolations: renamed } }));
  }
  const app = body.details?.applicationError;
  const isClient = status >= 400 && status < 500;
  if (!app && !isClient) return systemError(requestId, status);
  const message = body.message ?? answer.statusText;
  if (!app) {
    const details = { applicationError: { description: answer.statusText, code: upperSnake(answer.statusText), data: {} } };
    return new VitrineError(message, extra(details));
  }
  const { description = answer.statusText, code = upperSnake(answer.statusText), data = {} } = app;
  const details = { applicationError: { description, code, data } };
  return new VitrineError(message === description ? message : `${message}: ${description}`, extra(details));
}
