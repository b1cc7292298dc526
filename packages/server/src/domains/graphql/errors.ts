import { defineErrors } from '../../platform/errors.js';

/** Errors of the GraphQL endpoint that are answered before GraphQL runs (HTTP errors, not `errors[]`). */
export const GraphqlErrors = defineErrors({
  UNKNOWN_GRAPHQL_VERSION: {
    status: 404,
    message: 'Unknown GraphQL version',
    description: 'There is no GraphQL API of this version (use alpha)',
  },
});
