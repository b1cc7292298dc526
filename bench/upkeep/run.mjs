// bench/upkeep (issue #22, the embedded database's upkeep): how long the VACUUM turns of
// `platform/db/embedded-vacuum.ts` hold the embedded database, whose one connection every request waits
// behind meanwhile. On a copy of a shop's data dir (the demo shop, `vitrine seed --demo`, and generated
// catalogues, `vitrine seed --generate N`), opened in this process through the built server's own
// database layer:
//   1. the job's turns after the start: the ANALYZE each table of 1 MiB or more gets once, to count the dead rows
//      left before it (the counters start at zero);
//   2. churn: every table with rows has rows rewritten until its dead rows are BENCH_UPKEEP_CHURN (1.25) times
//      autovacuum's threshold (50 + 20 % of its rows): each table just past due, as weeks of a shop's writes leave it;
//   3. the job's turns until none is due, each with its wall and CPU time (PGlite runs in this thread) and the
//      time its command held the connection (the job's own count): the pause a request sees; the last turn,
//      with nothing due, is the statistics read alone;
//   4. a VACUUM (ANALYZE) of each of those tables once more, clean, with the wait of a `SELECT 1` sent just after it.
//
// Settings (env): BENCH_UPKEEP_SIZES ("demo,100000"), BENCH_UPKEEP_CHURN (1.25), BENCH_UPKEEP_DATA_<N> (a data
// dir `vitrine seed --generate N` already made, copied instead of generating again).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { cli } from '../support/built-server.mjs';

const dist = (path) => new URL(`../../packages/server/dist/${path}`, import.meta.url).href;
const { openDatabase } = await import(dist('platform/db/database.js'));
const { EmbeddedVacuum } = await import(dist('platform/db/embedded-vacuum.js'));
const { readTableActivity } = await import(dist('platform/db/table-activity.js'));

const DEMO = 'demo';

function settingsFromEnv(env = process.env) {
  return {
    sizes: (env.BENCH_UPKEEP_SIZES ?? 'demo,100000').split(',').map((size) => (size.trim() === DEMO ? DEMO : Number(size))),
    churn: Number(env.BENCH_UPKEEP_CHURN ?? 1.25),
    prepared: (size) => env[`BENCH_UPKEEP_DATA_${size}`],
  };
}

/** Wall and CPU milliseconds of `work`. */
async function timed(work) {
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await work();
  const wallMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** One turn of the job: its step, wall and CPU time, and how long its command (VACUUM or ANALYZE) held the connection. */
async function turnOf(vacuum) {
  const before = vacuum.counts.seconds;
  const turn = await timed(() => vacuum.runOnce());
  const after = vacuum.counts.seconds;
  const pauseMs = (after.vacuum - before.vacuum + after.analyze - before.analyze) * 1000;
  return { ...turn, pauseMs };
}

/** A statement alone, with the wait of a `SELECT 1` sent just after it: what a request meanwhile waits. */
async function heldFor(db, statement) {
  const running = timed(() => statement.execute(db));
  const probeSent = performance.now();
  await sql`SELECT 1`.execute(db);
  const pauseMs = performance.now() - probeSent;
  return { ...(await running), pauseMs };
}

/** A data dir holding the shop of `size`, in a fresh temporary directory. */
async function shopDataDir(size, settings) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-upkeep-bench-'));
  const dataDir = join(dir, 'data');
  const prepared = size === DEMO ? undefined : settings.prepared(size);
  if (prepared) await cp(prepared, dataDir, { recursive: true, filter: (path) => !path.endsWith('vitrine.lock') });
  else if (size === DEMO) cli(['seed', '--demo', '--data-dir', dataDir], { ...process.env, LOG_LEVEL: 'warn' });
  else cli(['seed', '--generate', String(size), '--data-dir', dataDir], { ...process.env, LOG_LEVEL: 'warn' });
  return { dir, dataDir };
}

/**
 * Leaves `times` autovacuum's threshold of dead rows in each table with rows: random rows rewritten (their
 * first column set to itself: a new version of the row, the old one dead), small tables several times over.
 */
async function churn(db, times) {
  const churned = [];
  for (const table of await readTableActivity(db)) {
    const target = sql.id(table.schema, table.table);
    // counted: reltuples is -1 in a table no VACUUM or ANALYZE has seen yet
    const count = Number((await sql`SELECT count(*) AS rows FROM ${target}`.execute(db)).rows[0].rows);
    if (count === 0) continue;
    churned.push(table.table);
    const column = await sql`
      SELECT attname FROM pg_attribute
       WHERE attrelid = ${`${table.schema}.${table.table}`}::regclass AND attnum > 0 AND NOT attisdropped
         AND attidentity = '' AND attgenerated = ''
       ORDER BY attnum LIMIT 1`.execute(db);
    const name = sql.ref(column.rows[0].attname);
    for (let left = Math.ceil(times * (50 + 0.2 * count)); left > 0; left -= Math.min(left, count)) {
      const rows = Math.min(left, count);
      await sql`UPDATE ${target} SET ${name} = ${name} WHERE ctid IN (SELECT ctid FROM ${target} ORDER BY random() LIMIT ${rows})`.execute(
        db,
      );
    }
  }
  return churned;
}

async function measureShop(size, settings) {
  const { dir, dataDir } = await shopDataDir(size, settings);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  try {
    const vacuum = new EmbeddedVacuum({ database });
    const rows = [];
    // The first read of the statistics after opening loads the catalogs' caches: not what a turn costs.
    await readTableActivity(db);
    // After a start the counters are empty: the job first counts the tables of 1 MiB or more.
    for (;;) {
      const turn = await turnOf(vacuum);
      if (!turn.result) break;
      rows.push({
        step: `turn: ${turn.result.action === 'analyze' ? 'ANALYZE (after a start)' : 'VACUUM (ANALYZE)'}`,
        table: turn.result.table,
        ...turn,
      });
    }
    const churned = await churn(db, settings.churn);
    for (;;) {
      const turn = await turnOf(vacuum);
      if (!turn.result) {
        rows.push({ step: 'a turn with nothing due (the statistics read alone)', table: '–', ...turn, pauseMs: turn.wallMs });
        break;
      }
      rows.push({ step: 'turn after the churn: VACUUM (ANALYZE)', table: turn.result.table, ...turn });
    }
    for (const table of churned) {
      const clean = await heldFor(db, sql`VACUUM (ANALYZE) ${sql.table(table)}`);
      rows.push({ step: 'VACUUM (ANALYZE) once more, clean', table, ...clean });
    }
    const sizes = await sql`
      SELECT relname AS table, pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables ORDER BY 2 DESC LIMIT 8`.execute(db);
    return { size, rows, biggest: sizes.rows };
  } catch (error) {
    // printed here: closing the database under a failed statement may throw too and hide it
    console.error(error);
    throw error;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const ms = (value) => value.toFixed(value < 10 ? 1 : 0);

export async function runUpkeep(env = process.env) {
  const settings = settingsFromEnv(env);
  const shops = [];
  for (const size of settings.sizes) {
    console.log(`upkeep: ${size}`);
    shops.push(await measureShop(size, settings));
  }
  const lines = [
    '## upkeep',
    '',
    `Measured on ${new Date().toISOString()} (Node ${process.version}; 2 cores shared with other work, load average`,
    `${loadavg()[0].toFixed(1)} at the end: wall times are noisy and long, CPU times less so). Run with \`npm run bench -- upkeep\`.`,
    "On a quiet machine a pause should come near its CPU time (PGlite runs in the bench's own thread, its file reads included) unless the files must come from disk.",
    "The embedded database (PGlite) of a copy of each shop's data dir,",
    "opened in the bench process through the built server's database layer; the turns are `EmbeddedVacuum.runOnce()`,",
    'the job the server runs every VACUUM_INTERVAL_MS. "pause" is how long the turn\'s VACUUM or ANALYZE held the one',
    "connection of the embedded database (the job's own timing): every request waits that long at most; for the clean",
    'VACUUMs it is the wait of a `SELECT 1` sent just after the VACUUM. "turn" adds the statistics read. Churn: random rows of every table with',
    `rows rewritten (its first settable column set to itself) until it holds ${settings.churn} × autovacuum's threshold of dead rows`,
    "(50 + 20 % of its rows): each table just past due, as a shop's writes leave it; then the job runs until nothing is due.",
    '',
    '| shop | step | table | pause ms | turn wall ms | turn CPU ms |',
    '| --- | --- | --- | ---: | ---: | ---: |',
  ];
  for (const shop of shops)
    for (const row of shop.rows)
      lines.push(`| ${shop.size} | ${row.step} | ${row.table} | ${ms(row.pauseMs)} | ${ms(row.wallMs)} | ${ms(row.cpuMs)} |`);
  lines.push('', 'The biggest tables (with their indexes):', '');
  for (const shop of shops)
    lines.push(
      `- ${shop.size}: ${shop.biggest.map((table) => `${table.table} ${(Number(table.bytes) / 2 ** 20).toFixed(1)} MiB`).join(', ')}`,
    );
  return lines.join('\n');
}
