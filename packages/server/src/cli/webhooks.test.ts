import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { signatureMatches, startWebhookReceiver, type WebhookReceiver } from '../../test/support/webhook-receiver.js';

describe('vitrine webhooks', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
    receiver = await startWebhookReceiver();
  });
  afterEach(() => {
    receiver.respond(() => 200);
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver?.close();
    await data?.remove();
  });

  async function add(...args: string[]): Promise<{ id: string; secret: string; head: string; err: string }> {
    const result = await vitrine(['webhooks', 'add', '--url', receiver.url, ...args], data.env);
    expect(result.code).toBe(0);
    const [head, secretLine] = result.out.split('\n');
    return { id: head.split(' ')[1], secret: secretLine.trim(), head, err: result.err };
  }

  it('webhooks add prints the id and the signing secret, and warns it is not shown again', async () => {
    const { id, secret, head, err } = await add();
    expect(head).toBe(`webhook ${id} (${receiver.url}, events: all):`);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(err).toContain('not shown again');
  });

  it('webhooks add keeps the event types of --events (comma-separated or repeated)', async () => {
    const { head } = await add('--events', 'product.created,product.changed', '--events', 'cart.deleted');
    expect(head).toContain('events: product.created,product.changed,cart.deleted');
  });

  it.each([
    [
      ['--url', 'ftp://example.com/hooks'],
      "vitrine webhooks add: --url 'ftp://example.com/hooks' must be an absolute http:// or https:// URL",
    ],
    [['--url', 'http://example.com/', '--events', 'product.sold'], "vitrine webhooks add: --events 'product.sold' must be one of"],
  ])('webhooks add refuses %j with exit 2', async (args, message) => {
    const result = await vitrine(['webhooks', 'add', ...args], data.env);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it('webhooks list shows ids, URLs and filters but never a secret', async () => {
    const { id, secret } = await add('--events', 'collection.created');
    const result = await vitrine(['webhooks', 'list'], data.env);
    expect(result.out).toMatch(new RegExp(`^${id}  ${receiver.url}  events: collection.created  created \\S+  active$`, 'm'));
    expect(result.out).not.toContain(secret);
  });

  it('webhooks test sends a webhook.test event signed with the secret add printed, and prints the outcome', async () => {
    const { id, secret } = await add('--events', 'product.created');
    const result = await vitrine(['webhooks', 'test', id], data.env);
    expect(result.code).toBe(0);
    const [got] = receiver.received;
    expect(got.envelope).toMatchObject({ type: 'webhook.test', entityId: id, entity: { id }, identity: { identityType: 'UNKNOWN' } });
    expect(signatureMatches(got.headers['vitrine-signature'], got.body, secret)).toBe(true);
    expect(result.out).toBe(`webhook.test ${got.envelope.id} to ${receiver.url}: delivered (HTTP 200)`);
  });

  it('webhooks test of a failing endpoint prints the failure and exits 1', async () => {
    receiver.respond(() => 500);
    const { id } = await add();
    const result = await vitrine(['webhooks', 'test', id], data.env);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/: failed \(HTTP 500\)$/);
  });

  it('webhooks deliveries shows the log, newest first', async () => {
    const { id } = await add();
    receiver.respond(() => 500);
    await vitrine(['webhooks', 'test', id], data.env);
    receiver.respond(() => 200);
    await vitrine(['webhooks', 'test', id], data.env);
    const result = await vitrine(['webhooks', 'deliveries', id], data.env);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\S+Z {2}webhook\.test {2}\S+ {2}delivered {2}attempts 1 {2}HTTP 200$/);
    expect(lines[1]).toMatch(/^\S+Z {2}webhook\.test {2}\S+ {2}dead {2}attempts 1 {2}HTTP 500$/);
  });

  it('webhooks remove deletes the webhook', async () => {
    const { id } = await add();
    const result = await vitrine(['webhooks', 'remove', id], data.env);
    expect(result).toMatchObject({ code: 0, out: `webhook ${id} removed` });
    expect((await vitrine(['webhooks', 'list'], data.env)).out).not.toContain(id);
  });

  it.each([['remove'], ['test'], ['deliveries']])('webhooks %s of an unknown id fails with exit 1', async (command) => {
    const result = await vitrine(['webhooks', command, '3f1c9a52-0000-4000-8000-000000000000'], data.env);
    expect(result).toMatchObject({ code: 1, err: "vitrine: no webhook '3f1c9a52-0000-4000-8000-000000000000'" });
  });
});
