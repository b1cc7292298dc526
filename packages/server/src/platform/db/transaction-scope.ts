/**
 * Which code runs inside a transaction's callback. The embedded database (PGlite) has one
 * connection, which a transaction holds until it ends: a query on the root `db` from inside that
 * transaction would wait for the transaction, and the transaction for the query, forever, hanging
 * every later database call of the process. `database.ts` refuses such a query at once instead (an
 * error the request answers with, and that the PGlite test suite catches), using this scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs a transaction's callback in the scope. */
export function inTransactionScope<T>(work: () => T): T {
  return scope.run(true, work);
}

/** Whether the caller runs inside a transaction's callback (its awaited work included). */
export function insideTransaction(): boolean {
  return scope.getStore() === true;
}

/**
 * Runs `work` outside any transaction's scope: for work started inside a transaction that is not
 * awaited there (it may wait for the connection until the transaction ends, and that is fine).
 */
export function detachedFromTransaction<T>(work: () => T): T {
  return scope.exit(work);
}
