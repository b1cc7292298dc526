/**
 * The HTTP side of a `vitrine serve --role worker` process: `/metrics` (its deliveries, the shared
 * queues, its pool and process figures; no cache series), `/healthz` and `/readyz` only (for the operator's scraper and
 * the process supervisor), on `METRICS_PORT` at `METRICS_HOST` (loopback), everything else 404. Its work is the
 * background loops, started when the app is ready and stopped, after the work under way, when it closes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type BackgroundServices, installBackgroundWork } from './background-work.js';
import { databasePools } from './platform/db/database.js';
import { healthRoutes, readinessOf } from './platform/http/health.js';
import { readQueueBacklogs } from './platform/metrics/queue-store.js';
import { countRequests, metricsRoutes } from './platform/metrics/routes.js';
import { ServerMetrics } from './platform/metrics/server-metrics.js';
import { zodValidatorCompiler } from './platform/wire-errors.js';
import type { Services } from './services.js';

/** Builds a worker process's app: health routes and the background loops. */
export async function buildWorkerApp(services: BackgroundServices & Pick<Services, 'database' | 'changes'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: services.config.logLevel } });
  const metrics = new ServerMetrics({
    pools: () => databasePools(services.database),
    // no `caches`: the catalogue cache and pricing memos serve shoppers, whom a worker does not answer
    queues: () => readQueueBacklogs(services.database.db),
    // the embedded database's VACUUM turns (PostgreSQL: none, its autovacuum does that work)
    upkeep: services.vacuum.applies ? () => services.vacuum.counts : undefined,
    warn: (fields, message) => app.log.warn(fields, message),
  });
  countRequests(app, metrics);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, readinessOf(services.database));
  await app.register(metricsRoutes, { metrics, token: services.config.metrics.token });
  installBackgroundWork(app, services);
  // the mails it sends read the shop settings: hear other processes' changes to them
  app.addHook('onReady', async () => services.changes.start(app.log));
  app.addHook('onClose', async () => services.changes.stop());
  return app;
}
