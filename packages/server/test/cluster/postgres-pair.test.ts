import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PostgresPair, startPostgresPair } from './support/postgres-pair.js';

let pair: PostgresPair;
beforeAll(async () => {
  pair = await startPostgresPair();
}, 120_000);
afterAll(() => pair?.stop());

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

it("streams the primary's commits to a read-only replica, with a lag the test can set", async () => {
  await query(pair.primaryUrl, 'CREATE TABLE notes (body text)');
  await query(pair.primaryUrl, "INSERT INTO notes VALUES ('first')");
  await pair.waitForReplay();
  expect(await query(pair.replicaUrl, 'SELECT body FROM notes')).toEqual([{ body: 'first' }]);
  await expect(query(pair.replicaUrl, "INSERT INTO notes VALUES ('no')")).rejects.toThrow(/read-only transaction/);

  await pair.setReplayDelay(1500);
  await query(pair.primaryUrl, "INSERT INTO notes VALUES ('second')");
  expect(await query(pair.replicaUrl, 'SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 1 }]);
  await pair.waitForReplay();
  expect(await query(pair.replicaUrl, 'SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 2 }]);
});
