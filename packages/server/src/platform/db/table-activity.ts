import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import type { TableActivity } from './vacuum-choice.js';

interface ActivityRow {
  schema: string;
  table: string;
  rows: number;
  dead_rows: string;
  modified_rows: string;
  counted_since_start: boolean;
  bytes: string;
}

/**
 * What the database counted about each of its tables (`pg_stat_user_tables`), for the embedded
 * database's upkeep. A backend hands its counts to the shared statistics at most once a second, at
 * the end of a transaction, and the later hand-over its idle timer would make never happens in
 * PGlite (measured: writes just made were missing from the view until a later statement).
 * `pg_stat_force_next_flush()` makes the end of its own statement hand them over, so the read that
 * follows sees every write so far; with one connection, every write is this backend's.
 */
export async function readTableActivity(db: Kysely<Database>): Promise<TableActivity[]> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  // `rows`: reltuples is what the last VACUUM or ANALYZE found (kept across restarts, -1 before
  // any); n_live_tup is counted from zero at each start, so it is the better figure only once it
  // is the larger (a table that grew since).
  const result = await sql<ActivityRow>`
    SELECT stats.schemaname AS schema,
           stats.relname AS table,
           GREATEST(class.reltuples, stats.n_live_tup, 0)::float8 AS rows,
           stats.n_dead_tup AS dead_rows,
           stats.n_mod_since_analyze AS modified_rows,
           (stats.last_vacuum IS NOT NULL OR stats.last_analyze IS NOT NULL) AS counted_since_start,
           pg_relation_size(stats.relid) AS bytes
      FROM pg_stat_user_tables stats
      JOIN pg_class class ON class.oid = stats.relid`.execute(db);
  return result.rows.map((row) => ({
    schema: row.schema,
    table: row.table,
    rows: row.rows,
    deadRows: Number(row.dead_rows),
    modifiedRows: Number(row.modified_rows),
    countedSinceStart: row.counted_since_start,
    bytes: Number(row.bytes),
  }));
}
