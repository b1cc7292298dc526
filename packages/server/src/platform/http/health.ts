import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';

/** What readiness asks of the database. */
export interface ReadinessDeps {
  ping: () => Promise<boolean>;
  /** the migrations this code ships that the database lacks */
  pendingMigrations: () => Promise<string[]>;
  /** whether the read replica answers, when one is configured */
  replicaPing?: () => Promise<boolean>;
}

/** What readiness asks of the configured database (its replica included). */
export function readinessOf(database: Pick<DatabaseHandle, 'db' | 'ping' | 'replica'>): ReadinessDeps {
  const { replica } = database;
  return {
    ping: () => database.ping(),
    pendingMigrations: () => pendingMigrations(database.db),
    replicaPing: replica && (() => replica.routing.ping()),
  };
}

/**
 * A replica that does not answer is reported but leaves the process ready: its reads go to the primary
 * meanwhile (replica-reads.ts), so taking every web process out of the balancer would turn a replica's
 * outage into the shop's.
 */
const REPLICA_STATES = { up: 'ok', down: 'unavailable: shopper reads on the primary' } as const;

/**
 * `/healthz` (the process answers) and `/readyz` (the database answers and carries every migration
 * this code ships): a load balancer sends traffic to a process only while it is ready.
 */
export async function healthRoutes(app: FastifyInstance, deps: ReadinessDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const Status = z.object({ status: z.string() });
  const Ready = z.object({ status: z.string(), replica: z.enum([REPLICA_STATES.up, REPLICA_STATES.down]).optional() });
  const NotReady = z.object({ status: z.string(), pending: z.array(z.string()).optional() });
  routes.get(
    '/healthz',
    { schema: { tags: ['platform'], summary: 'Liveness', response: { 200: Status } }, logLevel: 'warn' },
    async () => ({
      status: 'ok',
    }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness (database reachable, migrations current; a read replica reported)',
        response: { 200: Ready, 503: NotReady },
      },
      logLevel: 'warn',
    },
    async (_req, reply) => {
      if (!(await deps.ping())) return reply.status(503).send({ status: 'database unavailable' });
      const pending = await deps.pendingMigrations();
      if (pending.length) return reply.status(503).send({ status: 'migrations pending', pending });
      if (!deps.replicaPing) return { status: 'ready' };
      return { status: 'ready', replica: (await deps.replicaPing()) ? REPLICA_STATES.up : REPLICA_STATES.down };
    },
  );
}
