import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/support/cli.js';
import { type ServeProcess, startServe } from '../../test/support/serve-process.js';
import { openDatabase } from '../platform/db/database.js';
import { DEMO_CLIENT_ID } from './demo-client.js';

const API_KEY = `vmk_test_${'a'.repeat(32)}`;

/** Resolves once the child's stderr contains `text`. */
function stderrShows(served: ServeProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!served.err().includes(text)) return false;
      served.child.stderr?.off('data', check);
      resolve();
      return true;
    };
    if (!check()) served.child.stderr?.on('data', check);
  });
}

/** Reads a response's whole body. */
async function bodyOf(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}

/** A webhook endpoint that holds the first delivery's answer until `answer`. */
async function holdingEndpoint() {
  let held: ServerResponse | undefined;
  let heard: () => void = () => {};
  const heardPromise = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const server = createServer((_req, res) => {
    held = res;
    heard();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    heard: heardPromise,
    answer: (status: number) => held?.writeHead(status).end(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An anonymous-grant token request whose body waits for `finish`; `held` once the server took its headers. */
function slowTokenRequest(base: string) {
  const body = JSON.stringify({ grantType: 'anonymous', clientId: DEMO_CLIENT_ID });
  const req = httpRequest(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  return {
    held: new Promise<void>((resolve) => req.on('continue', resolve)),
    async finish(): Promise<{ status: number | undefined; body: string }> {
      req.end(body);
      const res = await answered;
      return { status: res.statusCode, body: await bodyOf(res) };
    },
  };
}

describe('vitrine serve stops gracefully (#23)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('finishes the request and the webhook delivery under way at SIGTERM, then exits 0', async () => {
    const data = await tempDataDir();
    cleanups.push(() => data.remove());
    const endpoint = await holdingEndpoint();
    cleanups.push(() => endpoint.close());
    const served = await startServe(data.dir, ['--no-demo', '--no-storefront'], { VITRINE_API_KEYS: API_KEY, WEBHOOK_INTERVAL_MS: '100' });
    cleanups.push(async () => served.child.kill('SIGKILL'));

    // A delivery under way: the endpoint holds its answer.
    const merchant = { authorization: API_KEY, 'content-type': 'application/json' };
    const added = await fetch(`${served.url}/_api/vitrine/v1/webhooks`, {
      method: 'POST',
      headers: merchant,
      body: JSON.stringify({ url: endpoint.url }),
    });
    expect(added.status).toBe(200);
    const product = JSON.stringify({ product: { name: 'Delivered on the way out' } });
    expect((await fetch(`${served.url}/stores/v1/products`, { method: 'POST', headers: merchant, body: product })).status).toBe(200);
    await endpoint.heard;
    // A request under way: the headers went first and the server said "continue"; the body is not sent yet.
    const request = slowTokenRequest(served.url);
    await request.held;

    served.child.kill('SIGTERM');
    await stderrShows(served, 'SIGTERM: stopping');
    const res = await request.finish();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('access_token');
    endpoint.answer(200);
    expect(await served.exited).toBe(0);
    expect(served.err()).not.toContain('exiting without waiting');

    const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      const deliveries = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts', 'last_error']).execute();
      expect(deliveries).toEqual([{ status: 'delivered', attempts: 1, last_error: null }]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
