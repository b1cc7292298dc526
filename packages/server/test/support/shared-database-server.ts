import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { IdentityDirectory } from '../../src/domains/identity/directory.js';
import { type DatabaseHandle, openDatabase } from '../../src/platform/db/database.js';
import { createServices, type Services } from '../../src/services.js';
import { adminQuery, dropDatabase, withDatabase } from './template.js';
import { freePort, TEST_CLIENT_ID } from './test-server.js';

/**
 * One server process's worth of app and services over a PostgreSQL database it shares with other
 * processes (as `vitrine serve` builds it with DATABASE_URL): its catalogue cache listens for their
 * changes. Where `startTestServer` is alone on its database, this one is not.
 */
export interface SharedDatabaseServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A new database copied from the PostgreSQL template; answers its URL and how to drop it. */
export async function copyOfTemplate(template: { url: string; name: string }): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(template.url, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return { url: withDatabase(template.url, name), drop: () => dropDatabase(template.url, name) };
}

/** Starts a server on `databaseUrl` with the merchant key `apiKey` and the test OAuth client. Always `close()` it. */
export async function startSharedDatabaseServer(databaseUrl: string, apiKey: string): Promise<SharedDatabaseServer> {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    VITRINE_API_KEYS: apiKey,
    WEBHOOK_INTERVAL_MS: '0',
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 3 });
  const services = await createServices(config, database, new IdentityDirectory(database.db));
  const app = await buildApp(services);
  await app.listen({ port, host: '127.0.0.1' });
  await services.clients.save({
    id: TEST_CLIENT_ID,
    name: 'Test client',
    redirectUris: ['http://127.0.0.1:*'],
    allowedOrigins: ['http://127.0.0.1:*'],
  });
  return {
    url: config.publicUrl,
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
