import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counts one more event under `key` in a fixed window of `windowMs`, starting a new window when the
 * old one has passed. One statement, so concurrent processes never lose a count; the database clock
 * decides windows, so processes with skewed clocks still agree.
 * @returns the count in the current window and the milliseconds left in it
 */
export async function incrementCounter(db: Kysely<Database>, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const row = await db
    .insertInto('counters')
    .values({ key, count: 1, reset_at: sql<Date>`now() + ${window}` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN counters.reset_at <= now() THEN 1 ELSE counters.count + 1 END`,
        reset_at: sql<Date>`CASE WHEN counters.reset_at <= now() THEN excluded.reset_at ELSE counters.reset_at END`,
      }),
    )
    .returning(['count', sql<number>`ceil(extract(epoch from (reset_at - now())) * 1000)::float8`.as('ttl_ms')])
    .executeTakeFirstOrThrow();
  return { count: row.count, ttlMs: Math.max(0, row.ttl_ms) };
}

/** The live counters (window not passed) among `keys`, with the milliseconds left in each window. */
export async function readCounters(db: Kysely<Database>, keys: string[]): Promise<Map<string, { count: number; ttlMs: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('counters')
    .select(['key', 'count', sql<number>`ceil(extract(epoch from (reset_at - now())) * 1000)::float8`.as('ttl_ms')])
    .where('key', 'in', keys)
    .where('reset_at', '>', sql<Date>`now()`)
    .execute();
  return new Map(rows.map((row) => [row.key, { count: row.count, ttlMs: row.ttl_ms }]));
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', key).execute();
}

/** Removes counters whose window has passed (they would restart at 1 anyway). */
export async function deleteExpiredCounters(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('counters').where('reset_at', '<', sql<Date>`now()`).execute();
}
