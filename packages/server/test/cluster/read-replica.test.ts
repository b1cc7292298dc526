/**
 * Shopper catalogue reads on a streaming replica (`DATABASE_READ_URL`, #23): built `vitrine serve`
 * processes on a real PostgreSQL primary and hot standby. The replica's replay is delayed where a test
 * needs a lag it can count on; the standby is read-only, so a write sent to it would fail loudly.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_CART } from '../../src/domains/cart/routes.js';
import { vitrine } from '../support/cli.js';
import { type Answer, postJson, send, visitorTokens } from '../support/http.js';
import { type ServeProcess, startBuiltServe } from '../support/serve-process.js';
import { TEST_CLIENT_ID } from '../support/test-server.js';
import { type PostgresPair, startPostgresPair } from './support/postgres-pair.js';

/** The catalogue's app id in cart line references. */
const CATALOG_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
/** Long enough that every step of a test runs well inside it: the replica is behind throughout. */
const LAG_MS = 4000;
const API_KEY = `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`;

let pair: PostgresPair;
const processes: ServeProcess[] = [];
/** Replica reads, cache on (the default): the shop's web process. */
let web: ServeProcess;
/** Replica reads, cache off: every shopper read reaches the database. */
let uncached: ServeProcess;
/** Primary only: "another process" whose writes reach the others through NOTIFY. */
let other: ServeProcess;

async function serve(env: Record<string, string>): Promise<ServeProcess> {
  const started = await startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--no-storefront', '--role', 'web'], {
    DATABASE_URL: pair.primaryUrl,
    VITRINE_API_KEYS: API_KEY,
    ...env,
  });
  processes.push(started);
  return started;
}

beforeAll(async () => {
  pair = await startPostgresPair();
  // the first process migrates the empty database; the others start on it
  web = await serve({ DATABASE_READ_URL: pair.replicaUrl });
  [uncached, other] = await Promise.all([serve({ DATABASE_READ_URL: pair.replicaUrl, CATALOG_CACHE_SIZE: '0' }), serve({})]);
  const client = await vitrine(
    ['clients', 'create', '--id', TEST_CLIENT_ID, '--name', 'Replica test', '--redirect-uri', 'http://127.0.0.1:*'],
    { DATABASE_URL: pair.primaryUrl },
  );
  expect(client.code).toBe(0);
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  await pair?.stop();
});

const merchant = { authorization: API_KEY };

async function createProduct(through: ServeProcess, name: string, price: number): Promise<string> {
  const created = await postJson(through.url, '/stores/v1/products', { product: { name, priceData: { price } } }, merchant);
  expect(created.status).toBe(200);
  return created.body.product.id as string;
}

async function changePrice(through: ServeProcess, id: string, price: number): Promise<void> {
  const changed = await send(`${through.url}/stores/v1/products/${id}`, {
    method: 'PATCH',
    headers: { ...merchant, 'content-type': 'application/json' },
    body: JSON.stringify({ product: { priceData: { price } } }),
  });
  expect(changed.status).toBe(200);
}

const shopperRead = (through: ServeProcess, id: string) => send(`${through.url}/stores-reader/v1/products/${id}`);
const merchantRead = (through: ServeProcess, id: string) => send(`${through.url}/stores-reader/v1/products/${id}`, { headers: merchant });
const priceOf = (answer: Answer) => answer.body.product.priceData.price as number;

/** The product's price as the replica holds it now, read there directly. */
async function replicaPrice(id: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: pair.replicaUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ price: string }>('SELECT price::text AS price FROM products WHERE id = $1', [id]);
    return rows[0] ? Number(rows[0].price) : undefined;
  } finally {
    await client.end();
  }
}

async function addToCart(through: ServeProcess, token: string, productId: string): Promise<Answer> {
  const line = { catalogReference: { catalogItemId: productId, appId: CATALOG_APP_ID }, quantity: 1 };
  const added = await postJson(through.url, `${CURRENT_CART}/add-to-cart`, { lineItems: [line] }, { authorization: token });
  expect(added.status).toBe(200);
  return added;
}

describe.sequential('shopper catalogue reads on a streaming replica (#23)', () => {
  it("answers shoppers from the replica: another process's new product is not shown until the replica replays it; merchants read the primary", async () => {
    await pair.setReplayDelay(LAG_MS);
    const id = await createProduct(other, 'Lagging mug', 10);
    expect(await replicaPrice(id)).toBeUndefined();
    // the uncached process hears no NOTIFY: its shopper reads are the replica's, behind by the delay
    const token = (await visitorTokens(uncached.url)).access_token;
    const shown = async () => ({
      read: (await shopperRead(uncached, id)).status,
      search: (await send(`${uncached.url}/_api/vitrine/v1/search/products?text=lagging`)).body.products.length,
      graphql: (await postJson(uncached.url, '/graphql/v1', { query: `{ product(id: "${id}") { name } }` }, { authorization: token })).body
        .data?.product?.name,
    });
    expect(await shown()).toEqual({ read: 404, search: 0, graphql: undefined });
    expect((await merchantRead(uncached, id)).status).toBe(200);
    await pair.waitForReplay();
    expect(await shown()).toEqual({ read: 200, search: 1, graphql: 'Lagging mug' });
  });

  it('reads its own writes at once, however far the replica is behind', async () => {
    await pair.setReplayDelay(LAG_MS);
    for (const through of [uncached, web]) {
      const id = await createProduct(through, 'Fresh mug', 12);
      const read = await shopperRead(through, id);
      expect(read.status).toBe(200);
      expect(priceOf(read)).toBe(12);
      expect(await replicaPrice(id)).toBeUndefined();
    }
  });

  it('shows and charges the changed price at once after the change is acknowledged, and keeps no older answer in its cache', async () => {
    await pair.setReplayDelay(0);
    const id = await createProduct(web, 'Repriced mug', 10);
    await pair.waitForReplay();
    expect(priceOf(await shopperRead(web, id))).toBe(10); // cached now, from the replica
    const token = (await visitorTokens(web.url)).access_token;
    expect((await addToCart(web, token, id)).body.cart.lineItems[0].price.amount).toBe('10.00');

    await pair.setReplayDelay(LAG_MS);
    await changePrice(web, id, 12);
    expect(await replicaPrice(id)).toBe(10);
    expect(priceOf(await shopperRead(web, id))).toBe(12);
    expect((await addToCart(web, token, id)).body.cart.lineItems[0].price.amount).toBe('12.00');
    expect(priceOf(await shopperRead(web, id))).toBe(12);
  });

  it("never keeps an answer older than another process's change it has heard of, however far the replica is behind", async () => {
    await pair.setReplayDelay(0);
    const id = await createProduct(other, 'Heard mug', 10);
    await pair.waitForReplay();
    expect(priceOf(await shopperRead(web, id))).toBe(10); // cached from the replica

    await pair.setReplayDelay(LAG_MS);
    await changePrice(other, id, 14);
    // waits for the NOTIFY to reach `web` (bounded by the test's timeout): from then on, the new price only
    let shown = priceOf(await shopperRead(web, id));
    while (shown === 10) shown = priceOf(await shopperRead(web, id));
    expect(shown).toBe(14);
    // the replica had not replayed the change: the refill came from the primary and is what stays cached
    expect(await replicaPrice(id)).toBe(10);
    for (let read = 0; read < 5; read++) expect(priceOf(await shopperRead(web, id))).toBe(14);
    await pair.waitForReplay();
    expect(priceOf(await shopperRead(web, id))).toBe(14);
  });

  it('sends no write to the replica: every write above succeeded, and no process met a read-only transaction', () => {
    for (const child of processes) expect(child.err()).not.toMatch(/read-only transaction/);
  });

  it('keeps answering shoppers from the primary while the replica is down, and says so in /readyz and the log', async () => {
    await pair.setReplayDelay(0);
    const id = await createProduct(uncached, 'Outage mug', 9);
    expect(await (await fetch(`${uncached.url}/readyz`)).json()).toEqual({ status: 'ready', replica: 'ok' });
    await pair.stopReplica();
    const read = await shopperRead(uncached, id);
    expect(read.status).toBe(200);
    expect(priceOf(read)).toBe(9);
    expect((await shopperRead(uncached, id)).status).toBe(200);
    expect(await (await fetch(`${uncached.url}/readyz`)).json()).toEqual({
      status: 'ready',
      replica: 'unavailable: shopper reads on the primary',
    });
    expect(uncached.out() + uncached.err()).toContain('the read replica is unreachable');
  });
});
