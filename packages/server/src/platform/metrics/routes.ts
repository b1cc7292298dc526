import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthErrors } from '../caller.js';
import { DomainError } from '../errors.js';
import { type ServerMetrics, UNMATCHED_ROUTE } from './server-metrics.js';

/**
 * Counts every answered request: one histogram observation in `onResponse`, labelled with the route
 * pattern, never the URL. Call on the root app before any route is registered.
 */
export function countRequests(app: FastifyInstance, metrics: ServerMetrics): void {
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * `/metrics`. Who may read it: with `token` set, a request bearing it (`Authorization: Bearer <token>`)
 * from anywhere; without, a direct loopback connection only, with no proxy header (a reverse proxy on
 * the same machine connects from loopback too, on a shopper's behalf). No rate limit applies: limits
 * are opt-in per route.
 */
export async function metricsRoutes(app: FastifyInstance, deps: { metrics: ServerMetrics; token?: string }): Promise<void> {
  const { metrics, token } = deps;
  app.get(
    '/metrics',
    { schema: { tags: ['platform'], summary: 'Prometheus metrics of this process (METRICS_TOKEN, or loopback)' }, logLevel: 'warn' },
    async (request, reply) => {
      checkMetricsReader(request, token);
      const { contentType, text } = await metrics.scrape();
      return reply.type(contentType).send(text);
    },
  );
}

/** @throws DomainError UNAUTHENTICATED (token set, not presented) or PERMISSION_DENIED (no token set, not a direct loopback call) */
function checkMetricsReader(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(presented, token)) throw new DomainError(AuthErrors.UNAUTHENTICATED, {}, 'Metrics need the bearer token METRICS_TOKEN');
    return;
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (proxied || !isLoopback(request.socket.remoteAddress))
    throw new DomainError(
      AuthErrors.PERMISSION_DENIED,
      {},
      'Metrics are answered on a direct loopback connection only, unless METRICS_TOKEN is set',
    );
}

function sameSecret(presented: string, expected: string): boolean {
  const presentedBytes = Buffer.from(presented);
  const expectedBytes = Buffer.from(expected);
  return presentedBytes.length === expectedBytes.length && timingSafeEqual(presentedBytes, expectedBytes);
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
}
