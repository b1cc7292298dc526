import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { send, visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { transaction } from '../../platform/db/transaction.js';
import { UNKNOWN_IDENTITY } from './event-identity.js';

const BASE = '/_api/vitrine/v1/webhooks';

const server = testServerForFile({ WEBHOOK_INTERVAL_MS: '0' });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await server.database.db.deleteFrom('webhooks').execute();
  await server.database.db.deleteFrom('events').execute();
});
afterAll(async () => {
  await receiver?.close();
});

const asMerchant = (path: string) => send(`${server.url}${path}`, { headers: { authorization: server.apiKey } });

function publish(entityId: string) {
  return transaction(server.database.db, (trx) =>
    server.services.events.publish(trx, { type: 'product.changed', entityId, identity: UNKNOWN_IDENTITY }),
  );
}

describe('GET /_api/vitrine/v1/webhooks', () => {
  it('lists the webhooks for the merchant API key, without their secrets', async () => {
    const added = await server.services.webhooks.registry.add({ url: receiver.url, eventTypes: ['product.created'] });
    const answer = await asMerchant(BASE);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      webhooks: [
        { id: added.id, url: receiver.url, eventTypes: ['product.created'], active: true, createdDate: added.createdDate.toISOString() },
      ],
    });
    expect(answer.text).not.toContain(added.secret);
  });

  it('refuses a visitor (403)', async () => {
    const { access_token } = await visitorTokens(server.url);
    const response = await send(`${server.url}${BASE}`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(response.status).toBe(403);
    expect(response.body.details.applicationError.code).toBe('PERMISSION_DENIED');
  });

  it('refuses a call without credentials (401)', async () => {
    const response = await send(`${server.url}${BASE}`);
    expect(response.status).toBe(401);
  });
});

describe('GET /_api/vitrine/v1/webhooks/{id}/deliveries', () => {
  it("lists the webhook's deliveries, newest first, with their outcome", async () => {
    const { id } = await server.services.webhooks.registry.add({ url: receiver.url });
    const first = await publish('p1');
    const second = await publish('p2');
    await server.services.webhooks.dispatcher.runOnce();
    const answer = await asMerchant(`${BASE}/${id}/deliveries`);
    expect(answer.status).toBe(200);
    expect(answer.body.deliveries.map((delivery: { eventId: string }) => delivery.eventId)).toEqual([second.id, first.id]);
    expect(answer.body.deliveries[0]).toEqual({
      id: expect.any(String),
      eventId: second.id,
      eventType: 'product.changed',
      entityId: 'p2',
      status: 'delivered',
      attempts: 1,
      nextAttemptDate: null,
      lastStatusCode: 200,
      lastError: null,
      deliveredDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers at most `limit` deliveries', async () => {
    const { id } = await server.services.webhooks.registry.add({ url: receiver.url });
    await publish('p1');
    const latest = await publish('p2');
    const answer = await asMerchant(`${BASE}/${id}/deliveries?limit=1`);
    expect(answer.body.deliveries).toHaveLength(1);
    expect(answer.body.deliveries[0]).toMatchObject({ eventId: latest.id, status: 'pending', attempts: 0 });
  });

  it('refuses a visitor (403)', async () => {
    const { id } = await server.services.webhooks.registry.add({ url: receiver.url });
    const { access_token } = await visitorTokens(server.url);
    const response = await send(`${server.url}${BASE}/${id}/deliveries`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(response.status).toBe(403);
  });

  it('answers 404 WEBHOOK_NOT_FOUND for an unknown webhook', async () => {
    const answer = await asMerchant(`${BASE}/${crypto.randomUUID()}/deliveries`);
    expect(answer.status).toBe(404);
    expect(answer.body.details.applicationError.code).toBe('WEBHOOK_NOT_FOUND');
  });

  it.each([
    ['an id that is not a UUID', `${BASE}/nope/deliveries`, 'id'],
    ['a limit above 200', `${BASE}/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/deliveries?limit=500`, 'limit'],
  ])('answers a field violation for %s', async (_name, path, field) => {
    const answer = await asMerchant(path);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toContainEqual(expect.objectContaining({ field }));
  });
});
