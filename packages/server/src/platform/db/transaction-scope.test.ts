import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.js';
import { transaction } from './transaction.js';
import { detachedFromTransaction } from './transaction-scope.js';

// The embedded database: one connection, held by a running transaction.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(() => database?.close());

const one = async (executor: DatabaseHandle['db']) => (await sql<{ one: number }>`SELECT 1 AS one`.execute(executor)).rows[0]?.one;

describe('a query on the root database inside a transaction (embedded database)', () => {
  it('is refused at once, naming the mistake, instead of waiting for the transaction forever', async () => {
    const run = transaction(database.db, async (trx) => {
      expect(await one(trx as unknown as DatabaseHandle['db'])).toBe(1);
      return one(database.db);
    });
    await expect(run).rejects.toThrow(/inside a transaction: the embedded database has one connection, use the transaction/);
    // the connection went back: the database still answers, to queries and pings
    expect(await one(database.db)).toBe(1);
    expect(await database.ping()).toBe(true);
  });

  it('is allowed for work the transaction starts but does not wait for: it runs once the transaction ends', async () => {
    const order: string[] = [];
    let later: Promise<unknown> = Promise.resolve();
    await transaction(database.db, async (trx) => {
      later = detachedFromTransaction(() => one(database.db).then(() => order.push('detached query')));
      await sql`SELECT pg_sleep(0.05)`.execute(trx);
      order.push('transaction body');
    });
    await later;
    expect(order).toEqual(['transaction body', 'detached query']);
  });

  it('leaves queries outside transactions alone', async () => {
    expect(await Promise.all([one(database.db), one(database.db), database.ping()])).toEqual([1, 1, true]);
  });
});
