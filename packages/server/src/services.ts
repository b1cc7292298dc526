import type { Config } from './config.js';
import { ApiKeys } from './domains/oauth/api-keys.js';
import { ClientRegistry } from './domains/oauth/clients.js';
import { SigningKeys } from './domains/oauth/keys.js';
import { type MemberDirectory, OAuthService } from './domains/oauth/service.js';
import type { DatabaseHandle } from './platform/db/database.js';

/** Every service of the server, built once per app from config and database. */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  keys: SigningKeys;
  apiKeys: ApiKeys;
  clients: ClientRegistry;
  oauth: OAuthService;
}

/** Builds the services and loads what they need at start (signing keys, configured API keys). */
export async function createServices(config: Config, database: DatabaseHandle, members: MemberDirectory): Promise<Services> {
  const { db } = database;
  const keys = new SigningKeys(db, config.publicUrl);
  await keys.init();
  const apiKeys = new ApiKeys(db);
  await apiKeys.registerConfigured(config.apiKeys);
  const clients = new ClientRegistry(db);
  const oauth = new OAuthService({ db, keys, clients, members, tokens: config.tokens });
  return { config, database, keys, apiKeys, clients, oauth };
}
