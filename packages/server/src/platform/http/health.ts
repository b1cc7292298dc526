import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What readiness asks of the database. */
export interface ReadinessDeps {
  ping: () => Promise<boolean>;
  /** the migrations this code ships that the database lacks */
  pendingMigrations: () => Promise<string[]>;
}

/**
 * `/healthz` (the process answers) and `/readyz` (the database answers and carries every migration
 * this code ships): a load balancer sends traffic to a process only while it is ready.
 */
export async function healthRoutes(app: FastifyInstance, deps: ReadinessDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const Status = z.object({ status: z.string() });
  const NotReady = z.object({ status: z.string(), pending: z.array(z.string()).optional() });
  r.get('/healthz', { schema: { tags: ['platform'], summary: 'Liveness', response: { 200: Status } }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));
  r.get(
    '/readyz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness (database reachable, migrations current)',
        response: { 200: Status, 503: NotReady },
      },
      logLevel: 'warn',
    },
    async (_req, reply) => {
      if (!(await deps.ping())) return reply.status(503).send({ status: 'database unavailable' });
      const pending = await deps.pendingMigrations();
      if (pending.length) return reply.status(503).send({ status: 'migrations pending', pending });
      return { status: 'ready' };
    },
  );
}
