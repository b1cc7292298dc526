import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { deleteExpiredCounters, incrementCounter, readCounters } from './counters.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const someKey = () => `test:${crypto.randomUUID()}`;

describe('counters', () => {
  it('loses no count when increments race (one statement each)', async () => {
    const key = someKey();
    const results = await Promise.all(Array.from({ length: 12 }, () => incrementCounter(database.db, key, 60_000)));
    expect(results.map((result) => result.count).sort((left, right) => left - right)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps the window of the first increment', async () => {
    const key = someKey();
    const first = await incrementCounter(database.db, key, 60_000);
    const second = await incrementCounter(database.db, key, 60_000);
    expect(first.ttlMs).toBeGreaterThan(58_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs);
  });

  it('starts again at 1 once the window has passed', async () => {
    const key = someKey();
    await incrementCounter(database.db, key, 60_000);
    await incrementCounter(database.db, key, 60_000);
    await database.db
      .updateTable('counters')
      .set({ reset_at: new Date(Date.now() - 1) })
      .where('key', '=', key)
      .execute();
    expect(await readCounters(database.db, [key])).toEqual(new Map());
    expect((await incrementCounter(database.db, key, 60_000)).count).toBe(1);
  });

  it('sweeps expired counters and keeps live ones', async () => {
    const [live, expired] = [someKey(), someKey()];
    await incrementCounter(database.db, live, 60_000);
    await incrementCounter(database.db, expired, 60_000);
    await database.db
      .updateTable('counters')
      .set({ reset_at: new Date(Date.now() - 1) })
      .where('key', '=', expired)
      .execute();
    await deleteExpiredCounters(database.db);
    const keys = (await database.db.selectFrom('counters').select('key').where('key', 'in', [live, expired]).execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual([live]);
  });
});
