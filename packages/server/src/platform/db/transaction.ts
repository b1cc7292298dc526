/**
 * The app's one way to open a transaction, with commit hooks: work to do once the transaction has
 * committed and never when it rolls back, e.g. dropping cached answers the transaction made stale.
 * Kysely has no commit hooks, so `transaction` collects them beside the transaction it opens (the
 * model is atproto's `Db.onCommit`).
 */
import { type Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';
import { inTransactionScope } from './transaction-scope.js';

/** The hooks of each transaction `transaction` opened, until it ends. */
const commitHooks = new WeakMap<Transaction<Database>, (() => void)[]>();

/**
 * Runs `work` in a transaction, then (once committed) what it registered with `onCommit`. Given a
 * transaction, `work` runs in it: its hooks join the outer transaction's and run when that commits.
 * @example await transaction(db, async (trx) => { await updateProduct(trx, product); onCommit(trx, () => cache.forget(product.id)); });
 */
export async function transaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db instanceof Transaction) return work(db);
  const hooks: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    commitHooks.set(trx, hooks);
    return inTransactionScope(() => work(trx));
  });
  // Hooks must not throw: the write is done.
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `hook` once `trx` has committed (a rolled-back transaction drops it).
 * @throws Error when `trx` was not opened by `transaction`: nothing would run the hook.
 */
export function onCommit(trx: Transaction<Database>, hook: () => void): void {
  const hooks = commitHooks.get(trx);
  if (!hooks)
    throw new Error('onCommit on a transaction not opened by transaction() (platform/db/transaction.ts): the hook would never run');
  hooks.push(hook);
}
