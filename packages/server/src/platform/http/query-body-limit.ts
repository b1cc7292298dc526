import type { FastifyInstance } from 'fastify';

/**
 * Largest body of a read query (catalogue and order queries, GraphQL). A query names a filter,
 * a sort and a page: a few kilobytes. The app's BODY_LIMIT stays for writes (products, bulk edits);
 * uploads have their own.
 */
export const QUERY_BODY_LIMIT = 64 * 1024;

/** POST routes that only read: `…/query`, `…/query-platformized`, `…/search`, GraphQL. */
const QUERY_ROUTE = /\/(query|query-platformized|search)$|^\/graphql\//;

/**
 * Gives every read-query POST route the smaller body limit as it is registered, so a new query
 * route gets it without asking (a route that sets its own limit keeps it).
 */
export function installQueryBodyLimit(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST') && QUERY_ROUTE.test(route.url) && route.bodyLimit === undefined) route.bodyLimit = QUERY_BODY_LIMIT;
  });
}
