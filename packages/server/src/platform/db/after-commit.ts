/**
 * Work to do once a transaction has committed (never when it rolls back), e.g. dropping cached
 * answers the transaction made stale. Kysely has no commit hooks: the app's database
 * (`CommitHookedKysely`, `database.ts`) calls `committed(trx)` after every `db.transaction().execute`
 * resolved; code inside a transaction registers with `afterCommit(trx, fn)`. Code running a
 * transaction some other way calls `committed(trx)` itself.
 */
import { Kysely, type Transaction, TransactionBuilder } from 'kysely';
import { inTransactionScope } from './transaction-scope.js';

const pending = new WeakMap<Transaction<never>, (() => void)[]>();

/** Runs `fn` after `trx` commits (a rolled-back transaction drops it). */
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

/**
 * Kysely whose `transaction().execute(fn)` runs the transaction's `afterCommit` work once it has
 * committed, so every service's transactions honour it without calling `committed`. (Instances
 * derived with `withPlugin`/`withSchema` are plain Kysely again: the app does not use them.)
 */
export class CommitHookedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return hooked(super.transaction());
  }
}

/** The builder, its `execute` followed by `committed`; `setIsolationLevel`/`setAccessMode` keep the hook. */
function hooked<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === 'execute') {
        return async <T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
          let used: Transaction<DB> | undefined;
          const result = await target.execute((trx) => {
            used = trx;
            return inTransactionScope(() => fn(trx));
          });
          if (used) committed(used);
          return result;
        };
      }
      // The builder keeps its state in private fields: its methods run on the builder itself.
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const out: unknown = value.apply(target, args);
        return out instanceof TransactionBuilder ? hooked(out as TransactionBuilder<DB>) : out;
      };
    },
  });
}
