import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from './database.js';
import { onCommit, transaction } from './transaction.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe('transaction and onCommit', () => {
  it('runs the hooks once the transaction has committed, after its work resolved, in order', async () => {
    const seen: string[] = [];
    const result = await transaction(database.db, async (trx) => {
      onCommit(trx, () => seen.push('first hook'));
      await sql`SELECT 1`.execute(trx);
      onCommit(trx, () => seen.push('second hook'));
      seen.push('inside');
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(seen).toEqual(['inside', 'first hook', 'second hook']);
  });

  it('drops the hooks of a transaction that rolls back, and its writes', async () => {
    await sql`CREATE TABLE IF NOT EXISTS commit_hook_probe (id int)`.execute(database.db);
    const seen: string[] = [];
    const failing = transaction(database.db, async (trx) => {
      await sql`INSERT INTO commit_hook_probe VALUES (1)`.execute(trx);
      onCommit(trx, () => seen.push('after commit'));
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
    expect((await sql`SELECT * FROM commit_hook_probe`.execute(database.db)).rows).toEqual([]);
  });

  it('given a transaction, runs in it: the inner hooks wait for the outer commit', async () => {
    const seen: string[] = [];
    await transaction(database.db, async (outer) => {
      const inner = await transaction(outer, async (trx) => {
        onCommit(trx, () => seen.push('inner hook'));
        return trx;
      });
      expect(inner).toBe(outer);
      seen.push('outer work done');
    });
    expect(seen).toEqual(['outer work done', 'inner hook']);
  });

  it('drops the inner hooks when the outer transaction rolls back', async () => {
    const seen: string[] = [];
    const failing = transaction(database.db, async (outer) => {
      await transaction(outer, async (trx) => onCommit(trx, () => seen.push('inner hook')));
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('refuses a hook on a transaction it did not open, which would never run it', async () => {
    const register = database.db.transaction().execute(async (trx) => onCommit(trx, () => {}));
    await expect(register).rejects.toThrow(/onCommit on a transaction not opened by transaction\(\)/);
  });
});
