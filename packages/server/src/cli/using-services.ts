/**
 * The server's services for an administration command: built by `createServices` over the configured,
 * migrated database, exactly as `vitrine serve` builds them, so a command runs the same rules and
 * publishes the same events as the API. Background work (webhook delivery, the mail sender, the
 * catalogue cache's listener) is started by the app only, never here.
 */
import type { Config } from '../config.js';
import { IdentityDirectory } from '../domains/identity/directory.js';
import { createServices, type Services } from '../services.js';
import type { Invocation } from './command.js';
import { usingDatabase } from './open-database.js';

/** Runs `work` with the services over the configured database, closed after. */
export function usingServices<T>(invocation: Invocation, work: (services: Services, config: Config) => Promise<T>): Promise<T> {
  return usingDatabase(invocation, async (database, config) =>
    work(await createServices(config, database, new IdentityDirectory(database.db)), config),
  );
}
