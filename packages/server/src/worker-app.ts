/**
 * The HTTP side of a `vitrine serve --role worker` process: `/healthz` and `/readyz` only (for the
 * process supervisor or the load balancer's health checks), everything else 404. Its work is the
 * background loops, started when the app is ready and stopped, after the work under way, when it closes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type BackgroundServices, installBackgroundWork } from './background-work.js';
import { healthRoutes, readinessOf } from './platform/http/health.js';
import { zodValidatorCompiler } from './platform/wire-errors.js';
import type { Services } from './services.js';

/** Builds a worker process's app: health routes and the background loops. */
export async function buildWorkerApp(s: BackgroundServices & Pick<Services, 'database'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: s.config.logLevel } });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, readinessOf(s.database));
  installBackgroundWork(app, s);
  return app;
}
