/**
 * Several `vitrine serve` processes of the built server on one PostgreSQL database, as a shop that
 * outgrew one machine runs them (#23). PostgreSQL only: the embedded database has one process.
 */
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { tokenOfAnUnknownKey } from '../../test/support/foreign-token.js';
import { postJson, visitorTokens } from '../../test/support/http.js';
import { type ServeProcess, startBuiltServe } from '../../test/support/serve-process.js';
import { copyOfTemplate } from '../../test/support/shared-database-server.js';
import { adminQuery, dropDatabase, withDatabase } from '../../test/support/template.js';
import { freePort, TEST_CLIENT_ID } from '../../test/support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { CURRENT_CART } from '../domains/cart/routes.js';
import { openDatabase } from '../platform/db/database.js';

const template = inject('databaseTemplate');
/** The address browsers use for every process (the load balancer's): it is the tokens' issuer. */
const PUBLIC_URL = 'http://shop.test';

const started: ServeProcess[] = [];
const dropped: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => child.stop()));
  for (const drop of dropped.splice(0)) await drop();
});

/** A new database with nothing in it: no tables, no keys (the processes' first start migrates it). */
async function emptyDatabase(): Promise<string> {
  if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
  const name = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(template.url, `CREATE DATABASE ${name}`);
  dropped.push(() => dropDatabase(template.url, name));
  return withDatabase(template.url, name);
}

/** A web process on its own port of loopback, under the shared public URL; answers its loopback address. */
async function startWeb(databaseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const args = ['--port', String(port), '--host', '127.0.0.1', '--no-storefront', '--role', 'web'];
  started.push(await startBuiltServe(args, { DATABASE_URL: databaseUrl, VITRINE_PUBLIC_URL: PUBLIC_URL, ...env }));
  return `http://127.0.0.1:${port}`;
}

/**
 * The status each process answers a visitor's cart read with `token`, all asked at once: 404 (the
 * visitor has no cart yet) once the token is accepted, 401 where it is refused.
 */
function cartReadStatuses(bases: string[], token: string): Promise<number[]> {
  return Promise.all(bases.map(async (base) => (await fetch(`${base}${CURRENT_CART}`, { headers: { authorization: token } })).status));
}

const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0] as string, 'base64url').toString()).kid as string;

describe.runIf(template.kind === 'postgres')('vitrine serve processes on one PostgreSQL database (#23)', () => {
  it('accepts a token issued by any process at every other at once, after a simultaneous first start and after keys rotate', async () => {
    const databaseUrl = await emptyDatabase();
    const bases = await Promise.all([1, 2, 3, 4].map(() => startWeb(databaseUrl)));
    const clientCreated = await vitrine(
      ['clients', 'create', '--id', TEST_CLIENT_ID, '--name', 'Cluster test', '--redirect-uri', 'http://127.0.0.1:*'],
      { DATABASE_URL: databaseUrl },
    );
    expect(clientCreated.code).toBe(0);
    const listed = await vitrine(['keys', 'list'], { DATABASE_URL: databaseUrl });
    expect(listed.out.split('\n')).toHaveLength(1);

    for (const issuer of bases) {
      const token = (await visitorTokens(issuer)).access_token;
      expect(await cartReadStatuses(bases, token)).toEqual([404, 404, 404, 404]);
    }
    expect(await cartReadStatuses(bases.slice(0, 1), 'not-a-token')).toEqual([401]);

    const rotated = await vitrine(['keys', 'rotate'], { DATABASE_URL: databaseUrl });
    const newKid = rotated.out.split(' ').at(-1) as string;
    // a process started after the rotation signs with the new key; the others have not loaded it yet
    const latecomer = await startWeb(databaseUrl);
    const token = (await visitorTokens(latecomer)).access_token;
    expect(kidOf(token)).toBe(newKid);
    // ... and a forger's tokens of unknown keys, refused just before, do not delay the new key (#23)
    expect(await cartReadStatuses(bases, await tokenOfAnUnknownKey(PUBLIC_URL))).toEqual([401, 401, 401, 401]);
    expect(await cartReadStatuses(bases, token)).toEqual([404, 404, 404, 404]);
  }, 120_000);

  it("serves its storefront's pages on a new database: it registers the storefront's client at start, as on the embedded one", async () => {
    const port = await freePort();
    const args = ['--port', String(port), '--host', '127.0.0.1', '--role', 'web'];
    started.push(await startBuiltServe(args, { DATABASE_URL: await emptyDatabase() }));
    const listing = await fetch(`http://127.0.0.1:${port}/products`, { headers: { accept: 'text/html' } });
    // before, the storefront's visitor session was refused ("unknown client_id") and the page was an error (500)
    expect(listing.status).toBe(200);
    expect(await listing.text()).toMatch(/<title>All products[^<]*<\/title>/);
  }, 120_000);

  it('delivers each webhook event exactly once with two workers, the web process answering the API', async () => {
    if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
    const database = await copyOfTemplate(template);
    dropped.push(database.drop);
    const receiver: WebhookReceiver = await startWebhookReceiver();
    dropped.push(() => receiver.close());
    const env = { DATABASE_URL: database.url };
    expect((await vitrine(['webhooks', 'add', '--url', receiver.url, '--events', 'product.created'], env)).code).toBe(0);
    const apiKey = `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`;
    const web = await startWeb(database.url, { VITRINE_API_KEYS: apiKey });
    const workers = await Promise.all(
      [1, 2].map(() => startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--role', 'worker'], { ...env, WEBHOOK_INTERVAL_MS: '20' })),
    );
    started.push(...workers);

    const products = 40;
    const created = await Promise.all(
      Array.from({ length: products }, (_, i) =>
        postJson(web, '/stores/v1/products', { product: { name: `Mug ${i}` } }, { authorization: apiKey }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(products).fill(200));

    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    try {
      const settled = async () =>
        handle.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('status', 'in', ['delivered', 'dead']).execute();
      // waits for the workers (not a timed assertion: the test's own timeout bounds it)
      while ((await settled()).length < products) await new Promise((resume) => setTimeout(resume, 50));
      const deliveries = await settled();
      expect(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
    } finally {
      await handle.close();
    }
    const eventIds = receiver.received.map((delivery) => delivery.envelope.id as string);
    expect(eventIds).toHaveLength(products);
    expect(new Set(eventIds).size).toBe(products);

    for (const worker of workers) {
      expect(await (await fetch(`${worker.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${worker.url}/readyz`)).json()).toEqual({ status: 'ready' });
      expect((await fetch(`${worker.url}/stores-reader/v1/products`)).status).toBe(404);
    }
  }, 120_000);
});

// A worker alone on an embedded data directory is allowed (it holds the directory like any process).
describe('vitrine serve --role worker', () => {
  it('answers /healthz and nothing of the API', async () => {
    const data = await tempDataDir();
    try {
      const worker = await startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--role', 'worker'], { VITRINE_DATA_DIR: data.dir });
      started.push(worker);
      expect(worker.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${worker.url}/docs`)).status).toBe(404);
    } finally {
      await Promise.all(started.splice(0).map((child) => child.stop()));
      await data.remove();
    }
  }, 60_000);

  it('answers /metrics, /healthz and /readyz on its --metrics-port, on loopback (#23)', async () => {
    const data = await tempDataDir();
    try {
      const metricsPort = await freePort();
      const args = ['--port', '0', '--host', '0.0.0.0', '--role', 'worker', '--metrics-port', String(metricsPort)];
      const worker = await startBuiltServe(args, { VITRINE_DATA_DIR: data.dir });
      started.push(worker);
      expect(worker.url).toBe(`http://127.0.0.1:${metricsPort}`);
      expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
      const scrape = await fetch(`${worker.url}/metrics`);
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toMatch(/^vitrine_queue_waiting\b/m);
      expect(text).toMatch(/vitrine_http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} 1/);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      // its caches serve no shopper: no hit or miss series that would read as a cold cache (#23)
      expect(text).not.toMatch(/vitrine_cache_/);
    } finally {
      await Promise.all(started.splice(0).map((child) => child.stop()));
      await data.remove();
    }
  }, 60_000);
});

describe('METRICS_PORT and METRICS_HOST (#23)', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  afterEach(async () => {
    await Promise.all(started.splice(0).map((child) => child.stop()));
    await data?.remove();
  });

  it("binds a worker's one listener to METRICS_HOST and METRICS_PORT", async () => {
    data = await tempDataDir();
    const metricsPort = await freePort();
    const env = { VITRINE_DATA_DIR: data.dir, METRICS_HOST: '127.0.0.2', METRICS_PORT: String(metricsPort) };
    const worker = await startBuiltServe(['--port', '0', '--role', 'worker'], env);
    started.push(worker);
    expect(worker.url).toBe(`http://127.0.0.2:${metricsPort}`);
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    // nothing listens on the same port at the default address
    await expect(fetch(`http://127.0.0.1:${metricsPort}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('leave a web process on PORT: /metrics is answered there, with its cache series, and nothing listens on METRICS_PORT', async () => {
    data = await tempDataDir();
    const port = await freePort();
    const metricsPort = await freePort();
    const args = ['--port', String(port), '--host', '127.0.0.1', '--no-storefront', '--no-demo', '--role', 'web'];
    const web = await startBuiltServe(args, { VITRINE_DATA_DIR: data.dir, METRICS_PORT: String(metricsPort) });
    started.push(web);
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toMatch(/^vitrine_cache_hits_total\{cache="products"\} 0$/m);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 60_000);

  it('refuse to start on a bad METRICS_PORT, naming the setting', async () => {
    data = await tempDataDir();
    const run = await vitrine(['serve', '--port', '0', '--role', 'worker', '--metrics-port', '9464x'], { VITRINE_DATA_DIR: data.dir });
    expect(run.code).not.toBe(0);
    expect(run.err).toContain('METRICS_PORT: must be a port number, 0 to 65535');
  });
});

afterAll(async () => {
  await Promise.all(started.splice(0).map((child) => child.stop()));
});
