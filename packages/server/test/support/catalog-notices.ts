import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { CATALOG_CHANNEL } from '../../src/platform/db/change-channel.js';
import type { DatabaseHandle } from '../../src/platform/db/database.js';
import { withDatabase } from './template.js';

/** What was heard on the catalogue channel (`vitrine_catalog`) of a test database. */
export interface CatalogNotices {
  payloads: string[];
  /** Waits until `times` payloads satisfy `ok` (or 5 s); answers how many did. */
  heard(ok: (payload: string) => boolean, times?: number): Promise<number>;
  stop(): Promise<void>;
}

/** Listens on the catalogue channel of `database`, as another server process would (PGlite or PostgreSQL). */
export async function listenCatalogNotices(database: DatabaseHandle): Promise<CatalogNotices> {
  const payloads: string[] = [];
  let stop: () => Promise<void>;
  if (database.pglite) {
    stop = await database.pglite.listen(CATALOG_CHANNEL, (payload) => payloads.push(payload));
  } else {
    const response = inject('databaseTemplate');
    if (response.kind !== 'postgres') throw new Error('no PGlite instance and no PostgreSQL template');
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db);
    const client = new pg.Client({ connectionString: withDatabase(response.url, rows[0]?.name as string) });
    await client.connect();
    client.on('notification', (notification) => payloads.push(notification.payload ?? ''));
    await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    stop = () => client.end();
  }
  return {
    payloads,
    async heard(ok, times = 1) {
      const startedAt = Date.now();
      const count = () => payloads.filter(ok).length;
      while (count() < times && Date.now() - startedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
      return count();
    },
    stop: () => stop(),
  };
}
