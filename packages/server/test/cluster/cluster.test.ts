/**
 * The production shape proved on this machine (#23): a PostgreSQL primary and its streaming replica,
 * three `vitrine serve --role web` processes and a worker started at once on a fresh database, nginx
 * in front. Shoppers and merchants go through nginx; each process is also called directly.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_CART } from '../../src/domains/cart/routes.js';
import { TEST_CLIENT_ID } from '../support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startCartLoad } from './support/cart-load.js';
import { type Cluster, startCluster } from './support/cluster.js';
import { requestsServed } from './support/metrics-scrape.js';
import { type CallFigures, expectStatus, noCalls } from './support/retried-calls.js';
import { addToCart, cartLines, createProduct, merchantSend, placeOrder, shownPrice, visitorToken } from './support/shopper.js';

let cluster: Cluster;
let receiver: WebhookReceiver;
/** The figures each part printed in the table at the end. */
const figures: { part: string; calls: CallFigures; lost: number; duplicates: number }[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  cluster = await startCluster({ webs: 3 });
  await cluster.cli(['clients', 'create', '--id', TEST_CLIENT_ID, '--name', 'Cluster test', '--redirect-uri', 'http://127.0.0.1:*']);
  await cluster.cli(['shipping', 'add-region', '--name', 'United States', '--countries', 'US']);
  await cluster.cli([
    'shipping',
    'add-option',
    '--region',
    'United States',
    '--code',
    'standard',
    '--title',
    'Standard shipping',
    '--kind',
    'FLAT',
    '--price',
    '5.00',
  ]);
  await cluster.cli(['webhooks', 'add', '--url', receiver.url, '--events', 'product.created']);
}, 180_000);

afterAll(async () => {
  printFigures();
  await cluster?.stop();
  await receiver?.close();
}, 180_000);

function printFigures(): void {
  const rows = figures.map((figure) => ({
    part: figure.part,
    'requests sent': figure.calls.sent,
    answered: figure.calls.answered,
    'failed (retried)': figure.calls.failed,
    lost: figure.lost,
    duplicates: figure.duplicates,
  }));
  console.log('cluster test, through nginx:');
  console.table(rows);
}

/** The balancer's address: what every shopper and merchant call goes to. */
const shop = () => cluster.balancer.url;
const webUrls = () => cluster.webs.map((web) => web.url);

/** A read of one row set on the primary. */
async function onPrimary<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.pair.primaryUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The status each process answers a cart read with `token`: 404 (no cart yet) when it accepts the token, 401 when not. */
function cartReadStatuses(bases: string[], token: string): Promise<number[]> {
  return Promise.all(bases.map(async (base) => (await fetch(`${base}${CURRENT_CART}`, { headers: { authorization: token } })).status));
}

const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0] as string, 'base64url').toString()).kid as string;

/** Resolves once `done()` holds (the test's time-out bounds it; nothing is asserted on time). */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('three web processes and a worker behind nginx on a primary and a replica (#23)', () => {
  it('accepts a token issued by any process at every other at once, after the simultaneous first start and after keys rotate', async () => {
    const calls = noCalls();
    expect((await cluster.cli(['keys', 'list'])).split('\n')).toHaveLength(1);
    for (const issuer of [...webUrls(), shop()]) {
      expect(await cartReadStatuses(webUrls(), await visitorToken(calls, issuer))).toEqual([404, 404, 404]);
    }

    const newKid = (await cluster.cli(['keys', 'rotate'])).split(' ').at(-1) as string;
    // A process started after the rotation signs with the new key at once; the others have not read it yet.
    const latecomer = await cluster.addWeb();
    try {
      const token = await visitorToken(calls, latecomer.url);
      expect(kidOf(token)).toBe(newKid);
      expect(await cartReadStatuses(webUrls(), token)).toEqual([404, 404, 404]);
      for (const issuer of webUrls()) expect(await cartReadStatuses([latecomer.url], await visitorToken(calls, issuer))).toEqual([404]);
    } finally {
      await latecomer.serve.stop();
    }
    figures.push({ part: 'tokens (direct)', calls, lost: 0, duplicates: 0 });
  });

  it('runs a shopper journey and a merchant change through the balancer', async () => {
    const calls = noCalls();
    const productId = await createProduct(calls, shop(), cluster.apiKey, 'Cluster mug', 12);
    const token = await visitorToken(calls, shop());
    await addToCart(calls, shop(), token, { productId, quantity: 2, idempotencyKey: crypto.randomUUID() });
    expect(await cartLines(calls, shop(), token)).toEqual([{ productId, quantity: 2, price: '12.00' }]);
    const { checkoutId, placed } = await placeOrder(calls, shop(), token);
    expect(placed).toBe(true);
    expect(await onPrimary('SELECT status FROM orders WHERE checkout_id = $1', [checkoutId])).toEqual([{ status: 'APPROVED' }]);

    const changed = await merchantSend(calls, shop(), cluster.apiKey, 'PATCH', `/stores/v1/products/${productId}`, {
      product: { name: 'Cluster mug, blue' },
    });
    expect(expectStatus(changed, 200, 'product change').body.product.name).toBe('Cluster mug, blue');
    figures.push({ part: 'journey', calls, lost: 0, duplicates: 0 });
  });

  it('shows a price changed through one process at every process within 1 s', async () => {
    const calls = noCalls();
    const productId = await createProduct(calls, shop(), cluster.apiKey, 'Repriced mug', 10);
    await cluster.pair.waitForReplay();
    // each process has the old price in its caches
    for (const base of webUrls()) expect(await shownPrice(base, productId)).toBe(10);

    const [first] = webUrls() as [string];
    expectStatus(
      await merchantSend(calls, first, cluster.apiKey, 'PATCH', `/stores/v1/products/${productId}`, {
        product: { priceData: { price: 11 } },
      }),
      200,
      'price change',
    );
    const changedAt = performance.now();
    const delays = await Promise.all(
      webUrls().map(async (base) => {
        await until(async () => (await shownPrice(base, productId)) === 11);
        return performance.now() - changedAt;
      }),
    );
    console.log(`price change seen by each process after ${delays.map((delay) => `${Math.round(delay)} ms`).join(', ')}`);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(1000);
    // ... and each process's cart charges it
    for (const base of webUrls()) {
      const token = await visitorToken(calls, base);
      await addToCart(calls, base, token, { productId, idempotencyKey: crypto.randomUUID() });
      expect((await cartLines(calls, base, token)).map((cartLine) => cartLine.price)).toEqual(['11.00']);
    }
    figures.push({ part: 'price change', calls, lost: 0, duplicates: 0 });
  });

  it('delivers each webhook event exactly once with two workers running', async () => {
    const calls = noCalls();
    await cluster.addWorker();
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, number) => createProduct(calls, shop(), cluster.apiKey, `Hooked mug ${number}`, 5)),
    );
    const unsettled = async () =>
      (await onPrimary<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status NOT IN ('delivered', 'dead')"))[0]?.n;
    const deliveredProducts = () => new Set(receiver.received.map((delivery) => delivery.envelope?.entityId));
    await until(async () => (await unsettled()) === 0 && created.every((id) => deliveredProducts().has(id)));

    const deliveries = await onPrimary<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_deliveries');
    expect(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
    const eventIds = receiver.received.map((delivery) => delivery.envelope.id as string);
    const duplicates = eventIds.length - new Set(eventIds).size;
    figures.push({ part: 'webhooks (2 workers)', calls, lost: 0, duplicates });
    expect(duplicates).toBe(0);
    expect(eventIds).toHaveLength(deliveries.length);
  });

  it("never shows a read older than the replica's lag allows", async () => {
    const calls = noCalls();
    const lagMs = 1500;
    const productId = await createProduct(calls, shop(), cluster.apiKey, 'Lagging mug', 20);
    await cluster.pair.waitForReplay();
    for (const base of webUrls()) expect(await shownPrice(base, productId)).toBe(20);
    await cluster.pair.setReplayDelay(lagMs);
    try {
      expectStatus(
        await merchantSend(calls, shop(), cluster.apiKey, 'PATCH', `/stores/v1/products/${productId}`, {
          product: { priceData: { price: 21 } },
        }),
        200,
        'price change',
      );
      const changedAt = performance.now();
      // The replica shows the change `lagMs` after its commit; every process then forgets its copy within 1 s.
      const newestAfter = changedAt + lagMs + 1000;
      const reads: { at: number; price: number }[] = [];
      await Promise.all(
        webUrls().map(async (base) => {
          while (performance.now() < newestAfter + 500) {
            const at = performance.now();
            reads.push({ at, price: await shownPrice(base, productId) });
          }
        }),
      );
      expect(new Set(reads.map((read) => read.price))).toSatisfy((prices: Set<number>) =>
        [...prices].every((price) => price === 20 || price === 21),
      );
      expect(reads.filter((read) => read.at >= newestAfter).map((read) => read.price)).toSatisfy(
        (late: number[]) => late.length > 0 && late.every((price) => price === 21),
      );
      // the cart prices from the primary: it charges the new price while the replica lags
      await cluster.pair.setReplayDelay(60_000);
      await merchantSend(calls, shop(), cluster.apiKey, 'PATCH', `/stores/v1/products/${productId}`, {
        product: { priceData: { price: 22 } },
      });
      const token = await visitorToken(calls, shop());
      await addToCart(calls, shop(), token, { productId, idempotencyKey: crypto.randomUUID() });
      expect((await cartLines(calls, shop(), token)).map((cartLine) => cartLine.price)).toEqual(['22.00']);
    } finally {
      await cluster.pair.setReplayDelay(0);
      await cluster.pair.waitForReplay();
    }
    figures.push({ part: 'replica lag', calls, lost: 0, duplicates: 0 });
  });

  it('/metrics of each process reports the requests it served', async () => {
    const before = await Promise.all(webUrls().map(requestsServed));
    const throughBalancer = 30;
    const productId = await createProduct(noCalls(), webUrls()[0] as string, cluster.apiKey, 'Counted mug', 3);
    for (let read = 0; read < throughBalancer; read++)
      expect((await fetch(`${shop()}/stores-reader/v1/products/${productId}`)).status).toBe(200);
    for (const base of webUrls()) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const served = (await Promise.all(webUrls().map(requestsServed))).map((after, position) => after - (before[position] as number));
    console.log(`requests served by each process: ${served.join(', ')}`);
    // the product's creation, the reads through nginx, one health check each
    expect(served.reduce((total, count) => total + count, 0)).toBe(1 + throughBalancer + webUrls().length);
    for (const count of served) expect(count).toBeGreaterThan(1);
  });

  it('routes around a web process killed with SIGKILL under load: no acknowledged cart write lost, no order duplicated', async () => {
    const setup = noCalls();
    const productIds = await Promise.all(
      [1, 2, 3].map((number) => createProduct(setup, shop(), cluster.apiKey, `Loaded mug ${number}`, 4)),
    );
    const load = await startCartLoad(shop(), productIds, { writers: 4, buyers: 2 });
    await until(() => load.acknowledgedWrites() >= 40);
    const victim = cluster.webs[2] as (typeof cluster.webs)[number];
    victim.serve.child.kill('SIGKILL');
    await victim.serve.exited;
    const atKill = load.acknowledgedWrites();
    // the load goes on through the two processes left
    await until(() => load.acknowledgedWrites() >= atKill + 80);
    const outcome = await load.finish();

    const orders = await onPrimary<{ checkout_id: string; n: number }>(
      'SELECT checkout_id, count(*)::int AS n FROM orders WHERE checkout_id = ANY($1::uuid[]) GROUP BY checkout_id',
      [outcome.triedCheckouts],
    );
    const duplicates = orders.reduce((sum, order) => sum + order.n - 1, 0);
    const ordered = new Set(orders.map((order) => order.checkout_id));
    const lostOrders = outcome.placedCheckouts.filter((id) => !ordered.has(id)).length;
    figures.push({
      part: 'kill -9 under load',
      calls: outcome.figures,
      lost: outcome.lostUnits + lostOrders,
      duplicates: duplicates + outcome.extraUnits,
    });
    console.log(
      `kill -9 under load: ${outcome.acknowledgedWrites} cart writes acknowledged (${atKill} before the kill), ` +
        `${outcome.placedCheckouts.length} orders placed of ${outcome.triedCheckouts.length} checkouts`,
    );
    expect(outcome.lostUnits).toBe(0);
    expect(outcome.extraUnits).toBe(0);
    expect(lostOrders).toBe(0);
    expect(duplicates).toBe(0);
    expect(outcome.placedCheckouts.length).toBeGreaterThan(0);
  });
});
