/**
 * The GraphQL server (graphql-yoga) behind `/graphql/:apiVersion`: the schema, the query limits,
 * GraphiQL outside production, introspection always on. HTTP concerns that the app already owns
 * stay with the app: CORS (registered client origins), request ids, body limits, credentials.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createSchema, createYoga, type Plugin, type YogaLogger } from 'graphql-yoga';
import type { ErrorTable } from '../../platform/errors.js';
import { type CurrentCartReads, cartResolvers } from './cart-resolvers.js';
import { cartTypeDefs } from './cart-type-defs.js';
import { type MemberAccounts, memberResolvers } from './member-resolvers.js';
import { memberTypeDefs } from './member-type-defs.js';
import { depthLimit, rootFieldLimit } from './query-limits.js';
import { type CatalogReads, catalogResolvers, type GraphqlContext } from './resolvers.js';
import { storableStrings } from './string-inputs.js';
import { typeDefs } from './type-defs.js';

export interface GraphqlServerDeps {
  catalogReads: CatalogReads;
  /** the current cart (`currentCart`) */
  carts: CurrentCartReads;
  /** the signed-in member's account (`currentMember`, `updateCurrentMemberProfile`) */
  members: MemberAccounts;
  /** the error table, for the `extensions` of service errors */
  errors: ErrorTable;
  /** no GraphiQL page in production */
  production: boolean;
  log: FastifyBaseLogger;
}

/** Adds the query limits to GraphQL's standard validation rules. */
const queryLimits: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(depthLimit());
    addValidationRule(rootFieldLimit());
  },
};

/** Yoga's log lines through the app's logger (masked resolver errors arrive here as `error`). */
function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const line =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first }, 'graphql');
      else log[level]({ detail: rest.length ? rest : undefined }, `graphql: ${String(first)}`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

/** Builds the yoga instance; the route passes `{caller}` as the server context of each request. */
export function createGraphqlServer(deps: GraphqlServerDeps) {
  return createYoga<GraphqlContext>({
    schema: createSchema<GraphqlContext>({
      typeDefs: [typeDefs, cartTypeDefs, memberTypeDefs],
      resolvers: [
        catalogResolvers(deps.catalogReads, deps.errors),
        cartResolvers(deps.carts, deps.errors),
        memberResolvers(deps.members, deps.errors),
      ],
    }),
    graphqlEndpoint: '/graphql/:apiVersion',
    graphiql: !deps.production,
    landingPage: false,
    // @fastify/cors answers for the app (registered client origins only); yoga's default would allow any origin.
    cors: false,
    multipart: false,
    logging: yogaLogger(deps.log),
    maskedErrors: { errorMessage: 'System error occurred' },
    plugins: [queryLimits, storableStrings],
  });
}
