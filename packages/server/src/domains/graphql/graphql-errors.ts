/**
 * How the services' errors reach a GraphQL answer: as entries of `errors[]` whose `extensions`
 * carry what the REST answer's `details` carry (field violations, or the application error), so
 * a client handles both APIs alike. Anything else is left to yoga's masking (logged, "System error
 * occurred").
 *
 * Errors are made with yoga's `createGraphQLError`, not `new GraphQLError`: yoga recognises its
 * errors by `instanceof`, and under Vitest a direct `import 'graphql'` can load the package's ESM
 * build while yoga has its CommonJS build (two `GraphQLError` classes).
 */
import { createGraphQLError } from 'graphql-yoga';
import { DomainError, type ErrorTable, ValidationFailure } from '../../platform/errors.js';
import { applicationErrorBody, validationErrorBody } from '../../platform/wire-errors.js';

/** Violations name the GraphQL arguments: the REST query's `query.` prefix is dropped (`filter.colour`). */
const argumentPath = (field: string) => field.replace(/^query\./, '');

/** A service error as a GraphQL error (`extensions.code` INVALID_ARGUMENT or the application code); anything else unchanged. */
export function toGraphQLError(error: unknown, table: ErrorTable): unknown {
  if (error instanceof ValidationFailure) {
    const body = validationErrorBody(error.violations.map((violation) => ({ ...violation, field: argumentPath(violation.field) })));
    return createGraphQLError(body.message, { extensions: { code: 'INVALID_ARGUMENT', ...body.details } });
  }
  const spec = error instanceof DomainError ? table[error.code] : undefined;
  if (error instanceof DomainError && spec) {
    const code = spec.wireCode ?? error.code;
    const body = applicationErrorBody(spec.message, error.description ?? spec.description, code, error.data);
    return createGraphQLError(body.message, { extensions: { code, ...body.details } });
  }
  return error;
}

/** Runs a resolver, turning service errors into GraphQL errors. */
export async function translatingErrors<T>(table: ErrorTable, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGraphQLError(error, table);
  }
}
