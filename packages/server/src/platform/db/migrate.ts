import { readdir, readFile } from 'node:fs/promises';
import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Database } from './schema.js';

/** The plain-SQL migrations shipped with the package: `migrations/NNNN_name.sql`, applied in order. */
const MIGRATIONS_DIR = new URL('../../../migrations/', import.meta.url);

/** Reads the migration files; their names (without `.sql`) are the migration names. Append-only. */
export async function loadMigrations(): Promise<Record<string, Migration>> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  const migrations: Record<string, Migration> = {};
  for (const file of files) {
    const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
    migrations[file.slice(0, -4)] = {
      up: (db) =>
        sql
          .raw(text)
          .execute(db)
          .then(() => undefined),
    };
  }
  return migrations;
}

/** The migrations this code ships, read once: what a running server knows stays what it started with. */
let shipped: Promise<Record<string, Migration>> | undefined;

/**
 * The names of the migrations this code ships that the database has not applied (for /readyz): empty
 * when it is current. A database ahead of this code (a newer server migrated it) is current for it.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  shipped ??= loadMigrations();
  const migrations = await shipped;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet['results']> {
  const migrations = await loadMigrations();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results ?? [];
}
