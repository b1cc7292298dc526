import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { transaction } from '../../platform/db/transaction.js';
import { UNKNOWN_IDENTITY } from './event-identity.js';
import { WebhookAddressPolicy } from './webhook-addresses.js';

const BASE = '/_api/vitrine/v1/webhooks';

/** Servers of both settings, and a real receiver on loopback that no refused delivery may reach. */
let production: TestServer;
let development: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  production = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
  development = await startTestServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await production?.close();
  await development?.close();
});

const addWebhook = (server: TestServer, url: string) => postJson(server.url, BASE, { url }, { authorization: server.apiKey });

describe('webhook URLs that reach the server’s own network (#18)', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 (loopback)'],
    ['http://[::1]/hook', '::1 (loopback)'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 (linkLocal)'],
    ['http://10.1.2.3/hook', '10.1.2.3 (private)'],
    ['http://172.16.0.1/hook', '172.16.0.1 (private)'],
    ['http://192.168.1.1/hook', '192.168.1.1 (private)'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 (loopback)'],
    ['http://[fd00::1]/hook', 'fd00::1 (uniqueLocal)'],
    ['http://[fe80::1]/hook', 'fe80::1 (linkLocal)'],
    ['http://0.0.0.0/hook', '0.0.0.0 (unspecified)'],
    ['http://224.0.0.1/hook', '224.0.0.1 (multicast)'],
    ['http://2130706433/hook', '127.0.0.1 (loopback)'],
    ['http://localhost:8080/hook', 'localhost resolves to '],
  ])('refuses %s when adding it, with a field violation', async (url, refusal) => {
    const webhook = await addWebhook(production, url);
    expect(webhook.status).toBe(400);
    const [violation] = webhook.body.details.validationError.fieldViolations;
    expect(violation).toMatchObject({ field: 'url', violatedRule: 'VALIDATION', data: { url } });
    expect(violation.description).toContain(`must reach a public address: ${refusal}`);
    expect(await production.services.webhooks.registry.list()).toEqual([]);
  });

  it('allows them with WEBHOOK_ALLOW_PRIVATE_ADDRESSES, which is the default outside production', async () => {
    expect((await addWebhook(development, receiver.url)).status).toBe(200);
    expect((await addWebhook(development, 'http://localhost:8080/hook')).status).toBe(200);
  });

  it.each([
    ['by name', (port: string) => `http://localhost:${port}/hook`, /^refused: localhost resolves to (127\.0\.0\.1|::1) \(loopback\)/],
    ['by address', (port: string) => `http://127.0.0.1:${port}/hook`, /^refused: 127\.0\.0\.1 \(loopback\)/],
  ])('gives up a delivery to one stored before (%s) at once, after resolution, with the reason', async (_kind, urlAt, reason) => {
    const port = new URL(receiver.url).port;
    await production.database.db.deleteFrom('webhooks').execute();
    const [webhook] = await production.database.db
      .insertInto('webhooks')
      .values({ url: urlAt(port), secret: 'whsec_stored_while_allowed', event_types: [] })
      .returning('id')
      .execute();
    await transaction(production.database.db, (trx) =>
      production.services.events.publish(trx, { type: 'product.changed', entityId: crypto.randomUUID(), identity: UNKNOWN_IDENTITY }),
    );

    const [result] = await production.services.webhooks.dispatcher.runOnce();

    expect(result).toMatchObject({ webhookId: webhook?.id, status: 'dead', statusCode: null, attempts: 1 });
    expect(result?.error).toMatch(reason);
    expect(result?.error).toContain('which webhooks may not reach (WEBHOOK_ALLOW_PRIVATE_ADDRESSES)');
    expect(receiver.received).toEqual([]);
  });
});

describe('a delivery by name where private addresses are allowed', () => {
  it('connects to the address its one lookup answered', async () => {
    await development.database.db.deleteFrom('webhooks').execute();
    const url = `http://localhost:${new URL(receiver.url).port}/hook`;
    expect((await addWebhook(development, url)).status).toBe(200);
    const entityId = crypto.randomUUID();
    await transaction(development.database.db, (trx) =>
      development.services.events.publish(trx, { type: 'product.changed', entityId, identity: UNKNOWN_IDENTITY }),
    );

    const [result] = await development.services.webhooks.dispatcher.runOnce();

    expect(result).toMatchObject({ status: 'delivered', statusCode: 200 });
    expect(receiver.received.map((delivery) => delivery.envelope.entityId)).toEqual([entityId]);
  });
});

describe('WebhookAddressPolicy', () => {
  const policy = new WebhookAddressPolicy(false);

  it.each([
    ['93.184.216.34', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:93.184.216.34', null],
    ['127.0.0.2', 'loopback'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
  ])('judges %s as %s', (address, refusal) => {
    expect(policy.refusalOf(address)).toBe(refusal);
  });

  it('hands the connection only the answers it checked, and refuses a name with any refused answer', async () => {
    const lookup = (host: string) =>
      new Promise<{ error: Error | null; addresses: unknown }>((resolve) => {
        policy.lookup(host, { all: true }, (error, addresses) => resolve({ error, addresses }));
      });
    const { error } = await lookup('localhost');
    expect(error?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1) \(loopback\)/);
    const allowing = new WebhookAddressPolicy(true);
    const allowed = await new Promise<unknown>((resolve) => {
      allowing.lookup('localhost', { all: true }, (_error, addresses) => resolve(addresses));
    });
    expect(allowed).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]));
  });
});
