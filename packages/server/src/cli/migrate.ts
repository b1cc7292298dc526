import { loadConfig } from '../config.js';
import type { CliCommand } from './command.js';
import { databaseFlags, describeDatabase, openConfiguredDatabase } from './open-database.js';

/** `vitrine migrate`: applies pending migrations and says which ran. */
export const migrate: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations',
  flags: { ...databaseFlags },
  notes: ['`vitrine serve` also migrates at start; run this one to migrate a PostgreSQL database ahead of a deploy.'],
  async run({ io, settings }) {
    const config = loadConfig(io.env, settings);
    const { database, applied } = await openConfiguredDatabase(config, { migrate: true });
    await database.close();
    for (const name of applied) io.out(`applied ${name}`);
    io.out(
      applied.length
        ? `${applied.length} migration(s) applied to ${describeDatabase(config)}`
        : `${describeDatabase(config)} is up to date; nothing to apply`,
    );
    return 0;
  },
};
