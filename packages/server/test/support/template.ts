import pg from 'pg';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

/** Per run: runs on one server at once (two developers, or CI beside one) must not drop each other's template. */
const TEMPLATE_DB = `vitrine_test_template_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;

/** A migrated, empty database to copy: a PGlite image, or a template database on a PostgreSQL server. */
export async function buildTemplate(
  databaseUrl: string | undefined,
): Promise<{ kind: 'pglite'; image: Blob } | { kind: 'postgres'; url: string; name: string }> {
  if (!databaseUrl) {
    const h = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(h.db);
    const image = await (h.pglite as NonNullable<typeof h.pglite>).dumpDataDir('none');
    await h.close();
    return { kind: 'pglite', image };
  }
  await adminQuery(databaseUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  const url = withDatabase(databaseUrl, TEMPLATE_DB);
  const h = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await migrateToLatest(h.db);
  await h.close();
  return { kind: 'postgres', url: databaseUrl, name: TEMPLATE_DB };
}

/** Drops a run's template database (PostgreSQL). */
export async function dropTemplate(databaseUrl: string, name: string): Promise<void> {
  await dropDatabase(databaseUrl, name);
}

/**
 * Drops a test database, closing its connections. An autovacuum worker on it belongs to the superuser,
 * whom `WITH (FORCE)` may not interrupt (42501): it ends within moments, so the drop is tried again.
 */
export async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (e) {
      if ((e as { code?: string }).code !== '42501' || attempt >= 20) throw e;
      await new Promise((resume) => setTimeout(resume, 250));
    }
  }
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** The same server URL naming another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
