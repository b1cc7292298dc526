import { mkdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { type Config, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { CliFailure, type FlagSpec, type Invocation } from './command.js';
import { lockDataDir } from './data-dir-lock.js';

/** The flags of every command that opens the database. */
export const databaseFlags: Record<string, FlagSpec> = {
  'data-dir': { type: 'string', value: '<dir>', description: 'Directory of the embedded database', setting: 'VITRINE_DATA_DIR' },
  'database-url': {
    type: 'string',
    value: '<url>',
    description: 'A PostgreSQL server (postgres://user:password@host:port/db) instead of the embedded database',
    setting: 'DATABASE_URL',
  },
};

/**
 * Opens the configured database: PostgreSQL, or the embedded one (its directory created and locked
 * for this process). `migrate` applies pending migrations and returns their names.
 */
export async function openConfiguredDatabase(
  config: Config,
  options: { migrate: boolean },
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  let database: DatabaseHandle;
  if (config.database.kind === 'postgres') {
    const { url, readUrl } = config.database;
    database = await openDatabase({ kind: 'postgres', url, readUrl, statementTimeoutMs: config.statementTimeoutMs });
    // The pool connects lazily; say plainly when the server is unreachable, before anything else fails on it.
    await sql`SELECT 1`.execute(database.db).catch(async (error: Error) => {
      await database.close();
      throw new CliFailure(`cannot use ${describeDatabase(config)}: ${error.message}`);
    });
  } else {
    const { dataDir } = config.database;
    await mkdir(dataDir, { recursive: true });
    const release = await lockDataDir(dataDir);
    try {
      const opened = await openDatabase({ kind: 'pglite', dataDir });
      database = { ...opened, close: () => opened.close().finally(release) };
    } catch (error) {
      await release();
      throw error;
    }
  }
  try {
    const applied = options.migrate ? ((await migrateToLatest(database.db)) ?? []).map((migration) => migration.migrationName) : [];
    return { database, applied };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Runs an administration command's work over the configured, migrated database and closes it after.
 * Migrations it had to apply are reported on stderr, so stdout stays the command's own output.
 */
export async function usingDatabase<T>(invocation: Invocation, work: (database: DatabaseHandle, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(invocation.io.env, invocation.settings);
  const { database, applied } = await openConfiguredDatabase(config, { migrate: true });
  for (const name of applied) invocation.io.err(`applied migration ${name}`);
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** Where the data lives, for humans: never the password of a database URL. */
export function describeDatabase(config: Config): string {
  if (config.database.kind === 'pglite') return `embedded PostgreSQL in ${config.database.dataDir}`;
  const at = (url: string) => `${new URL(url).host}${new URL(url).pathname}`;
  const { url, readUrl } = config.database;
  return `PostgreSQL at ${at(url)}${readUrl ? ` (shopper catalogue reads: replica at ${at(readUrl)})` : ''}`;
}
