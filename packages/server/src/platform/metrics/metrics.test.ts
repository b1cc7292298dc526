import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/support/catalog-fixtures.js';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { UNKNOWN_IDENTITY } from '../../domains/events/event-identity.js';
import { transaction } from '../db/transaction.js';

const TOKEN = 'metrics-reader-token-0123456789';

const server = testServerForFile();

/** The value of one sample of the scrape, by its name and labels as printed (`name{a="b"}`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(url = server.url, init: RequestInit = {}): Promise<string> {
  const response = await send(`${url}/metrics`, init);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text;
}

describe('/metrics', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const id = crypto.randomUUID();
    expect((await send(`${server.url}/stores-reader/v1/products/${id}`)).status).toBe(404);
    await send(`${server.url}/no-such-page-${id}`);
    const text = await scrape();
    const series = 'vitrine_http_request_duration_seconds_count{method="GET",route="/stores-reader/v1/products/:id",status_code="404"}';
    expect(sample(text, series)).toBe(1);
    expect(
      sample(
        text,
        'vitrine_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/stores-reader/v1/products/:id",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it('counts hits and misses of the catalogue cache', async () => {
    const { id } = await insertProduct(server.database.db, { name: 'Counted mug' });
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await send(`${server.url}/stores-reader/v1/products/${id}`)).status).toBe(200);
    const after = await scrape();
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('vitrine_cache_misses_total{cache="products"}')).toBe(1);
    expect(delta('vitrine_cache_hits_total{cache="products"}')).toBe(2);
    expect(sample(after, 'vitrine_cache_hits_total{cache="pricing_tax"}')).toBeGreaterThanOrEqual(0);
  });

  it('reports the database pool and its waits', async () => {
    const text = await scrape();
    // The embedded database has one connection; a PostgreSQL pool several (the tests' pools are smaller than the server's 10).
    const max = sample(text, 'vitrine_db_pool_max_connections{pool="primary"}');
    if (server.database.kind === 'pglite') expect(max).toBe(1);
    else expect(max).toBeGreaterThan(1);
    expect(sample(text, 'vitrine_db_pool_acquired_total{pool="primary"}')).toBeGreaterThan(0);
    expect(sample(text, 'vitrine_db_pool_wait_seconds_total{pool="primary"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'vitrine_db_pool_waiting_queries{pool="primary"}')).toBe(0);
  });

  it('reports the webhook backlog and the age of its oldest delivery', async () => {
    const own = await startTestServer();
    try {
      // An endpoint nobody listens on: the delivery waits, as no worker runs in tests.
      await own.services.webhooks.registry.add({ url: 'http://127.0.0.1:9/hook' });
      await transaction(own.database.db, (trx) =>
        own.services.events.publish(trx, { type: 'product.created', entityId: 'p1', identity: UNKNOWN_IDENTITY }),
      );
      const text = await scrape(own.url);
      expect(sample(text, 'vitrine_queue_waiting{queue="webhook"}')).toBe(1);
      expect(sample(text, 'vitrine_queue_retrying{queue="webhook"}')).toBe(0);
      expect(sample(text, 'vitrine_queue_given_up{queue="webhook"}')).toBe(0);
      expect(sample(text, 'vitrine_queue_oldest_age_seconds{queue="webhook"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'vitrine_queue_waiting{queue="mail"}')).toBe(0);
    } finally {
      await own.close();
    }
  });

  it("reports prom-client's process metrics: memory and event-loop delay", async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('refuses a call that came through a proxy when no token is set (403)', async () => {
    const response = await send(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ message: 'Permission denied', details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => guarded?.close());

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: `Bearer ${TOKEN}x` }],
  ])('answers 401 to %s', async (_case, headers: Record<string, string>) => {
    const response = await send(`${guarded.url}/metrics`, { headers });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: 'Unauthenticated', details: { applicationError: { code: 'UNAUTHENTICATED' } } });
  });

  it('answers the bearer of the token, through a proxy too', async () => {
    const text = await scrape(guarded.url, { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' } });
    expect(text).toContain('vitrine_http_request_duration_seconds');
  });
});
