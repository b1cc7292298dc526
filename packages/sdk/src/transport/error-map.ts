import { type ErrorDetails, type FieldViolation, systemError, VitrineError } from '../errors.js';
import type { HttpAnswer } from './http.js';

/** Wire field path -> the caller's argument expression (`couponCode` -> `options.couponCode`). */
export type ArgumentNames = Record<string, string>;

/** A status text as a code: `Not Found` -> `NOT_FOUND`, `I'm a teapot` -> `I_M_A_TEAPOT`. */
export const upperSnake = (s: string) =>
  s
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
  const known = Object.keys(names).sort((a, b) => b.length - a.length);
  return violations
    .filter((v) => !violations.some((o) => o.field.length > v.field.length && o.field.startsWith(v.field) && Object.hasOwn(names, o.field)))
    .map((v) => {
      if (Object.hasOwn(names, v.field)) return { ...v, field: names[v.field] };
      const prefix = known.find((p) => v.field.startsWith(p));
      return prefix ? { ...v, field: v.field.replace(prefix, names[prefix]) } : v;
    })
    .sort((a, b) => (a.field < b.field ? -1 : 1));
}

/** The typed error for a failed answer (WIRE.md "Errors are typed", corpus rules D10–D12). */
export function answerError(a: HttpAnswer, names?: ArgumentNames): VitrineError {
  const body = (a.body ?? {}) as { message?: string; details?: ErrorDetails };
  const { status, requestId } = a;
  const extra = (details: ErrorDetails) => ({ status, requestId, details });
  const violations = body.details?.validationError?.fieldViolations;
  if (violations) {
    const renamed = renameViolations(violations, names);
    const text = renamed.map((v) => `"${v.field}" ${v.description}`).join(', ');
    return new VitrineError(`INVALID_ARGUMENT: ${text}`, extra({ validationError: { fieldViolations: renamed } }));
  }
  const app = body.details?.applicationError;
  const isClient = status >= 400 && status < 500;
  if (!app && !isClient) return systemError(requestId, status);
  const message = body.message ?? a.statusText;
  if (!app) {
    const details = { applicationError: { description: a.statusText, code: upperSnake(a.statusText), data: {} } };
    return new VitrineError(message, extra(details));
  }
  const { description = a.statusText, code = upperSnake(a.statusText), data = {} } = app;
  const details = { applicationError: { description, code, data } };
  return new VitrineError(message === description ? message : `${message}: ${description}`, extra(details));
}
