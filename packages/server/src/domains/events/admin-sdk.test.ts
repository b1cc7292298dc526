/**
 * The merchant's webhook and API key administration over HTTP, driven through the SDK's
 * `@vitrine/sdk/admin` modules against the real server: what the console's pages call.
 */
import { createHmac } from 'node:crypto';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { apiKeys, webhooks } from '@vitrine/sdk/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';

const server = testServerForFile({ WEBHOOK_INTERVAL_MS: '0' });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const merchant = (apiKey = server.apiKey) =>
  createClient({ host: server.url, modules: { webhooks, apiKeys }, auth: ApiKeyStrategy({ apiKey }) });
const shopper = () => createClient({ host: server.url, modules: { webhooks, apiKeys }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

describe('webhooks through the SDK', () => {
  it('adds an endpoint (secret once), test-sends a signed event, logs it, and removes the endpoint', async () => {
    const { webhook, secret } = await merchant().webhooks.addWebhook({ url: receiver.url, eventTypes: ['order.created'] });
    expect(webhook).toMatchObject({ url: receiver.url, eventTypes: ['order.created'], active: true });
    expect(webhook?._createdDate).toBeInstanceOf(Date);
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await merchant().webhooks.listWebhooks())).not.toContain(secret as string);

    const delivery = await merchant().webhooks.sendTestEvent(webhook?._id as string);
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'delivered', statusCode: 200, attempts: 1, error: null });
    const got = receiver.received.at(-1);
    expect(got?.envelope).toMatchObject({ type: 'webhook.test', entityId: webhook?._id });
    // signed with the secret shown once: `t=<unix seconds>,v1=<hex HMAC of "t.body">`
    const header = String(got?.headers['vitrine-signature']);
    const timestamp = /t=(\d+)/.exec(header)?.[1];
    expect(header).toContain(
      `v1=${createHmac('sha256', secret as string)
        .update(`${timestamp}.${got?.body}`)
        .digest('hex')}`,
    );

    const log = await merchant().webhooks.listDeliveries(webhook?._id as string, { limit: 5 });
    expect(log[0]).toMatchObject({ _id: delivery._id, eventType: 'webhook.test', status: 'delivered', lastStatusCode: 200 });
    expect(log[0]?.deliveredDate).toBeInstanceOf(Date);

    await merchant().webhooks.removeWebhook(webhook?._id as string);
    expect((await merchant().webhooks.listWebhooks()).map((listed) => listed._id)).not.toContain(webhook?._id);
    expect(await thrown(merchant().webhooks.sendTestEvent(webhook?._id as string))).toMatchObject({ status: 404 });
  });

  it('reports a failing endpoint in the test delivery', async () => {
    receiver.respond(() => 503);
    try {
      const { webhook } = await merchant().webhooks.addWebhook({ url: receiver.url });
      const delivery = await merchant().webhooks.sendTestEvent(webhook?._id as string);
      // a test event is sent once, never retried
      expect(delivery).toMatchObject({ status: 'dead', statusCode: 503, attempts: 1 });
      await merchant().webhooks.removeWebhook(webhook?._id as string);
    } finally {
      receiver.respond(() => 200);
    }
  });

  it('lists the event types and refuses bad input, naming the field as the caller wrote it', async () => {
    expect(await merchant().webhooks.listEventTypes()).toEqual(expect.arrayContaining(['order.created', 'product.changed']));
    const bad = await thrown(merchant().webhooks.addWebhook({ url: 'ftp://nope', eventTypes: ['no.such'] }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('webhook.url');
    expect(bad.message).toContain('webhook.eventTypes[0]');
    expect(await thrown(merchant().webhooks.removeWebhook('not-a-uuid'))).toMatchObject({ status: 400 });
    expect((await thrown(shopper().webhooks.listWebhooks())).status).toBe(403);
  });
});

describe('API keys through the SDK', () => {
  it('makes a key that works at once (secret shown once), lists it, and revokes it', async () => {
    const { apiKey, key } = await merchant().apiKeys.createApiKey('  catalogue import ');
    expect(apiKey).toMatchObject({ name: 'catalogue import' });
    expect(apiKey?.revokedDate ?? null).toBeNull();
    expect(apiKey?._createdDate).toBeInstanceOf(Date);
    expect(key).toMatch(/^vmk_/);
    expect(JSON.stringify(await merchant().apiKeys.listApiKeys())).not.toContain(key as string);

    // the new key is a merchant's
    expect(await merchant(key).webhooks.listWebhooks()).toBeInstanceOf(Array);
    await merchant().apiKeys.revokeApiKey(apiKey?._id as string);
    const listed = (await merchant().apiKeys.listApiKeys()).find((listedKey) => listedKey._id === apiKey?._id);
    expect(listed?.revokedDate).toBeInstanceOf(Date);
    const refused = await send(`${server.url}/_api/vitrine/v1/webhooks`, { headers: { authorization: key as string } });
    expect(refused.status).toBe(401);
    expect(await thrown(merchant().apiKeys.revokeApiKey(apiKey?._id as string))).toMatchObject({ status: 404 });
  });

  it('refuses an empty name and a shopper', async () => {
    expect(await thrown(merchant().apiKeys.createApiKey('   '))).toMatchObject({ status: 400 });
    expect((await thrown(shopper().apiKeys.createApiKey('mine'))).status).toBe(403);
  });
});
