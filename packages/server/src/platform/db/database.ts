import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import pg from 'pg';
import { measuredPool, type PoolStats } from './pool-stats.js';
import { ReplicaReads } from './replica-reads.js';
import type { Database } from './schema.js';
import { insideTransaction } from './transaction-scope.js';

/** Where the data lives: a PostgreSQL server, an embedded data directory, or an in-memory image. */
export type DatabaseTarget =
  /** `statementTimeoutMs`: the server cancels a statement running longer (0 or absent: no limit). */
  /** `readUrl`: a streaming replica for shopper catalogue reads (`DATABASE_READ_URL`; see replica-reads.ts). */
  | { kind: 'postgres'; url: string; readUrl?: string; poolSize?: number; statementTimeoutMs?: number }
  /** No dataDir: in memory; an image: a copy of a dumped data directory (test templates). */
  | { kind: 'pglite'; dataDir?: string; image?: Blob };

/** How long a connection to the read replica may take before its reads go to the primary (replica-reads.ts). */
const REPLICA_CONNECT_TIMEOUT_MS = 3000;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * Shopper catalogue reads (products, collections, queries, search, GraphQL reads): with a replica
   * configured, a Kysely instance whose connections `replica.routing` picks; else `db` itself.
   */
  reads: Kysely<Database>;
  /** The read replica, when one is configured: its routing and its pool's figures. */
  replica?: { routing: ReplicaReads; poolStats(): PoolStats };
  kind: 'postgres' | 'pglite';
  /** Answers whether the database takes queries (for /readyz). */
  ping(): Promise<boolean>;
  /** The connection pool's use and waits (for `/metrics`); the embedded pool has one connection. */
  poolStats(): PoolStats;
  close(): Promise<void>;
  /** The embedded instance, when there is one (tests dump it as a template). */
  pglite?: PGlite;
}

/**
 * The embedded server's memory settings, given at each start (a data directory's own postgresql.conf
 * says 128MB, as initdb writes it). Its shared buffers live in PGlite's WebAssembly memory, which the
 * process holds resident once touched: 128 MiB of buffers cost ~125 MiB of RSS (bench/memory), while a
 * shop an embedded database suits (the demo shop's whole data directory is ~45 MB) is read through
 * 16 MiB of buffers and the operating system's file cache behind them.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

/**
 * Opens the database behind one Kysely instance: PostgreSQL through a `pg` pool, or PGlite through
 * its node-postgres adapter (a pool of one connection), so both modes parse values the same way.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = postgresPool(target.url, target, 'database');
    const primary = measuredPool(pool, pool);
    const opened = handle(primary, 'postgres', async () => {});
    if (!target.readUrl) return opened;
    const replicaPool = postgresPool(target.readUrl, target, 'read replica', REPLICA_CONNECT_TIMEOUT_MS);
    const replica = measuredPool(replicaPool, replicaPool);
    const routing = new ReplicaReads({
      primary: primary.pool,
      primaryPositions: pool,
      replica: replica.pool,
      replicaPositions: replicaPool,
    });
    const reads = new Kysely<Database>({ dialect: new PostgresDialect({ pool: routing.pool }) });
    return {
      ...opened,
      reads,
      replica: { routing, poolStats: replica.stats },
      // the reads' instance first: it ends the replica's pool, the primary's ends the primary's
      close: () => reads.destroy().finally(() => opened.close()),
    };
  }
  return openEmbedded(target);
}

/**
 * PGlite through its node-postgres adapter. Its modules are imported here, when an embedded database
 * is opened, not by this file's imports: a server on PostgreSQL never loads them (~1 MiB of heap).
 */
async function openEmbedded(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  // Product search's extensions (migration 0024): PGlite loads an extension's code only when asked.
  const pglite = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.image,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const pool = new pg.Pool(createPgConfig(pglite));
  const measured = handle(measuredPool(refusingInsideTransactions(pool), pool), 'pglite', () => pglite.close());
  return { ...measured, pglite };
}

/** A PostgreSQL pool (`what` names it in the log). */
function postgresPool(
  url: string,
  target: { poolSize?: number; statementTimeoutMs?: number },
  what: string,
  connectTimeoutMs?: number,
): pg.Pool {
  // statement_timeout travels in each connection's startup message: every statement of the pool has it.
  const statementTimeout = target.statementTimeoutMs || undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: target.poolSize ?? 10,
    statement_timeout: statementTimeout,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported here;
  // the pool drops it and opens another when needed. Unheard, the event would crash the process.
  pool.on('error', (error) => console.error(`${what}: an idle connection was lost (${error.message}); the pool replaces it`));
  return pool;
}

/**
 * The embedded pool's one connection is the running transaction's: Kysely asking for another from
 * inside it would wait forever (see transaction-scope.ts), so it fails at once, naming the mistake.
 * Kysely takes any pool with `connect` and `end` (its `PostgresPool`): this one asks `pool` for
 * connections outside transactions only.
 */
function refusingInsideTransactions(pool: pg.Pool): PostgresPool {
  return {
    connect: () =>
      insideTransaction()
        ? Promise.reject(
            new Error('a query on the root database inside a transaction: the embedded database has one connection, use the transaction'),
          )
        : pool.connect(),
    end: () => pool.end(),
  };
}

function handle(
  { pool, stats }: ReturnType<typeof measuredPool>,
  kind: DatabaseHandle['kind'],
  after: () => Promise<void>,
): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    reads: db,
    kind,
    poolStats: stats,
    async ping() {
      try {
        await sql`SELECT 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await after();
    },
  };
}

/** Each pool's figures by name (`/metrics` label `pool`): `primary`, and `replica` when one is configured. */
export function databasePools(database: Pick<DatabaseHandle, 'poolStats' | 'replica'>): Record<string, PoolStats> {
  const { replica } = database;
  return replica ? { primary: database.poolStats(), replica: replica.poolStats() } : { primary: database.poolStats() };
}
