import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { EXPIRING_TABLES, expiredRowsOf } from './expired-rows.js';

const server = testServerForFile({}, { now: () => now });
/** The clock OAuth and the sweep run on: moved by hand instead of waiting. */
let now = new Date();

const refreshTokens = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM refresh_tokens`.execute(server.database.db)).rows[0]?.n);

describe('the sweep of expired sign-in rows (#23)', () => {
  it('deletes refresh tokens past their expiry and keeps the others', async () => {
    await visitorTokens(server.url);
    await visitorTokens(server.url);
    const before = await refreshTokens();
    expect(before).toBeGreaterThanOrEqual(2);
    now = new Date(now.getTime() + 400 * 24 * 3600 * 1000);
    await visitorTokens(server.url);
    await server.services.expiredRows.sweepOnce();
    expect(await refreshTokens()).toBe(1);
  });

  it('answers how many rows the fullest table gave up, so a backlog is worked off at once', async () => {
    await visitorTokens(server.url);
    now = new Date(now.getTime() + 400 * 24 * 3600 * 1000);
    expect(await server.services.expiredRows.sweepOnce()).toBeGreaterThanOrEqual(1);
    expect(await server.services.expiredRows.sweepOnce()).toBe(0);
  });

  it.each(EXPIRING_TABLES)('finds the expired rows of %s through its expires_at index, not by reading the whole table', async (table) => {
    // The test tables are small, where a scan is cheaper: the planner is told to avoid one if it can.
    const plan = await server.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${expiredRowsOf(table, now, 500)}`.execute(trx)).rows.map(
        (row) => row['QUERY PLAN'],
      );
    });
    expect(plan.join('\n')).toMatch(new RegExp(`Index (Only )?Scan using ${table}_expires_idx|Bitmap Index Scan on ${table}_expires_idx`));
  });
});
