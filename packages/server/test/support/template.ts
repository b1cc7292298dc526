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
    const databaseHandle = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(databaseHandle.db);
    const image = await (databaseHandle.pglite as NonNullable<typeof databaseHandle.pglite>).dumpDataDir('none');
    await databaseHandle.close();
    return { kind: 'pglite', image };
  }
  await adminQuery(databaseUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  const url = withDatabase(databaseUrl, TEMPLATE_DB);
  const databaseHandle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await migrateToLatest(databaseHandle.db);
  await databaseHandle.close();
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
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error;
      await new Promise((resume) => setTimeout(resume, 250));
    }
  }
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server URL naming another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
