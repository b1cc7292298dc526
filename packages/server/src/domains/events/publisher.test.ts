import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { signatureMatches, startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { transaction } from '../../platform/db/transaction.js';
import { identityOf, UNKNOWN_IDENTITY } from './event-identity.js';
import type { NewEvent } from './publisher.js';

// The interval worker is off: each test runs the dispatcher itself.
const server = testServerForFile({ WEBHOOK_INTERVAL_MS: '0' });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  receiver.received.length = 0;
  await server.database.db.deleteFrom('webhooks').execute();
  await server.database.db.deleteFrom('events').execute();
});
afterAll(async () => {
  await receiver?.close();
});

/** Publishes one event in its own committed transaction. */
function publish(event: Omit<NewEvent, 'identity'> & { identity?: NewEvent['identity'] }) {
  return transaction(server.database.db, (trx) => server.services.events.publish(trx, { identity: UNKNOWN_IDENTITY, ...event }));
}

async function counts() {
  const db = server.database.db;
  const events = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { events: Number(events.n), deliveries: Number(deliveries.n) };
}

describe('EventPublisher (transactional outbox)', () => {
  it('leaves no event and no delivery when the publishing transaction rolls back', async () => {
    await server.services.webhooks.registry.add({ url: receiver.url });
    const write = transaction(server.database.db, async (trx) => {
      await server.services.events.publish(trx, { type: 'product.created', entityId: 'p1', identity: UNKNOWN_IDENTITY });
      throw new Error('the write failed after publishing');
    });
    await expect(write).rejects.toThrow('the write failed');
    expect(await counts()).toEqual({ events: 0, deliveries: 0 });
    expect(await server.services.webhooks.dispatcher.runOnce()).toEqual([]);
  });

  it('delivers a committed event as a signed envelope', async () => {
    const { secret } = await server.services.webhooks.registry.add({ url: receiver.url });
    const entity = { id: 'p1', name: 'Blue mug', price: { price: '12.50', currency: 'USD' } };
    const envelope = await publish({ type: 'product.created', entityId: 'p1', entity });
    const [result] = await server.services.webhooks.dispatcher.runOnce();
    expect(result).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 1 });
    const [got] = receiver.received;
    expect(got.envelope).toEqual({
      id: envelope.id,
      type: 'product.created',
      entityId: 'p1',
      time: envelope.time,
      entity,
      identity: UNKNOWN_IDENTITY,
    });
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['vitrine-event-id']).toBe(envelope.id);
    expect(got.headers['vitrine-event-type']).toBe('product.created');
    expect(signatureMatches(got.headers['vitrine-signature'], got.body, secret)).toBe(true);
    // the outbox keeps the JSON text as written (json, not jsonb, which would reorder the keys)
    expect(got.body).toBe(JSON.stringify(envelope));
  });

  it('signs with the timestamp of the attempt (a receiver can refuse old replays)', async () => {
    const { secret } = await server.services.webhooks.registry.add({ url: receiver.url });
    await publish({ type: 'product.changed', entityId: 'p1' });
    const before = Math.floor(Date.now() / 1000);
    await server.services.webhooks.dispatcher.runOnce();
    const header = String(receiver.received[0].headers['vitrine-signature']);
    const timestamp = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(signatureMatches(header, receiver.received[0].body, `${secret}x`)).toBe(false);
  });

  it('carries the identity of the caller that caused the event', async () => {
    await server.services.webhooks.registry.add({ url: receiver.url });
    const identity = identityOf({ kind: 'member', memberId: 'm-1', clientId: 'test-client' });
    await publish({ type: 'cart.updated', entityId: 'c1', entity: { id: 'c1' }, identity });
    await server.services.webhooks.dispatcher.runOnce();
    expect(receiver.received[0].envelope.identity).toEqual({ identityType: 'MEMBER', memberId: 'm-1' });
  });

  it('sends only the entity id for a deletion', async () => {
    await server.services.webhooks.registry.add({ url: receiver.url });
    await publish({ type: 'collection.deleted', entityId: 'col-1' });
    await server.services.webhooks.dispatcher.runOnce();
    expect(receiver.received[0].envelope).toMatchObject({ type: 'collection.deleted', entityId: 'col-1', entity: { id: 'col-1' } });
  });

  it('creates deliveries only for webhooks whose filter names the event type (empty filter: all)', async () => {
    const registry = server.services.webhooks.registry;
    const created = await registry.add({ url: receiver.url, eventTypes: ['product.created'] });
    const all = await registry.add({ url: receiver.url });
    await publish({ type: 'product.created', entityId: 'p1' });
    await publish({ type: 'product.deleted', entityId: 'p1' });
    const deliveries = await server.database.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .select(['d.webhook_id', 'e.type'])
      .execute();
    expect(deliveries).toHaveLength(3);
    expect(deliveries).toEqual(
      expect.arrayContaining([
        { webhook_id: created.id, type: 'product.created' },
        { webhook_id: all.id, type: 'product.created' },
        { webhook_id: all.id, type: 'product.deleted' },
      ]),
    );
  });

  it('does not send an event to a webhook registered after it was published', async () => {
    await publish({ type: 'product.created', entityId: 'p1' });
    await server.services.webhooks.registry.add({ url: receiver.url });
    expect(await server.services.webhooks.dispatcher.runOnce()).toEqual([]);
    expect(await counts()).toEqual({ events: 1, deliveries: 0 });
  });
});
