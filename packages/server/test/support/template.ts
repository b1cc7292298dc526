import pg from 'pg';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

const TEMPLATE_DB = 'vitrine_test_template';

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
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(databaseUrl, TEMPLATE_DB);
  const h = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await migrateToLatest(h.db);
  await h.close();
  return { kind: 'postgres', url: databaseUrl, name: TEMPLATE_DB };
}

/** The same server URL naming another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
