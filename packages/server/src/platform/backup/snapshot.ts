import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Snapshot } from './archive.js';

/**
 * A consistent snapshot of the embedded database while it serves: a CHECKPOINT writes what is in
 * memory to the files, then PGlite dumps the data directory under its own lock, between two queries
 * (a transaction open at that moment is left out: its commit is not in the image's log).
 */
export async function snapshotEmbedded(database: DatabaseHandle & { pglite: PGlite }): Promise<Snapshot> {
  await sql`CHECKPOINT`.execute(database.db);
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db);
  const dump = await database.pglite.dumpDataDir('none');
  return { image: new Uint8Array(await dump.arrayBuffer()), migrations: rows.map((row) => row.name) };
}
