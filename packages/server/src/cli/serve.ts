import { createServer } from 'node:net';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { IdentityDirectory } from '../domains/identity/directory.js';
import { consoleDirToServe } from '../platform/console-mount.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { storefrontDirToServe } from '../platform/storefront-mount.js';
import { demoWantedAtStart, seedDemoIfEmpty } from '../seed/demo-on-start.js';
import { demoSeedDeps } from '../seed/seed-demo.js';
import { createServices, type Services } from '../services.js';
import { buildWorkerApp } from '../worker-app.js';
import type { CliCommand, Io } from './command.js';
import { registerConsoleClient } from './console-client.js';
import { DEMO_CLIENT_ID, seedDemoClient } from './demo-client.js';
import { databaseFlags, describeDatabase, openConfiguredDatabase } from './open-database.js';

/** `vitrine serve`: the whole server on one address, until SIGINT/SIGTERM. */
export const serve: CliCommand = {
  name: 'serve',
  summary: 'Start the server (API, hosted pages, docs) and run until stopped',
  flags: {
    port: { type: 'string', short: 'p', value: '<port>', description: 'Port to listen on; 0 picks a free one', setting: 'PORT' },
    host: { type: 'string', value: '<host>', description: 'Address to bind (0.0.0.0 for every interface)', setting: 'HOST' },
    ...databaseFlags,
    'database-read-url': {
      type: 'string',
      value: '<url>',
      description: "A streaming replica of --database-url's database for shopper catalogue reads (PostgreSQL only)",
      setting: 'DATABASE_READ_URL',
    },
    'public-url': {
      type: 'string',
      value: '<url>',
      description: 'The URL browsers reach the server at (behind a proxy); token issuer and redirect base',
      setting: 'VITRINE_PUBLIC_URL',
    },
    'trust-proxy': {
      type: 'string',
      value: '<proxies>',
      description: 'Believe X-Forwarded-For from these proxies: addresses/CIDRs (comma-separated), or true for any',
      setting: 'TRUST_PROXY',
    },
    'no-demo': { type: 'boolean', description: 'Do not seed the demo catalogue on the first start (as VITRINE_DEMO=false)' },
    'storefront-dir': {
      type: 'string',
      value: '<dir>',
      description: "A built storefront's build/ directory to serve at / (default: the workspace's apps/storefront/build when built)",
      setting: 'VITRINE_STOREFRONT_DIR',
    },
    'no-storefront': { type: 'boolean', description: 'Serve no storefront at / (as VITRINE_STOREFRONT_DIR=off)' },
    role: {
      type: 'string',
      value: '<role>',
      description:
        'web: answer HTTP only; worker: run webhook and mail deliveries, answer /metrics, /healthz and /readyz only; all (default): both',
      setting: 'VITRINE_ROLE',
    },
    'metrics-port': {
      type: 'string',
      value: '<port>',
      description: "A worker's port for /metrics, /healthz and /readyz (default: --port), bound to METRICS_HOST (127.0.0.1)",
      setting: 'METRICS_PORT',
    },
  },
  notes: [
    'With the embedded database the demo OAuth client "demo" is registered at start, and on the first',
    'start (no products yet) the demo catalogue is seeded (vitrine seed --demo), unless --no-demo or',
    'VITRINE_DEMO=false; never in production (NODE_ENV=production).',
    'Stops gracefully on SIGINT (Ctrl+C) or SIGTERM: stops accepting, finishes the requests and deliveries',
    'under way, closes the database and exits 0; a second signal, or SHUTDOWN_TIMEOUT_MS (10 s), forces the exit.',
    'Several processes on one PostgreSQL database: any number of --role web behind a load balancer and',
    'one or more --role worker (docs/DEPLOY.md, "Roles"); shopper catalogue reads on a replica with',
    '--database-read-url (docs/DEPLOY.md, "Read replica").',
  ],
  async run({ io, settings, flag }) {
    let config = loadConfig(io.env, settings);
    // Port 0 is resolved before the services exist: the public URL (the token issuer) names the port.
    if (config.port === 0) config = loadConfig(io.env, { ...settings, PORT: String(await freePort(config.host)) });
    config = {
      ...config,
      storefront: { dir: storefrontDirToServe(config.storefront.dir, flag('no-storefront')) },
      console: { dir: consoleDirToServe(config.console.dir) },
    };
    // Listening from the start: a signal during start-up stops the server as soon as it is up.
    const stop = stopSignals(io);
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    let database: DatabaseHandle | undefined;
    try {
      const opened = await openConfiguredDatabase(config, { migrate: true });
      database = opened.database;
      for (const name of opened.applied) io.out(`applied migration ${name}`);
      const services = await createServices(config, database, new IdentityDirectory(database.db));
      if (config.role === 'worker') {
        app = await buildWorkerApp(services);
        // Its one listener is for the operator's probes and scraper: on loopback unless METRICS_HOST says otherwise.
        const listening = { port: config.metrics.port ?? config.port, host: config.metrics.host };
        io.out(`Vitrine worker is running at ${await app.listen(listening)} (/metrics, /healthz, /readyz)`);
      } else {
        if (registersDemoClient(config)) await seedDemoClient(services.clients, config);
        await registerConsoleClient(services.clients, config);
        if (demoWantedAtStart(config, flag('no-demo'))) await seedDemoOnFirstStart(io, services);
        app = await buildApp(services);
        await app.listen({ port: config.port, host: config.host });
        printAddresses(io, config);
      }
      const signal = await stop.received;
      io.err(`${signal}: stopping (again to force)`);
      stop.forceAfter(config.shutdownTimeoutMs);
    } finally {
      // Node closes the connections that are idle when the server starts closing; a kept-alive one
      // whose answer was still going out then stays open until its keep-alive timeout (72 s), longer
      // than SHUTDOWN_TIMEOUT_MS. So while closing, idle connections are closed as they appear.
      const closeIdle = setInterval(() => app?.server.closeIdleConnections(), 100);
      await app?.close();
      clearInterval(closeIdle);
      await database?.close();
      stop.dispose();
    }
    io.err('stopped');
    return 0;
  },
};

/**
 * Whether a web process registers (or refreshes) the `demo` client at start: when it mounts the
 * storefront, which signs its visitors in as that client unless VITRINE_CLIENT_ID names another (on any
 * database: a shop on PostgreSQL has no demo seed to register it); and on the embedded database, for a
 * storefront in development on loopback.
 */
function registersDemoClient(config: Config): boolean {
  return config.database.kind === 'pglite' || config.storefront.dir !== undefined;
}

/** The demo shop's merchant, who signs in to the console (`vitrine merchants create` makes more). */
const DEMO_MERCHANT_EMAIL = 'owner@example.com';

/**
 * The demo catalogue into an empty embedded database, said on stdout (it takes a few seconds), and a
 * demo merchant with the link to choose their password (printed and in the dev mailbox): the embedded
 * database is locked while the server runs, so `vitrine merchants create` could not make one then.
 */
async function seedDemoOnFirstStart(io: Io, services: Services): Promise<void> {
  const { config, merchants } = services;
  const seeded = await seedDemoIfEmpty(demoSeedDeps(services), () =>
    io.out('first start: seeding the demo catalogue (--no-demo turns this off)'),
  );
  if (!seeded) return;
  io.out(`seeded the demo catalogue: ${seeded.productsCreated} products in ${seeded.collectionsCreated} collections`);
  const owner = await merchants.create(DEMO_MERCHANT_EMAIL);
  if (owner.passwordLink)
    io.out(`demo merchant ${DEMO_MERCHANT_EMAIL}: choose a password at ${owner.passwordLink}, then sign in at ${config.publicUrl}/console`);
}

function printAddresses(io: Io, config: Config): void {
  const base = config.publicUrl;
  const rows: [string, string][] = [
    ['shop', config.storefront.dir ? `${base}/` : `${base}/  (no storefront build: the API, hosted pages and redirects only)`],
    ['API docs', `${base}/docs`],
  ];
  if (!config.smtpUrl && !config.production) rows.push(['dev mailbox', `${base}/_dev/mailbox  (no SMTP_URL: e-mails are kept here)`]);
  rows.push(['data', describeDatabase(config)]);
  if (registersDemoClient(config)) rows.push(['OAuth client', `${DEMO_CLIENT_ID} (the storefront's)`]);
  rows.splice(1, 0, ['console', config.console.dir ? `${base}/console` : `${base}/console  (not built: npm run build)`]);
  io.out(`Vitrine is running at ${base}`);
  for (const [label, value] of rows) io.out(`  ${label.padEnd(13)}${value}`);
  io.out('Press Ctrl+C to stop.');
}

/**
 * `received` resolves at the first SIGINT or SIGTERM; a second one exits at once, and so does
 * `forceAfter`'s time limit (a request or delivery that never ends must not keep the process up).
 */
function stopSignals(io: Io): { received: Promise<NodeJS.Signals>; forceAfter(milliseconds: number): void; dispose(): void } {
  let stopping = false;
  let deadline: NodeJS.Timeout | undefined;
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<NodeJS.Signals>((settle) => {
    resolve = settle;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      io.err(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    resolve(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    received,
    forceAfter(milliseconds) {
      deadline = setTimeout(() => {
        io.err(`still stopping after ${milliseconds} ms (SHUTDOWN_TIMEOUT_MS): exiting without waiting`);
        process.exit(1);
      }, milliseconds);
      // Only a stop that hangs meets it: a finished one exits without waiting for the timer.
      deadline.unref();
    },
    dispose() {
      clearTimeout(deadline);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** A port free on `host` now (the server binds it a moment later). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
