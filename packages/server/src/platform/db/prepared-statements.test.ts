import { type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, dropDatabase, withDatabase } from '../../../test/support/template.js';
import { openConfiguredDatabase } from '../../cli/open-database.js';
import { loadConfig } from '../../config.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { prepareRepeatedStatements } from './prepared-statements.js';
import { StatementNames, statementName } from './statement-names.js';

type Db = DatabaseHandle['db'];

/** The statements prepared on the connection that runs this (a query without values: itself never prepared). */
async function preparedOn(ex: Db): Promise<{ name: string; statement: string; executions: number }[]> {
  const r = await sql<{ name: string; statement: string; executions: number }>`
    select name, statement, (generic_plans + custom_plans)::int as executions from pg_prepared_statements order by name`.execute(ex);
  return r.rows;
}

/** Runs `work` on one connection of the pool, held throughout. */
const onOneConnection = <T>(db: Db, work: (conn: Db) => Promise<T>): Promise<T> => db.connection().execute(work);

const textOf = (q: { compile(db: Db): CompiledQuery }, db: Db) => q.compile(db).sql;

const template = inject('databaseTemplate');

describe.runIf(template.kind === 'postgres')('prepared statements on PostgreSQL (#5)', () => {
  const dbName = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let url: string;
  let prepared: DatabaseHandle;
  let unnamed: DatabaseHandle;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    await adminQuery(template.url, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    url = withDatabase(template.url, dbName);
    prepared = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    unnamed = await openDatabase({ kind: 'postgres', url, poolSize: 3, preparedStatements: false });
    await sql`create table prep_items (id int primary key, label text not null, price numeric(10, 2), made timestamptz, data jsonb)`.execute(
      prepared.db,
    );
    await sql`insert into prep_items values (1, 'one', 12.50, '2024-05-01T10:00:00Z', '{"tags": ["a"]}'), (2, 'two', null, null, null)`.execute(
      prepared.db,
    );
  });
  afterAll(async () => {
    await prepared?.close();
    await unnamed?.close();
    if (template.kind === 'postgres') await dropDatabase(template.url, dbName);
  });

  it('prepares a parameterised query the second time it runs on a connection, and reuses it after', async () => {
    const query = (id: number) => sql`select label from prep_items where id = ${id}`;
    const text = textOf(query(1), prepared.db);
    const mine = (rows: { name: string }[]) => rows.filter((r) => r.name === statementName(text));
    await onOneConnection(prepared.db, async (conn) => {
      expect((await query(1).execute(conn)).rows).toEqual([{ label: 'one' }]);
      expect(mine(await preparedOn(conn))).toEqual([]);
      expect((await query(2).execute(conn)).rows).toEqual([{ label: 'two' }]);
      expect(mine(await preparedOn(conn))).toEqual([{ name: statementName(text), statement: text, executions: 1 }]);
      expect((await query(1).execute(conn)).rows).toEqual([{ label: 'one' }]);
      expect(mine(await preparedOn(conn))).toEqual([{ name: statementName(text), statement: text, executions: 2 }]);
    });
  });

  it('returns the same rows, parsed the same way, as the unnamed query', async () => {
    const query = sql`select * from prep_items where id = any(${[1, 2]}::int[]) order by id`;
    const expected = (await query.execute(unnamed.db)).rows;
    expect(expected[0]).toMatchObject({ price: '12.50', made: new Date('2024-05-01T10:00:00Z'), data: { tags: ['a'] } });
    await onOneConnection(prepared.db, async (conn) => {
      for (let i = 0; i < 3; i++) expect((await query.execute(conn)).rows).toEqual(expected);
      expect((await preparedOn(conn)).map((r) => r.statement)).toContain(textOf(query, conn));
    });
  });

  it('surfaces errors of prepared statements unchanged: a unique violation keeps its code, constraint and detail', async () => {
    const insert = sql`insert into prep_items (id, label) values (${1}, ${'again'})`;
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => expect.fail('the insert should have failed'),
        (e: pg.DatabaseError) => e,
      );
    const before = await failure(insert.execute(unnamed.db));
    await onOneConnection(prepared.db, async (conn) => {
      for (let i = 0; i < 3; i++) {
        const e = await failure(insert.execute(conn));
        expect(e).toBeInstanceOf(pg.DatabaseError);
        expect([e.code, e.constraint, e.detail, e.message]).toEqual(['23505', 'prep_items_pkey', before.detail, before.message]);
      }
      expect((await preparedOn(conn)).map((r) => r.statement)).toContain(textOf(insert, conn));
      // the statement outlives a transaction it failed in, and still answers
      const inTransaction = conn.transaction().execute((trx) => insert.execute(trx));
      expect((await failure(inTransaction)).code).toBe('23505');
      expect((await sql<{ n: number }>`select count(*)::int as n from prep_items where id = ${1}`.execute(conn)).rows).toEqual([{ n: 1 }]);
    });
  });

  it('leaves queries without values on the simple protocol: transaction commands, multi-statement scripts', async () => {
    await onOneConnection(prepared.db, async (conn) => {
      const before = await preparedOn(conn);
      for (let i = 0; i < 3; i++) {
        await conn.transaction().execute((trx) => sql`select count(*) from prep_items`.execute(trx));
        await sql.raw('select 1; select 2').execute(conn);
      }
      expect(await preparedOn(conn)).toEqual(before);
    });
  });

  it('runs the migrations, plain SQL scripts, through a preparing pool', async () => {
    const name = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const fresh = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 1 });
    try {
      const applied = await migrateToLatest(fresh.db);
      expect(applied?.length).toBeGreaterThan(0);
      expect(applied?.every((r) => r.status === 'Success')).toBe(true);
      expect(await migrateToLatest(fresh.db)).toEqual([]);
    } finally {
      await fresh.close();
      await dropDatabase(url, name);
    }
  });

  it('names at most the cap of distinct texts: varying IN lists stay bounded on every connection', async () => {
    const pool = prepareRepeatedStatements(new pg.Pool({ connectionString: url, max: 1 }), new StatementNames(5));
    const client = await pool.connect();
    try {
      for (let n = 1; n <= 30; n++) {
        const text = `select count(*)::int as n from prep_items where id in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;
        const values = Array.from({ length: n }, (_, i) => i + 1);
        for (let i = 0; i < 2; i++) expect((await client.query(text, values)).rows).toEqual([{ n: Math.min(n, 2) }]);
      }
      const { rows } = await client.query('select count(*)::int as n from pg_prepared_statements');
      expect(rows).toEqual([{ n: 5 }]);
      const connection = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
      expect(Object.keys(connection.parsedStatements)).toHaveLength(5);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('prepares nothing when turned off', async () => {
    await onOneConnection(unnamed.db, async (conn) => {
      for (let i = 0; i < 3; i++) await sql`select label from prep_items where id = ${i}`.execute(conn);
      expect(await preparedOn(conn)).toEqual([]);
    });
  });

  it.each([
    ['unset', undefined, 1],
    ['false', 'false', 0],
  ])('follows DATABASE_PREPARED_STATEMENTS (%s) in the databases the commands open', async (_how, setting, count) => {
    const config = loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: setting });
    const { database } = await openConfiguredDatabase(config, { migrate: false });
    try {
      await onOneConnection(database.db, async (conn) => {
        for (let i = 0; i < 3; i++) await sql`select label from prep_items where id = ${i} and ${'setting'} <> ''`.execute(conn);
        expect(await preparedOn(conn)).toHaveLength(count);
      });
    } finally {
      await database.close();
    }
  });

  it('recovers when a schema change alters the result of a prepared select *', async () => {
    await sql`create table prep_changing (id int primary key, a text)`.execute(prepared.db);
    await sql`insert into prep_changing values (1, 'x')`.execute(prepared.db);
    const select = sql`select * from prep_changing where id = ${1}`;
    await onOneConnection(prepared.db, async (conn) => {
      await select.execute(conn);
      expect((await select.execute(conn)).rows).toEqual([{ id: 1, a: 'x' }]);
      // a migration, as another process would run it: on another connection
      await sql`alter table prep_changing add column b int not null default 7`.execute(prepared.db);
      expect((await select.execute(conn)).rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
      // the stale statement is gone; the next run prepares the text anew
      expect((await preparedOn(conn)).map((r) => r.statement)).not.toContain(textOf(select, conn));
      expect((await select.execute(conn)).rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
      expect(await preparedOn(conn)).toContainEqual({
        name: statementName(textOf(select, conn)),
        statement: textOf(select, conn),
        executions: 1,
      });
    });
  });

  it('inside a transaction, reports the schema change once (the transaction is aborted) and works in the next', async () => {
    await sql`create table prep_changing_trx (id int primary key, a text)`.execute(prepared.db);
    await sql`insert into prep_changing_trx values (1, 'x')`.execute(prepared.db);
    const select = sql`select * from prep_changing_trx where id = ${1}`;
    await onOneConnection(prepared.db, async (conn) => {
      await select.execute(conn);
      await select.execute(conn);
      await sql`alter table prep_changing_trx add column b int not null default 7`.execute(prepared.db);
      const first = conn.transaction().execute((trx) => select.execute(trx));
      await expect(first).rejects.toMatchObject({ code: '0A000', message: 'cached plan must not change result type' });
      const second = await conn.transaction().execute((trx) => select.execute(trx));
      expect(second.rows).toEqual([{ id: 1, a: 'x', b: 7 }]);
    });
  });

  it('recovers when the prepared statements are gone from the connection (DEALLOCATE ALL)', async () => {
    const select = sql`select label from prep_items where id = ${2}`;
    await onOneConnection(prepared.db, async (conn) => {
      await select.execute(conn);
      await select.execute(conn);
      await sql`deallocate all`.execute(conn);
      expect((await select.execute(conn)).rows).toEqual([{ label: 'two' }]);
      expect((await select.execute(conn)).rows).toEqual([{ label: 'two' }]);
      expect((await preparedOn(conn)).map((r) => r.statement)).toEqual([textOf(select, conn)]);
    });
  });
  it('survives the server ending an idle connection: the pool replaces it (no uncaught error)', async () => {
    const lost = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(lost.db)).rows[0]?.pid;
      expect(pid).toBeTypeOf('number');
      await sql`select pg_terminate_backend(${pid}::int)`.execute(prepared.db);
      // the idle connection's error reaches the pool while nothing uses it
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(lost.db);
      expect(again.rows[0]?.pid).not.toBe(pid);
    } finally {
      await lost.close();
    }
  });
});
