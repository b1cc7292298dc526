/**
 * Deletes the sign-in rows nobody can use any more (#23): authorization requests and codes, refresh
 * tokens, redirect and hosted sessions, identity, verification and recovery tokens past their
 * `expires_at`. Each is refused once expired whether its row is there or not; left in place they only
 * grow the tables. Run by the background work of `worker`/`all` processes, in batches of at most
 * `BATCH` rows per table (short transactions, no long lock), skipping rows another worker is deleting.
 */
import { type Kysely, sql } from 'kysely';
import { BatchWorker, type WorkerLog } from '../../platform/background/batch-worker.js';
import type { Database } from '../../platform/db/schema.js';

/** The tables of rows that expire (each has `expires_at`, indexed: migration 0033). */
export const EXPIRING_TABLES = [
  'auth_requests',
  'auth_codes',
  'refresh_tokens',
  'redirect_sessions',
  'hosted_sessions',
  'identity_tokens',
  'verification_codes',
  'recovery_tokens',
] as const satisfies readonly (keyof Database)[];

/** Rows deleted per table and run at most. */
const BATCH = 500;
/** How often a worker looks for expired rows (a full batch: again at once). */
export const SWEEP_INTERVAL_MS = 60_000;

type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/** The rows (`ctid`) of `table` expired before `now`, at most `limit`, none another worker is deleting. */
export function expiredRowsOf(table: ExpiringTable, now: Date, limit: number) {
  return sql`SELECT ctid FROM ${sql.table(table)} WHERE expires_at < ${now} LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** Deletes at most `limit` rows of `table` expired before `now`; answers how many. */
async function deleteExpired(db: Kysely<Database>, table: ExpiringTable, now: Date, limit: number): Promise<number> {
  const result = await sql`DELETE FROM ${sql.table(table)} WHERE ctid IN (${expiredRowsOf(table, now, limit)})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export class ExpiredRowsSweeper {
  private readonly worker = new BatchWorker({
    failedRunMessage: 'expired sign-in rows sweep failed',
    batchSize: BATCH,
    runBatch: () => this.sweepOnce(),
  });

  constructor(private readonly deps: { db: Kysely<Database>; now?: () => Date }) {}

  /** One pass over every table; answers the most rows deleted from one table (a full batch: more may wait). */
  async sweepOnce(): Promise<number> {
    const now = this.deps.now?.() ?? new Date();
    let most = 0;
    for (const table of EXPIRING_TABLES) most = Math.max(most, await deleteExpired(this.deps.db, table, now, BATCH));
    return most;
  }

  start(options: { intervalMs: number; log?: WorkerLog }): void {
    this.worker.start(options);
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
