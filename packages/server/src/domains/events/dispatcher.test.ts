import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer } from '../../../test/support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { transaction } from '../../platform/db/transaction.js';
import { type DispatcherOptions, WebhookDispatcher } from './dispatcher.js';
import { UNKNOWN_IDENTITY } from './event-identity.js';
import type { DomainEventType } from './event-types.js';
import { claimDueDeliveries } from './store.js';
import { WebhookAddressPolicy } from './webhook-addresses.js';

/** The test receivers listen on loopback. */
const LOOPBACK_ALLOWED = new WebhookAddressPolicy(true);

// The interval worker is off: each test runs its own dispatchers.
const server = testServerForFile({ WEBHOOK_INTERVAL_MS: '0' });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  receiver.respond(() => 200);
  receiver.received.length = 0;
  await server.database.db.deleteFrom('webhooks').execute();
  await server.database.db.deleteFrom('events').execute();
});
afterAll(async () => {
  await receiver?.close();
});

/** A clock tests move by hand; it starts a little ahead so deliveries made just now are due. */
function testClock() {
  let now = Date.now() + 1000;
  return {
    now: () => new Date(now),
    advance(milliseconds: number) {
      now += milliseconds;
    },
    /** `plusMs` from the clock's time now */
    at: (plusMs: number) => new Date(now + plusMs),
  };
}

function dispatcher(options: Partial<DispatcherOptions> = {}) {
  return new WebhookDispatcher({ db: server.database.db, addresses: LOOPBACK_ALLOWED, ...options });
}

function publish(type: DomainEventType, entityId: string) {
  return transaction(server.database.db, (trx) => server.services.events.publish(trx, { type, entityId, identity: UNKNOWN_IDENTITY }));
}

function deliveryOf(eventId: string) {
  return server.database.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
}

const addWebhook = (url = receiver.url) => server.services.webhooks.registry.add({ url });

describe('WebhookDispatcher', () => {
  it('retries a failed delivery after each backoff delay and records every attempt (500, 500, 200)', async () => {
    receiver.respond((_request, index) => (index < 2 ? 500 : 200));
    const clock = testClock();
    const webhookDispatcher = dispatcher({ clock: clock.now, retry: { delaysMs: [10_000, 30_000], maxAttempts: 10 } });
    await addWebhook();
    const event = await publish('product.changed', 'p1');

    expect(await webhookDispatcher.runOnce()).toMatchObject([
      { status: 'failed', statusCode: 500, attempts: 1, nextAttemptAt: clock.at(10_000) },
    ]);
    expect(await deliveryOf(event.id)).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    expect(await webhookDispatcher.runOnce()).toEqual([]);
    clock.advance(10_000);
    expect(await webhookDispatcher.runOnce()).toMatchObject([{ status: 'failed', attempts: 2, nextAttemptAt: clock.at(30_000) }]);
    expect((await deliveryOf(event.id)).next_attempt_at).toEqual(clock.at(30_000));
    clock.advance(30_000);
    expect(await webhookDispatcher.runOnce()).toMatchObject([{ status: 'delivered', statusCode: 200, attempts: 3 }]);

    expect(await deliveryOf(event.id)).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200, last_error: null });
    expect((await deliveryOf(event.id)).delivered_at).toEqual(clock.now());
    expect(receiver.received.map((delivery) => delivery.status)).toEqual([500, 500, 200]);
  });

  it('gives a delivery up (dead) after the last attempt the policy allows', async () => {
    receiver.respond(() => 503);
    const clock = testClock();
    const webhookDispatcher = dispatcher({ clock: clock.now, retry: { delaysMs: [1000], maxAttempts: 3 } });
    await addWebhook();
    const event = await publish('cart.created', 'c1');
    for (let i = 0; i < 3; i++) {
      await webhookDispatcher.runOnce();
      clock.advance(1000);
    }
    expect(await deliveryOf(event.id)).toMatchObject({ status: 'dead', attempts: 3, last_status_code: 503 });
    clock.advance(24 * 3_600_000);
    expect(await webhookDispatcher.runOnce()).toEqual([]);
    expect(receiver.received).toHaveLength(3);
  });

  it('holds a later event of an entity back until the earlier one is delivered', async () => {
    const clock = testClock();
    const webhookDispatcher = dispatcher({ clock: clock.now, retry: { delaysMs: [10_000], maxAttempts: 10 } });
    await addWebhook();
    const first = await publish('product.changed', 'p1');
    const second = await publish('product.variants_changed', 'p1');
    receiver.respond((request, index) => (request.envelope.id === first.id && index === 0 ? 500 : 200));

    expect(await webhookDispatcher.runOnce()).toMatchObject([{ eventId: first.id, status: 'failed' }]);
    expect(await deliveryOf(second.id)).toMatchObject({ status: 'pending', attempts: 0 });
    clock.advance(10_000);
    // The first is still open when this run claims: the second waits one more run.
    expect(await webhookDispatcher.runOnce()).toMatchObject([{ eventId: first.id, status: 'delivered' }]);
    expect(await webhookDispatcher.runOnce()).toMatchObject([{ eventId: second.id, status: 'delivered' }]);
    expect(receiver.deliveredEventIds()).toEqual([first.id, second.id]);
  });

  it('does not hold back the events of other entities while one entity fails', async () => {
    receiver.respond((request) => (request.envelope.entityId === 'p1' ? 500 : 200));
    const webhookDispatcher = dispatcher({ clock: testClock().now });
    await addWebhook();
    await publish('product.changed', 'p1');
    const other = await publish('product.changed', 'p2');
    const results = await webhookDispatcher.runOnce();
    expect(results.map((result) => [result.eventId === other.id ? 'p2' : 'p1', result.status]).sort()).toEqual([
      ['p1', 'failed'],
      ['p2', 'delivered'],
    ]);
  });

  it('orders per webhook: an endpoint that fails does not hold back another endpoint', async () => {
    const healthy = await startWebhookReceiver();
    try {
      receiver.respond(() => 500);
      const webhookDispatcher = dispatcher({ clock: testClock().now });
      await addWebhook();
      await addWebhook(healthy.url);
      const first = await publish('collection.created', 'col-1');
      const second = await publish('collection.changed', 'col-1');
      await webhookDispatcher.runOnce();
      await webhookDispatcher.runOnce();
      expect(healthy.deliveredEventIds()).toEqual([first.id, second.id]);
      expect(receiver.received.map((delivery) => delivery.envelope.id)).toEqual([first.id]);
    } finally {
      await healthy.close();
    }
  });

  it('never lets two dispatchers on one database deliver the same delivery twice', async () => {
    await addWebhook();
    const published: string[][] = [];
    for (let entity = 0; entity < 10; entity++) {
      const first = await publish('product.changed', `p${entity}`);
      const second = await publish('product.changed', `p${entity}`);
      published.push([first.id, second.id]);
    }
    const one = dispatcher({ batchSize: 3 });
    const two = dispatcher({ batchSize: 3 });
    for (let round = 0; round < 40 && receiver.received.length < 20; round++) await Promise.all([one.runOnce(), two.runOnce()]);

    const ids = receiver.deliveredEventIds();
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    for (const [earlier, later] of published) expect(ids.indexOf(earlier)).toBeLessThan(ids.indexOf(later));
    const attempts = await server.database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).distinct().execute();
    expect(attempts).toEqual([{ status: 'delivered', attempts: 1 }]);
  });

  it('attempts a delivery again once the lease of a worker that stopped mid-attempt runs out', async () => {
    const clock = testClock();
    await addWebhook();
    const event = await publish('product.created', 'p1');
    // A worker claims the delivery and never reports back (its process died).
    await claimDueDeliveries(server.database.db, clock.now(), clock.at(60_000), 10);
    const webhookDispatcher = dispatcher({ clock: clock.now, leaseMs: 60_000 });
    expect(await webhookDispatcher.runOnce()).toEqual([]);
    clock.advance(60_000);
    expect(await webhookDispatcher.runOnce()).toMatchObject([{ eventId: event.id, status: 'delivered', attempts: 2 }]);
  });

  it('finishes the delivery under way when stopped, instead of aborting it (#23)', async () => {
    let answer: (status: number) => void = () => {};
    let heard: () => void = () => {};
    const delivering = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const holding = createServer((_req, res) => {
      answer = (status) => res.writeHead(status).end();
      heard();
    });
    await new Promise<void>((resolve) => holding.listen(0, '127.0.0.1', resolve));
    try {
      await addWebhook(`http://127.0.0.1:${(holding.address() as AddressInfo).port}/`);
      const event = await publish('product.created', 'p1');
      const webhookDispatcher = dispatcher();
      webhookDispatcher.start({ intervalMs: 10 });
      await delivering;
      const stopped = webhookDispatcher.stop();
      answer(200);
      await stopped;
      expect(await deliveryOf(event.id)).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    } finally {
      await new Promise((resolve) => holding.close(resolve));
    }
  });

  it('records an endpoint that does not answer in time as a failed attempt', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
      await addWebhook(url);
      const event = await publish('product.created', 'p1');
      const [result] = await dispatcher({ clock: testClock().now, timeoutMs: 200 }).runOnce();
      expect(result).toMatchObject({ status: 'failed', statusCode: null, error: 'timed out' });
      expect(await deliveryOf(event.id)).toMatchObject({ status: 'failed', last_status_code: null, last_error: 'timed out' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('records an unreachable endpoint as a failed attempt with the network error', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    await addWebhook(closed.url);
    await publish('product.created', 'p1');
    const [result] = await dispatcher({ clock: testClock().now }).runOnce();
    expect(result).toMatchObject({ status: 'failed', statusCode: null });
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('does not follow redirects: only a 2xx answer of the registered URL counts', async () => {
    receiver.respond(() => 307);
    await addWebhook();
    await publish('product.created', 'p1');
    const [result] = await dispatcher({ clock: testClock().now }).runOnce();
    expect(result).toMatchObject({ status: 'failed', statusCode: 307, error: 'HTTP 307' });
  });
});

describe('the server process', () => {
  it('delivers on its own interval and stops the worker when it closes', async () => {
    const own = await startTestServer({ WEBHOOK_INTERVAL_MS: '50' });
    const hooks = await startWebhookReceiver();
    try {
      await own.services.webhooks.registry.add({ url: hooks.url });
      const event = await transaction(own.database.db, (trx) =>
        own.services.events.publish(trx, { type: 'product.created', entityId: 'p1', identity: UNKNOWN_IDENTITY }),
      );
      for (let i = 0; i < 100 && hooks.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hooks.deliveredEventIds()).toEqual([event.id]);
    } finally {
      await own.close();
      await hooks.close();
    }
  });
});
