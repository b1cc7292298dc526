import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `/healthz` (the process answers) and `/readyz` (the database answers too). */
export async function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<boolean> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const Status = z.object({ status: z.string() });
  r.get('/healthz', { schema: { tags: ['platform'], summary: 'Liveness', response: { 200: Status } }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));
  r.get(
    '/readyz',
    { schema: { tags: ['platform'], summary: 'Readiness (database reachable)', response: { 200: Status, 503: Status } }, logLevel: 'warn' },
    async (_req, reply) => ((await deps.ping()) ? { status: 'ready' } : reply.status(503).send({ status: 'database unavailable' })),
  );
}
