import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthErrors } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { GraphqlErrors } from './errors.js';
import { GraphqlBody, GraphqlParams, GraphqlQueryString, GraphqlResponse } from './schemas.js';
import type { createGraphqlServer, GraphqlServerDeps } from './server.js';

/** The versions served: `alpha` (the SDK's default) and `v1`, which the reference client also calls. */
const VERSIONS: readonly string[] = ['alpha', 'v1'];

const tags = ['graphql'];
const response = {
  200: GraphqlResponse,
  400: GraphqlResponse.or(ValidationErrorResponse).or(ApplicationErrorResponse),
  401: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
};

/**
 * `GET|POST /graphql/{apiVersion}` (spec §7, issue #4 "GraphQL"): yoga answers; the caller
 * (resolved by the platform) is the operation's context. Unknown versions and credentials that
 * do not verify are HTTP errors in the spec's form, as on every other route.
 */
export async function graphqlRoutes(app: FastifyInstance, deps: Omit<GraphqlServerDeps, 'log'>): Promise<void> {
  // The engine (graphql-yoga, graphql-js and the schema: ~6 MiB of heap) loads at the first GraphQL
  // request, not at start: a shop whose storefront does not use GraphQL never holds it (bench/memory).
  let graphql: Promise<ReturnType<typeof createGraphqlServer>> | undefined;
  const engine = () => {
    graphql ??= import('./server.js').then((server) => server.createGraphqlServer({ ...deps, log: app.log }));
    return graphql;
  };
  // Only JSON bodies: a form POST is a "simple" cross-site request (no CORS preflight).
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  const router = app.withTypeProvider<ZodTypeProvider>();

  /** @throws DomainError UNKNOWN_GRAPHQL_VERSION, UNAUTHENTICATED */
  const handle = async (request: FastifyRequest<{ Params: { apiVersion: string } }>, reply: FastifyReply) => {
    const { apiVersion } = request.params;
    if (!VERSIONS.includes(apiVersion)) throw new DomainError(GraphqlErrors.UNKNOWN_GRAPHQL_VERSION, { apiVersion });
    const caller = request.caller;
    if (caller.kind === 'invalid') throw new DomainError(AuthErrors.UNAUTHENTICATED);
    const answer = await (await engine()).handleNodeRequestAndResponse(request, reply, { caller });
    answer.headers.forEach((value, key) => {
      reply.header(key, value);
    });
    return reply.status(answer.status).send(await answer.text());
  };

  router.get(
    '/graphql/:apiVersion',
    {
      schema: {
        tags,
        summary: 'Run a GraphQL query from the query string (GraphiQL for browsers outside production)',
        params: GraphqlParams,
        querystring: GraphqlQueryString,
        response,
      },
      config: { checksOwnStrings: true },
    },
    handle,
  );
  router.post(
    '/graphql/:apiVersion',
    {
      schema: {
        tags,
        summary: 'Run a GraphQL operation: {query, variables?, operationName?}: the catalogue, the current cart, the signed-in member',
        params: GraphqlParams,
        body: GraphqlBody,
        response,
      },
      // The variables go through the same string rule inside GraphQL (string-inputs.ts), answered as a GraphQL error.
      config: { checksOwnStrings: true },
    },
    handle,
  );
}
