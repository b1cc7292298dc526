/**
 * The platform's one string rule (`platform/http/input-checks.ts`) where GraphQL decodes strings
 * itself, after the HTTP layer checked the request: escapes in the document's literals
 * (`"a\u0000"`) and the variables of a GET (JSON in the query string). Both answer the
 * INVALID_ARGUMENT error a bad argument gets, naming the variable or the literal's place.
 */
import { type GraphQLError, Kind, type ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { ValidationFailure } from '../../platform/errors.js';
import { inputViolations, isStorableText } from '../../platform/http/input-checks.js';
import { toGraphQLError } from './graphql-errors.js';

/** A string literal PostgreSQL cannot store is a validation error of the document. */
const storableLiterals: ValidationRule = (context) => ({
  [Kind.STRING](node) {
    if (isStorableText(node.value)) return;
    const at = node.loc ? ` (line ${node.loc.startToken.line}, column ${node.loc.startToken.column})` : '';
    context.reportError(
      createGraphQLError(`A string literal${at} must not contain NUL characters or unpaired UTF-16 surrogates`, { nodes: node }),
    );
  },
});

/** Checks literals at validation and variables as yoga reads them. */
export const storableStrings: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(storableLiterals);
  },
  onParams({ params, setResult }) {
    const violations = inputViolations(params.variables ?? null, ['variables']);
    if (violations.length > 0) setResult({ errors: [toGraphQLError(new ValidationFailure(violations), {}) as GraphQLError] });
  },
};
