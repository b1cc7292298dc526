import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, dropDatabase, withDatabase } from '../../../test/support/template.js';
import { type DatabaseHandle, openDatabase } from './database.js';

const template = inject('databaseTemplate');

const backendPid = async (db: DatabaseHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

describe.runIf(template.kind === 'postgres')('the PostgreSQL pool', () => {
  const dbName = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let url: string;
  let other: DatabaseHandle;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    await adminQuery(template.url, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    url = withDatabase(template.url, dbName);
    other = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  });
  afterAll(async () => {
    await other?.close();
    if (template.kind === 'postgres') await dropDatabase(template.url, dbName);
  });

  it('survives the server ending an idle connection: the pool replaces it (no uncaught error)', async () => {
    const lost = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const pid = await backendPid(lost.db);
      expect(pid).toBeTypeOf('number');
      await sql`select pg_terminate_backend(${pid}::int)`.execute(other.db);
      // the idle connection's error reaches the pool while nothing uses it
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await backendPid(lost.db)).not.toBe(pid);
      expect(await lost.ping()).toBe(true);
    } finally {
      await lost.close();
    }
  });

  it('gives every connection the statement timeout asked for', async () => {
    const limited = await openDatabase({ kind: 'postgres', url, poolSize: 2, statementTimeoutMs: 1234 });
    try {
      const timeouts = await Promise.all(
        [1, 2].map(() =>
          limited.db
            .connection()
            .execute(
              async (connection) =>
                (await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(connection)).rows[0]
                  ?.timeout,
            ),
        ),
      );
      expect(timeouts).toEqual(['1234ms', '1234ms']);
    } finally {
      await limited.close();
    }
  });
});

describe('the embedded database', () => {
  it('starts with 16 MB of shared buffers, not the 128 MB of its postgresql.conf (#23)', async () => {
    const embedded = await openDatabase({ kind: 'pglite' });
    try {
      const { rows } = await sql<{ size: string }>`select current_setting('shared_buffers') as size`.execute(embedded.db);
      expect(rows[0]?.size).toBe('16MB');
    } finally {
      await embedded.close();
    }
  });
});
