import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import { afterCommit } from './after-commit.js';
import type { DatabaseHandle } from './database.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe('afterCommit on the app’s database', () => {
  it('runs the work once the transaction has committed, after it resolved', async () => {
    const seen: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      afterCommit(trx, () => seen.push('after commit'));
      await sql`SELECT 1`.execute(trx);
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'after commit']);
  });

  it('keeps the hook through setIsolationLevel', async () => {
    const seen: string[] = [];
    await database.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => afterCommit(trx, () => seen.push('after commit')));
    expect(seen).toEqual(['after commit']);
  });

  it('drops the work of a transaction that rolls back', async () => {
    const seen: string[] = [];
    const failing = database.db.transaction().execute(async (trx) => {
      afterCommit(trx, () => seen.push('after commit'));
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });
});
