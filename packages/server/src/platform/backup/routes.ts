import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../caller.js';
import type { DatabaseHandle } from '../db/database.js';
import { backupStream } from './archive.js';
import { snapshotEmbedded } from './snapshot.js';

/** Where `vitrine backup --server` asks a running embedded server for its backup. */
export const BACKUP_PATH = '/_api/vitrine/v1/backup';

/**
 * `GET /_api/vitrine/v1/backup` (merchants only: an API key or the console's token): the running
 * server's backup file, a consistent snapshot taken between two queries (the data directory is
 * locked by this process, so only it can copy it). Registered on the embedded database only;
 * PostgreSQL is backed up with pg_dump.
 */
export async function backupRoutes(app: FastifyInstance, deps: { database: DatabaseHandle & { pglite: PGlite } }): Promise<void> {
  app.get(
    BACKUP_PATH,
    { schema: { tags: ['platform'], summary: 'A backup of the embedded database (vitrine backup --server)' } },
    async (request, reply) => {
      requireCaller(request, 'merchant');
      const snapshot = await snapshotEmbedded(deps.database);
      const name = `vitrine-backup-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`;
      return reply.type('application/gzip').header('content-disposition', `attachment; filename="${name}"`).send(backupStream(snapshot));
    },
  );
}
