import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Config, loadConfig } from '../config.js';
import { backupStream, readBackup } from '../platform/backup/archive.js';
import { BACKUP_PATH } from '../platform/backup/routes.js';
import { snapshotEmbedded } from '../platform/backup/snapshot.js';
import type { CliCommand } from './command.js';
import { CliFailure } from './command.js';
import { databaseFlags, openConfiguredDatabase } from './open-database.js';

/** What a PostgreSQL shop runs instead (printed, and in docs/DEPLOY.md). */
export const PG_DUMP_ADVICE =
  'on PostgreSQL, back up with pg_dump -Fc -f shop.dump "$DATABASE_URL" (restore: pg_restore --clean --if-exists -d "$DATABASE_URL" shop.dump) and copy MEDIA_DIR';

/** `vitrine backup FILE`: the embedded shop (database and media) into one verified file. */
export const backup: CliCommand = {
  name: 'backup',
  summary: 'Back up the embedded database and its media files into FILE',
  positionals: [{ name: 'FILE', description: 'Where the backup goes (a .tar.gz; an existing file is not overwritten)' }],
  flags: {
    ...databaseFlags,
    server: {
      type: 'string',
      value: '<url>',
      description:
        "A running server's address: it takes the backup itself (its data directory is locked), authorised by VITRINE_API_KEYS' first key",
    },
  },
  notes: [
    'With no server running, the data directory is read directly; with one, pass --server http://127.0.0.1:3000.',
    'Media files are included when they live in the data directory (the default MEDIA_DIR).',
  ],
  async run({ io, settings, positionals, string }) {
    const [file] = positionals as [string];
    const config = loadConfig(io.env, settings);
    if (config.database.kind === 'postgres') throw new CliFailure(PG_DUMP_ADVICE);
    refuseMediaOutside(config);
    const partial = `${file}.partial`;
    const server = string('server');
    try {
      await pipeline(
        server ? await backupFromServer(server, config) : await backupFromDataDir(config),
        createWriteStream(partial, { flags: 'wx' }),
      );
      const { manifest } = await readBackup(await readFile(partial));
      await rename(partial, file);
      const { size } = await stat(file);
      io.out(`backed up ${manifest.migrations.length} migrations' schema and data (${(size / 1e6).toFixed(1)} MB, verified) to ${file}`);
      return 0;
    } finally {
      await rm(partial, { force: true });
    }
  },
};

async function backupFromDataDir(config: Config): Promise<Readable> {
  const { database } = await openConfiguredDatabase(config, { migrate: false }).catch((error: Error) => {
    throw new CliFailure(`${error.message} To back up a running server: vitrine backup FILE --server <its URL>.`, { cause: error });
  });
  try {
    const { pglite } = database;
    if (!pglite) throw new Error('the embedded database has no PGlite instance');
    return backupStream(await snapshotEmbedded({ ...database, pglite }));
  } finally {
    await database.close();
  }
}

async function backupFromServer(base: string, config: Config): Promise<Readable> {
  const key = config.apiKeys[0];
  if (!key) throw new CliFailure('--server needs a merchant API key: set VITRINE_API_KEYS as the server has it');
  const response = await fetch(new URL(BACKUP_PATH, base), { headers: { authorization: key } });
  if (!response.ok || !response.body) throw new CliFailure(`the server at ${base} answered ${response.status}: ${await response.text()}`);
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

/** Media outside the data directory are not in the database image: say so rather than leave them out silently. */
function refuseMediaOutside(config: Config): void {
  if (config.database.kind !== 'pglite') return;
  const inside = config.mediaDir.replace(/\/+$/, '').startsWith(`${config.database.dataDir.replace(/\/+$/, '')}/`);
  if (!inside)
    throw new CliFailure(
      `MEDIA_DIR (${config.mediaDir}) is outside the data directory: copy it yourself, or keep media in the default <data dir>/media`,
    );
}
