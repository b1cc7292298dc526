import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { type Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CommitHookedKysely } from './after-commit.js';
import { prepareRepeatedStatements } from './prepared-statements.js';
import type { Database } from './schema.js';
import { insideTransaction } from './transaction-scope.js';

/** Where the data lives: a PostgreSQL server, an embedded data directory, or an in-memory image. */
export type DatabaseTarget =
  /**
   * `preparedStatements`: run repeated queries as prepared statements (default; see prepared-statements.ts).
   * `statementTimeoutMs`: the server cancels a statement running longer (0 or absent: no limit).
   */
  | { kind: 'postgres'; url: string; poolSize?: number; preparedStatements?: boolean; statementTimeoutMs?: number }
  /** No dataDir: in memory; an image: a copy of a dumped data directory (test templates). */
  | { kind: 'pglite'; dataDir?: string; image?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Answers whether the database takes queries (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded instance, when there is one (tests dump it as a template). */
  pglite?: PGlite;
}

/**
 * Opens the database behind one Kysely instance: PostgreSQL through a `pg` pool, or PGlite through
 * its node-postgres adapter (a pool of one connection), so both modes parse values the same way.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // statement_timeout travels in each connection's startup message: every statement of the pool has it.
    const statementTimeout = target.statementTimeoutMs || undefined;
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, statement_timeout: statementTimeout });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported here;
    // the pool drops it and opens another when needed. Unheard, the event would crash the process.
    pool.on('error', (e) => console.error(`database: an idle connection was lost (${e.message}); the pool replaces it`));
    if (target.preparedStatements !== false) prepareRepeatedStatements(pool);
    return handle(pool, 'postgres', async () => {});
  }
  const pglite = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.image });
  const pool = refuseConnectionsInsideTransactions(new pg.Pool(createPgConfig(pglite)));
  const h = handle(pool, 'pglite', () => pglite.close());
  return { ...h, pglite };
}

/**
 * The embedded pool's one connection is the running transaction's: asking for another from inside it
 * would wait forever (see transaction-scope.ts), so it fails at once, naming the mistake.
 */
function refuseConnectionsInsideTransactions(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // pg calls it with a callback (pool.query) or without (a promise: Kysely)
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (!insideTransaction()) return connect(...args);
    const refusal = new Error(
      'a query on the root database inside a transaction: the embedded database has one connection, use the transaction',
    );
    const callback = args[0];
    if (typeof callback === 'function') return void queueMicrotask(() => callback(refusal));
    return Promise.reject(refusal);
  };
  return pool;
}

function handle(pool: pg.Pool, kind: DatabaseHandle['kind'], after: () => Promise<void>): DatabaseHandle {
  // Transactions run their `afterCommit` work once committed (the catalogue cache forgets what changed).
  const db: Kysely<Database> = new CommitHookedKysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    kind,
    async ping() {
      try {
        await pool.query('SELECT 1');
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
