/**
 * Work to do once a transaction has committed (never when it rolls back), e.g. dropping cached
 * answers the transaction made stale. Kysely has no commit hooks: code that runs a transaction calls
 * `committed(trx)` after it resolved; code inside it registers with `afterCommit(trx, fn)`.
 */
import type { Transaction } from 'kysely';

const pending = new WeakMap<Transaction<never>, (() => void)[]>();

/** Runs `fn` after `trx` commits, if whoever runs `trx` calls `committed` (a rolled-back transaction drops it). */
export function afterCommit<DB>(trx: Transaction<DB>, fn: () => void): void {
  const key = trx as unknown as Transaction<never>;
  const list = pending.get(key);
  if (list) list.push(fn);
  else pending.set(key, [fn]);
}

/** Runs (once) what was registered for `trx`, which has committed. Hooks must not throw: the write is done. */
export function committed<DB>(trx: Transaction<DB>): void {
  const key = trx as unknown as Transaction<never>;
  const list = pending.get(key);
  pending.delete(key);
  for (const fn of list ?? []) fn();
}
