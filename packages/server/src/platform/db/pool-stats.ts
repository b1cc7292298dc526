import type { PostgresPool } from 'kysely';
import type pg from 'pg';

/** How the connection pool is used, for `/metrics`: pg.Pool's own counters plus the waits for a connection. */
export interface PoolStats {
  /** connections open now (idle ones included) */
  open: number;
  idle: number;
  /** the most connections the pool opens */
  max: number;
  /** queries waiting for a connection now */
  waiting: number;
  /** connections handed out since start */
  acquired: number;
  /** seconds spent waiting for those connections, summed */
  waitSeconds: number;
}

/**
 * Wraps a pool Kysely uses (any `connect` + `end`, Kysely's `PostgresPool`) so each connection handed
 * out adds its wait to the totals; `stats()` reads them with pg.Pool's public counters. A sum and a
 * count (not a histogram per wait) keep the cost at two additions per query.
 */
export function measuredPool(inner: PostgresPool, counters: pg.Pool): { pool: PostgresPool; stats(): PoolStats } {
  let acquired = 0;
  let waitSeconds = 0;
  return {
    pool: {
      async connect() {
        const startedAt = performance.now();
        const connection = await inner.connect();
        acquired++;
        waitSeconds += (performance.now() - startedAt) / 1000;
        return connection;
      },
      end: () => inner.end(),
    },
    stats: () => ({
      open: counters.totalCount,
      idle: counters.idleCount,
      max: counters.options.max ?? 10,
      waiting: counters.waitingCount,
      acquired,
      waitSeconds,
    }),
  };
}
