/**
 * The HTTP side of a `vitrine serve --role worker` process: `/healthz` and `/readyz` only (for the
 * process supervisor or the load balancer's health checks), everything else 404. Its work is the
 * background loops, started when the app is ready and stopped, after the work under way, when it closes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type BackgroundServices, installBackgroundWork } from './background-work.js';
import { pendingMigrations } from './platform/db/migrate.js';
import { healthRoutes } from './platform/http/health.js';
import { zodValidatorCompiler } from './platform/wire-errors.js';
import type { Services } from './services.js';

/** Builds a worker process's app: health routes and the background loops. */
export async function buildWorkerApp(s: BackgroundServices & Pick<Services, 'database' | 'changes'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: s.config.logLevel } });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, { ping: () => s.database.ping(), pendingMigrations: () => pendingMigrations(s.database.db) });
  installBackgroundWork(app, s);
  // the mails it sends read the shop settings: hear other processes' changes to them
  app.addHook('onReady', async () => s.changes.start(app.log));
  app.addHook('onClose', async () => s.changes.stop());
  return app;
}
