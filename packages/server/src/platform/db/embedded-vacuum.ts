/**
 * The embedded database's upkeep. PGlite runs PostgreSQL as one single-user backend: no autovacuum.
 * Left alone, every cart write, outbox row, token and session leaves dead rows nothing reclaims,
 * tables and indexes grow, pages are never marked all-visible (index-only scans go back to the
 * table) and the planner's statistics age. So a background loop of the `worker`/`all` process does
 * autovacuum's work: each turn reads what the database counted per table (table-activity.ts) and
 * runs `VACUUM (ANALYZE)` on at most one table past autovacuum's threshold (vacuum-choice.ts).
 *
 * One table a turn, because the embedded database has one connection: while a VACUUM runs, every
 * request waits behind it (bench/RESULTS.md, "Embedded database upkeep", for how long). On
 * PostgreSQL servers autovacuum does this, and the loop never starts.
 */
import { type Kysely, sql } from 'kysely';
import { BatchWorker, type WorkerLog } from '../background/batch-worker.js';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';
import { readTableActivity } from './table-activity.js';
import { nextUpkeepStep, type UpkeepAction, type UpkeepStep } from './vacuum-choice.js';

/** What the upkeep did since start (for `/metrics`). */
export interface UpkeepCounts {
  /** turns taken (each read the statistics, most do nothing more) */
  turns: number;
  /** tables worked on, by action */
  tables: Record<UpkeepAction, number>;
  /** seconds those commands held the database, by action */
  seconds: Record<UpkeepAction, number>;
}

/**
 * A step that held the one connection this long is logged as a warning: every request of that time
 * waited behind it (a VACUUM (ANALYZE) of 100k products measured ~1.7 s), which an operator should
 * see beside the latency it explains.
 */
const SLOW_STEP_SECONDS = 1;

export class EmbeddedVacuum {
  private readonly worker = new BatchWorker({
    failedRunMessage: 'embedded database upkeep (VACUUM) failed',
    // Never a next turn at once: the interval keeps the pauses of the one connection apart.
    batchSize: Number.POSITIVE_INFINITY,
    runBatch: async () => {
      await this.turn();
      return 0;
    },
  });
  readonly #counts: UpkeepCounts = { turns: 0, tables: { vacuum: 0, analyze: 0 }, seconds: { vacuum: 0, analyze: 0 } };

  constructor(
    private readonly deps: {
      database: Pick<DatabaseHandle, 'db' | 'kind'>;
      /** from how many seconds a step is logged as a warning (default 1) */
      slowStepSeconds?: number;
    },
  ) {}

  /** Whether this database needs the loop: the embedded one only (PostgreSQL has autovacuum). */
  get applies(): boolean {
    return this.deps.database.kind === 'pglite';
  }

  /** Whether the timed turns are on. */
  get running(): boolean {
    return this.worker.running;
  }

  get counts(): UpkeepCounts {
    return structuredClone(this.#counts);
  }

  /** One turn now, outside the timer (`stop()` waits for it too): the step taken, or none. */
  runOnce(): Promise<UpkeepStep | undefined> {
    return this.worker.track(this.turn());
  }

  /** Reads the statistics and takes the step due, if any. Nothing on PostgreSQL. */
  private async turn(): Promise<UpkeepStep | undefined> {
    if (!this.applies) return undefined;
    const { db } = this.deps.database;
    this.#counts.turns++;
    const step = nextUpkeepStep(await readTableActivity(db));
    if (!step) return undefined;
    const startedAt = performance.now();
    await runStep(db, step);
    const seconds = (performance.now() - startedAt) / 1000;
    this.#counts.tables[step.action]++;
    this.#counts.seconds[step.action] += seconds;
    if (seconds >= (this.deps.slowStepSeconds ?? SLOW_STEP_SECONDS)) {
      this.worker.logger.warn({ ...step, seconds }, 'embedded database upkeep held the database: requests waited behind it');
    } else {
      this.worker.logger.debug({ ...step, seconds }, 'embedded database upkeep');
    }
    return step;
  }

  /** A turn every `intervalMs` (`VACUUM_INTERVAL_MS`; 0: none) on the embedded database; nothing on PostgreSQL. */
  start(options: { intervalMs: number; log?: WorkerLog }): void {
    if (this.applies) this.worker.start(options);
  }

  /** Stops the turns and waits for the one under way (its VACUUM is not cut short). */
  stop(): Promise<void> {
    return this.worker.stop();
  }
}

/** Outside any transaction (VACUUM refuses to run in one). */
async function runStep(db: Kysely<Database>, step: UpkeepStep): Promise<void> {
  const table = sql.id(step.schema, step.table);
  if (step.action === 'vacuum') await sql`VACUUM (ANALYZE) ${table}`.execute(db);
  else await sql`ANALYZE ${table}`.execute(db);
}
