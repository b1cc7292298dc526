import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { startTestServer } from '../../../test/support/test-server.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { EmbeddedVacuum } from './embedded-vacuum.js';
import type { Database } from './schema.js';
import { readTableActivity } from './table-activity.js';

interface TableStats {
  dead_rows: string;
  vacuums: string;
  last_vacuum: Date | null;
}

/** The database's own figures of `table` (the pending counts handed over first: table-activity.ts says why). */
async function statsOf(db: Kysely<Database>, table: string): Promise<TableStats> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const result = await sql<TableStats>`
    SELECT n_dead_tup AS dead_rows, vacuum_count AS vacuums, last_vacuum
      FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db);
  const [stats] = result.rows;
  if (!stats) throw new Error(`no statistics of ${table}`);
  return stats;
}

/** A table of `rows` rows, each `width` characters wide, analyzed (its row count known, nothing modified since). */
async function createTable(db: Kysely<Database>, table: string, rows: number, width = 10): Promise<void> {
  await sql`CREATE TABLE ${sql.table(table)} (id int PRIMARY KEY, note text NOT NULL)`.execute(db);
  await sql`INSERT INTO ${sql.table(table)} SELECT n, repeat('x', ${width}) FROM generate_series(1, ${rows}) n`.execute(db);
  // the insert's counts handed over first: else they reach the shared statistics after ANALYZE's
  // and count as rows written since it
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  await sql`ANALYZE ${sql.table(table)}`.execute(db);
}

/** Runs turns until one finds nothing due; answers the steps taken. */
async function turnsUntilIdle(vacuum: EmbeddedVacuum): Promise<string[]> {
  const steps: string[] = [];
  for (let turn = 0; turn < 10; turn++) {
    const step = await vacuum.runOnce();
    if (!step) return steps;
    steps.push(`${step.action} ${step.table}`);
  }
  throw new Error(`still working after 10 turns: ${steps.join(', ')}`);
}

describe('the embedded database upkeep (#22)', () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('vacuums a table whose dead rows passed the threshold, and leaves an untouched one alone', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'churned_rows', 2000);
    await createTable(db, 'untouched_rows', 2000);
    // 1000 dead rows of 2000: past 50 + 20 % of 2000 = 450
    await sql`DELETE FROM churned_rows WHERE id > 1000`.execute(db);
    expect(Number((await statsOf(db, 'churned_rows')).dead_rows)).toBe(1000);

    const vacuum = new EmbeddedVacuum({ database });
    expect(await turnsUntilIdle(vacuum)).toEqual(['vacuum churned_rows']);

    const churned = await statsOf(db, 'churned_rows');
    expect(Number(churned.dead_rows)).toBe(0);
    expect(churned.last_vacuum).toBeInstanceOf(Date);
    const untouched = await statsOf(db, 'untouched_rows');
    expect(untouched.last_vacuum).toBeNull();
    expect(Number(untouched.vacuums)).toBe(0);
    // two turns: the vacuum and the one that found nothing; its command's time is counted
    expect(vacuum.counts).toMatchObject({ turns: 2, tables: { vacuum: 1, analyze: 0 } });
    expect(vacuum.counts.seconds.vacuum).toBeGreaterThan(0);
  });

  it('logs a step that held the database past its limit as a warning, naming the table and the seconds', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'slow_rows', 2000);
    await createTable(db, 'quick_rows', 2000);
    await sql`DELETE FROM slow_rows WHERE id > 1000`.execute(db);
    const logged: { level: string; fields: object; message: string }[] = [];
    const log = {
      debug: (fields: object, message: string) => logged.push({ level: 'debug', fields, message }),
      warn: (fields: object, message: string) => logged.push({ level: 'warn', fields, message }),
      error: (fields: object, message: string) => logged.push({ level: 'error', fields, message }),
    };
    // a limit every step passes: the VACUUM of slow_rows is logged as one that made requests wait
    const strict = new EmbeddedVacuum({ database, slowStepSeconds: 0 });
    // the timed turns' logger is the one a step reports to; an hour apart, so only runOnce takes turns here
    strict.start({ intervalMs: 3_600_000, log });
    expect(await strict.runOnce()).toMatchObject({ action: 'vacuum', table: 'slow_rows' });
    await strict.stop();
    expect(logged).toEqual([
      {
        level: 'warn',
        fields: { action: 'vacuum', schema: 'public', table: 'slow_rows', seconds: expect.any(Number) },
        message: 'embedded database upkeep held the database: requests waited behind it',
      },
    ]);

    // under the default limit (a second) a quick step is only a debug line
    logged.length = 0;
    await sql`DELETE FROM quick_rows WHERE id > 1000`.execute(db);
    const lenient = new EmbeddedVacuum({ database });
    lenient.start({ intervalMs: 3_600_000, log });
    expect(await lenient.runOnce()).toMatchObject({ action: 'vacuum', table: 'quick_rows' });
    await lenient.stop();
    expect(logged.map((line) => `${line.level} ${line.message}`)).toEqual(['debug embedded database upkeep']);
  });

  it('does nothing on a database nobody writes to, and vacuums below the threshold never', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'quiet_rows', 2000);
    // 200 rows deleted of 2000: under 50 + 20 % of 2000 dead, and under 50 + 10 % written since the ANALYZE
    await sql`DELETE FROM quiet_rows WHERE id > 1800`.execute(db);
    const vacuum = new EmbeddedVacuum({ database });
    expect(await vacuum.runOnce()).toBeUndefined();
    expect(await vacuum.runOnce()).toBeUndefined();
    expect((await statsOf(db, 'quiet_rows')).last_vacuum).toBeNull();
    expect(vacuum.counts).toEqual({ turns: 2, tables: { vacuum: 0, analyze: 0 }, seconds: { vacuum: 0, analyze: 0 } });
  });

  it('vacuums a table that only grew, so its pages become all-visible for index-only scans', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'growing_rows', 100);
    // 500 rows written since the ANALYZE: past 50 + 10 % of the rows
    await sql`INSERT INTO growing_rows SELECT n, 'new' FROM generate_series(101, 600) n`.execute(db);
    const vacuum = new EmbeddedVacuum({ database });
    expect(await turnsUntilIdle(vacuum)).toEqual(['vacuum growing_rows']);
    const visible = await sql<{ all_visible: number; pages: number }>`
      SELECT relallvisible AS all_visible, relpages AS pages FROM pg_class WHERE relname = 'growing_rows'`.execute(db);
    expect(visible.rows[0]?.all_visible).toBe(visible.rows[0]?.pages);
  });

  it('after a restart, which loses the counters, counts the dead rows of a big table with ANALYZE, then vacuums it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vitrine-vacuum-test-'));
    database = await openDatabase({ kind: 'pglite', dataDir });
    // ~2.6 MiB: over the 1 MiB under which a table is left to the counters of the run
    await createTable(database.db, 'restarted_rows', 20_000, 100);
    await sql`DELETE FROM restarted_rows WHERE id % 2 = 0`.execute(database.db);
    await database.close();

    database = await openDatabase({ kind: 'pglite', dataDir });
    const { db } = database;
    expect(Number((await statsOf(db, 'restarted_rows')).dead_rows)).toBe(0);
    const vacuum = new EmbeddedVacuum({ database });
    expect(await turnsUntilIdle(vacuum)).toEqual(['analyze restarted_rows', 'vacuum restarted_rows']);
    const stats = await statsOf(db, 'restarted_rows');
    expect(Number(stats.dead_rows)).toBe(0);
    expect(stats.last_vacuum).toBeInstanceOf(Date);
    expect(vacuum.counts.tables).toEqual({ vacuum: 1, analyze: 1 });
  });

  it('stops after the turn under way has finished its VACUUM (graceful shutdown)', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'stopping_rows', 2000);
    await sql`DELETE FROM stopping_rows`.execute(db);
    const vacuum = new EmbeddedVacuum({ database });
    const turn = vacuum.runOnce();
    await vacuum.stop();
    // read at once when stop() resolves: the VACUUM is counted only once it has ended
    expect(vacuum.counts.tables.vacuum).toBe(1);
    expect(await turn).toEqual({ action: 'vacuum', schema: 'public', table: 'stopping_rows' });
  });

  it('sees the writes made just before the turn (the counts a backend holds are handed over first)', async () => {
    database = await openDatabase({ kind: 'pglite' });
    const { db } = database;
    await createTable(db, 'fresh_rows', 1000);
    await sql`UPDATE fresh_rows SET note = 'changed'`.execute(db);
    const fresh = (await readTableActivity(db)).find((activity) => activity.table === 'fresh_rows');
    expect(fresh).toMatchObject({ deadRows: 1000, modifiedRows: 1000, rows: 1000, countedSinceStart: true });
  });
});

describe('the upkeep in a serving process (#22)', () => {
  it('runs on the embedded database and reports in /metrics; on PostgreSQL it stays off (autovacuum does the work)', async () => {
    const server = await startTestServer({ VACUUM_INTERVAL_MS: '3600000' });
    try {
      const { db, kind } = server.database;
      const embedded = kind === 'pglite';
      expect(server.services.vacuum.running).toBe(embedded);
      await sql`CREATE TABLE dead_rows_probe (id int PRIMARY KEY)`.execute(db);
      await sql`INSERT INTO dead_rows_probe SELECT generate_series(1, 1000)`.execute(db);
      await sql`DELETE FROM dead_rows_probe`.execute(db);

      const step = await server.services.vacuum.runOnce();
      const metrics = (await send(`${server.url}/metrics`)).text;
      if (embedded) {
        expect(step).toEqual({ action: 'vacuum', schema: 'public', table: 'dead_rows_probe' });
        expect((await statsOf(db, 'dead_rows_probe')).last_vacuum).toBeInstanceOf(Date);
        expect(metrics).toContain('vitrine_db_upkeep_turns_total 1\n');
        expect(metrics).toContain('vitrine_db_upkeep_tables_total{action="vacuum"} 1\n');
        expect(metrics).toMatch(/^vitrine_db_upkeep_seconds_total\{action="vacuum"\} 0\.\d+$/m);
      } else {
        expect(step).toBeUndefined();
        // last_vacuum is a VACUUM command's; the server's autovacuum sets last_autovacuum
        expect((await statsOf(db, 'dead_rows_probe')).last_vacuum).toBeNull();
        expect(metrics).not.toContain('vitrine_db_upkeep');
      }
    } finally {
      await server.close();
    }
    expect(server.services.vacuum.running).toBe(false);
  });
});
