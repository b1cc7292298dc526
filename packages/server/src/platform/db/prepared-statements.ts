import type pg from 'pg';
import { type NamedStatement, StatementNames } from './statement-names.js';

type Query = (...args: unknown[]) => unknown;

/**
 * Makes the pool's connections run repeated parameterised queries as named prepared statements.
 *
 * Why: Kysely sends every query unnamed, so PostgreSQL parses, analyses and plans it anew each time;
 * under the cart benchmark planning cost more than executing (#5). Given a name, pg prepares a query
 * once per connection and afterwards only binds and executes it.
 *
 * Only `query(text, values)` with values is named (Kysely's call). Queries without values keep the
 * simple protocol (BEGIN/COMMIT, `SELECT 1`, migration scripts: a prepared statement holds one command),
 * and every other form of call (callbacks, config objects, cursors) goes to pg unchanged.
 * Not for a pooler in transaction mode (PgBouncer): a statement prepared on one server connection is
 * unknown to the next. `DATABASE_PREPARED_STATEMENTS=false` leaves the pool alone.
 */
export function prepareRepeatedStatements(pool: pg.Pool, names = new StatementNames()): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as { query: Query }).query = (...args) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(...args);
      return queryNamed(client, query, names.nameFor(text), text, values);
    };
  });
  return pool;
}

/** Runs a query under its name; errors are pg's own, except a stale statement outside a transaction. */
async function queryNamed(client: pg.PoolClient, query: Query, statement: NamedStatement | undefined, text: string, values: unknown[]) {
  if (!statement) return query(text, values);
  try {
    return await query({ name: statement.name, text: statement.text, values });
  } catch (error) {
    if (!isStale(error)) throw error;
    await closeStatement(client, statement.name).catch(() => {
      throw error;
    });
    // Inside a transaction the error has aborted it: a retry would fail too ("current transaction is
    // aborted"). The caller sees the error; the statement is prepared afresh next time.
    if (client.getTransactionStatus() !== 'I') throw error;
    return query(text, values);
  }
}

/**
 * Whether the statement prepared on the connection no longer serves: the schema changed its result
 * type (a `select *` after a migration added a column, 0A000), or it is gone (26000, `DEALLOCATE ALL`).
 * Told by the reporting routine: other 0A000 errors are the query's own and must not be retried.
 */
function isStale(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: unknown; routine?: unknown };
  return (code === '0A000' && routine === 'RevalidateCachedQuery') || (code === '26000' && routine === 'FetchPreparedStatement');
}

/**
 * Drops a named statement on the server and from pg's record of what the connection has prepared, so
 * the next use prepares it again. A protocol Close rather than `DEALLOCATE`: it is allowed in an
 * aborted transaction too, and closing a statement that does not exist is no error.
 */
function closeStatement(client: pg.PoolClient, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    client.query({
      submit(connection: pg.Connection) {
        delete (connection as unknown as { parsedStatements: Record<string, string> }).parsedStatements[name];
        connection.close({ type: 'S', name }, false);
        connection.sync();
      },
      handleReadyForQuery: () => resolve(),
      handleError: (error: Error) => reject(error),
    });
  });
}
