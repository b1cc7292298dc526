import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.js';
import { InvalidBackup, readBackup } from '../platform/backup/archive.js';
import { PG_DUMP_ADVICE } from './backup.js';
import { type CliCommand, CliFailure } from './command.js';
import { lockDataDir } from './data-dir-lock.js';
import { databaseFlags } from './open-database.js';

/** `vitrine restore FILE`: a verified backup into the data directory (a used one only with --force). */
export const restore: CliCommand = {
  name: 'restore',
  summary: 'Restore a backup made by vitrine backup into the data directory',
  positionals: [{ name: 'FILE', description: 'The backup file' }],
  flags: {
    ...databaseFlags,
    force: { type: 'boolean', description: 'Replace a data directory that holds data (it is kept beside, renamed)' },
  },
  notes: [
    'The backup is checked first (format, size and SHA-256 of the database image, and that it opens);',
    'a data directory that holds anything is replaced only with --force, and never while a server uses it.',
  ],
  async run({ io, settings, positionals, flag }) {
    const [file] = positionals as [string];
    const config = loadConfig(io.env, settings);
    if (config.database.kind === 'postgres') throw new CliFailure(PG_DUMP_ADVICE);
    const target = config.database.dataDir.replace(/\/+$/, '');
    const { manifest, image } = await readBackupFile(file);
    const used = await hasEntries(target);
    if (used && !flag('force'))
      throw new CliFailure(
        `${target} already holds data: restore refuses to overwrite it (--force replaces it, keeping the old one beside)`,
      );

    const staging = `${target}.restoring`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    try {
      await openAndCheck(staging, new Blob([new Uint8Array(image)]), manifest.migrations.length);
      // The image carries the lock file of the process that took it.
      await rm(join(staging, 'vitrine.lock'), { force: true });
      let kept: string | undefined;
      if (used) {
        const release = await lockDataDir(target);
        kept = `${target}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
        await release();
        await rename(target, kept);
      }
      await rename(staging, target);
      io.out(`restored ${file} (taken ${manifest.createdAt}) into ${target}${kept ? `; the data it replaced is in ${kept}` : ''}`);
      return 0;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  },
};

/**
 * The backup in `file`, checked.
 * @throws CliFailure when the file is missing or not a backup this version restores
 */
async function readBackupFile(file: string): ReturnType<typeof readBackup> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new CliFailure(`${file} does not exist`, { cause: error }) : error;
  });
  return readBackup(bytes).catch((failure: unknown) => {
    throw failure instanceof InvalidBackup ? new CliFailure(`${file} cannot be restored: ${failure.message}`, { cause: failure }) : failure;
  });
}

/** Loads the image into `dir` and checks that it opens with the migrations the manifest lists. */
async function openAndCheck(dir: string, image: Blob, migrations: number): Promise<void> {
  let pglite: PGlite | undefined;
  try {
    // imported here: the command program imports every command, and a server on PostgreSQL never needs PGlite
    const { PGlite } = await import('@electric-sql/pglite');
    pglite = await PGlite.create({ dataDir: dir, loadDataDir: image });
    const { rows } = await pglite.query<{ count: number }>('SELECT count(*)::int AS count FROM kysely_migration');
    if (rows[0]?.count !== migrations)
      throw new CliFailure(`the restored database has ${rows[0]?.count} migrations where the backup's manifest lists ${migrations}`);
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    throw new CliFailure(`the backup's database image does not open: ${(error as Error).message}`, { cause: error });
  } finally {
    await pglite?.close();
  }
}

async function hasEntries(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
