/**
 * Route schemas of `/graphql/{apiVersion}` (for validation and the OpenAPI document). The answer
 * is GraphQL's own `{data, errors}`; the route sends yoga's body as it is.
 */
import { z } from 'zod';

/** The API version of the path: `alpha` (the SDK's default) or its alias `v1`; others are 404. */
export const GraphqlParams = z.object({ apiVersion: z.string().min(1).max(50) });

/** GET: the operation in the query string (variables and extensions as JSON text). */
export const GraphqlQueryString = z.object({
  query: z.string().max(100_000).optional(),
  variables: z.string().max(100_000).optional(),
  operationName: z.string().max(200).optional(),
  extensions: z.string().max(10_000).optional(),
});

/** POST: the operation as a JSON body. */
export const GraphqlBody = z.object({
  query: z.string().min(1).max(100_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});

/** A GraphQL answer: `data` and/or `errors` (each with `message`, `path`, `extensions`). */
export const GraphqlResponse = z.looseObject({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z
    .array(
      z.looseObject({
        message: z.string(),
        path: z.array(z.union([z.string(), z.number()])).optional(),
        extensions: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});
