import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { IdentityDirectory } from '../../src/domains/identity/directory.js';
import type { Clock } from '../../src/platform/clock.js';
import type { DatabaseHandle } from '../../src/platform/db/database.js';
import { createServices, type Services } from '../../src/services.js';
import { freshDatabase } from './test-database.js';

/** The OAuth client every test server registers: loopback redirect URIs and origins, any port. */
export const TEST_CLIENT_ID = 'test-client';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** A merchant API key valid on this server. */
  apiKey: string;
  close(): Promise<void>;
}

/** Test-only additions to the app: its log destination, and routes registered before it listens. */
export interface TestServerOptions extends AppOptions {
  /** Registers extra routes (e.g. one that throws) on the built app before `listen`. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  /** The clock OAuth's lifetimes run on (default: the system clock): a test moves it instead of waiting. */
  now?: Clock;
}

/**
 * Starts the real server on a free loopback port over a fresh database. `env` overrides settings
 * (same names as the environment). Always `close()` it.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const apiKey = `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    CAPTCHA_COST: '1',
    VERIFY_EMAIL_ON_REGISTER: 'false',
    VITRINE_API_KEYS: apiKey,
    RATE_LIMIT_PER_MINUTE: '10000',
    // The webhook worker runs only where a test asks for it (tests call `runOnce()` otherwise).
    WEBHOOK_INTERVAL_MS: '0',
    // Likewise the mail outbox's background sender: a change's own mails are still sent right after it.
    MAIL_INTERVAL_MS: '0',
    // And the embedded database's VACUUM turns (tests call `services.vacuum.runOnce()`).
    VACUUM_INTERVAL_MS: '0',
    ...env,
  });
  const database = await freshDatabase({ statementTimeoutMs: config.statementTimeoutMs });
  const services = await createServices(config, database, new IdentityDirectory(database.db), { now: options.now });
  await services.clients.save({
    id: TEST_CLIENT_ID,
    name: 'Test client',
    redirectUris: ['http://127.0.0.1:*', 'http://localhost:*'],
    allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
  });
  const app = await buildApp(services, { logStream: options.logStream });
  await options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.publicUrl,
    app,
    services,
    database,
    apiKey,
    async close() {
      await closeApp(app);
      await database.close();
    },
  };
}

/** How long a closing test server waits for its open requests before cutting their connections. */
const CLOSE_GRACE_MS = 10_000;

/**
 * Closes the app; connections still open after the grace period (a test that left a response
 * unread keeps one busy) are cut and counted on stderr: one forgotten body cannot hang a suite,
 * and it shows.
 */
async function closeApp(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS);
  });
  if ((await Promise.race([closing.then(() => 'closed' as const), late])) === 'late') {
    app.server.getConnections((_e, count) => {
      process.stderr.write(`test server: ${count} connection(s) still open ${CLOSE_GRACE_MS} ms after close, cut\n`);
    });
    app.server.closeAllConnections();
  }
  clearTimeout(timer);
  await closing;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
