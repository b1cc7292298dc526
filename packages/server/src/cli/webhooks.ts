import { EventErrors } from '../domains/events/errors.js';
import { DOMAIN_EVENT_TYPES } from '../domains/events/event-types.js';
import type { DeliveryView, WebhookRegistry } from '../domains/events/registry.js';
import { DomainError, ValidationFailure } from '../platform/errors.js';
import { type CliCommand, CliFailure, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

const ID = [{ name: 'id', description: "The webhook's id, as 'vitrine webhooks list' shows it" }];

/** `vitrine webhooks add`: registers an endpoint; its signing secret is printed once. */
export const webhooksAdd: CliCommand = {
  name: 'webhooks add',
  summary: 'Register a webhook endpoint (its signing secret is printed once)',
  flags: {
    url: { type: 'string', value: '<url>', required: true, description: 'Where events are POSTed: an absolute http(s) URL' },
    events: {
      type: 'string',
      value: '<types>',
      multiple: true,
      description: 'Event types to deliver, comma-separated (default: all)',
    },
    ...databaseFlags,
  },
  notes: [
    `Event types: ${DOMAIN_EVENT_TYPES.join(', ')}.`,
    'Each delivery carries Vitrine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>.',
    'Example: vitrine webhooks add --url https://example.com/hooks --events product.created,product.changed',
  ],
  async run(invocation) {
    const url = invocation.string('url') ?? '';
    const eventTypes = invocation
      .strings('events')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
    const webhook = await withRegistry(invocation, (registry) => registry.add({ url, eventTypes }).catch(asUsageError));
    invocation.io.out(`webhook ${webhook.id} (${webhook.url}, events: ${eventsText(webhook.eventTypes)}):`);
    invocation.io.out(`  ${webhook.secret}`);
    invocation.io.err('Store the signing secret now: it is not shown again.');
    return 0;
  },
};

/** `vitrine webhooks list`. */
export const webhooksList: CliCommand = {
  name: 'webhooks list',
  summary: 'List the webhook endpoints (secrets are not shown)',
  flags: { ...databaseFlags },
  async run(invocation) {
    const webhooks = await withRegistry(invocation, (registry) => registry.list());
    if (webhooks.length === 0) invocation.io.out("no webhooks ('vitrine webhooks add --url U' makes one)");
    for (const webhook of webhooks) {
      const state = webhook.active ? 'active' : 'inactive';
      invocation.io.out(
        `${webhook.id}  ${webhook.url}  events: ${eventsText(webhook.eventTypes)}  created ${webhook.createdDate.toISOString()}  ${state}`,
      );
    }
    return 0;
  },
};

/** `vitrine webhooks remove <id>`. */
export const webhooksRemove: CliCommand = {
  name: 'webhooks remove',
  summary: 'Remove a webhook endpoint and its delivery log',
  positionals: ID,
  flags: { ...databaseFlags },
  async run(invocation) {
    const id = invocation.positionals[0];
    if (!(await withRegistry(invocation, (registry) => registry.remove(id)))) throw new CliFailure(`no webhook '${id}'`);
    invocation.io.out(`webhook ${id} removed`);
    return 0;
  },
};

/** `vitrine webhooks test <id>`: a `webhook.test` event, sent now; exit 1 when it was not delivered. */
export const webhooksTest: CliCommand = {
  name: 'webhooks test',
  summary: 'Send a webhook.test event to an endpoint now and print the outcome',
  positionals: ID,
  flags: { ...databaseFlags },
  notes: ['The test event is sent once, whatever the endpoint’s event filter; a failure is not retried.'],
  async run(invocation) {
    const id = invocation.positionals[0];
    const result = await withRegistry(invocation, (reg) => reg.sendTest(id).catch(notFound(id)));
    const answer = result.statusCode === null ? result.error : `HTTP ${result.statusCode}`;
    invocation.io.out(
      `webhook.test ${result.eventId} to ${result.url}: ${result.status === 'delivered' ? 'delivered' : 'failed'} (${answer})`,
    );
    return result.status === 'delivered' ? 0 : 1;
  },
};

/** `vitrine webhooks deliveries <id>`: the delivery log, newest first. */
export const webhooksDeliveries: CliCommand = {
  name: 'webhooks deliveries',
  summary: "Show a webhook's delivery log, newest first",
  positionals: ID,
  flags: {
    limit: { type: 'string', value: '<n>', description: 'How many deliveries to show, 1 to 200 (default 50)' },
    ...databaseFlags,
  },
  async run(invocation) {
    const id = invocation.positionals[0];
    const limitText = invocation.string('limit') ?? '50';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 200) throw new UsageError(`--limit '${limitText}' must be a number from 1 to 200`);
    const deliveries = await withRegistry(invocation, (registry) => registry.deliveries(id, limit).catch(notFound(id)));
    if (deliveries.length === 0) invocation.io.out('no deliveries yet');
    for (const delivery of deliveries) invocation.io.out(deliveryLine(delivery));
    return 0;
  },
};

/** `<created>  <type>  <entity>  <status>  attempts N  [HTTP code]  [error]  [next <due>]` */
function deliveryLine(delivery: DeliveryView): string {
  const parts = [
    delivery.createdDate.toISOString(),
    delivery.eventType,
    delivery.entityId,
    delivery.status,
    `attempts ${delivery.attempts}`,
  ];
  if (delivery.lastStatusCode !== null) parts.push(`HTTP ${delivery.lastStatusCode}`);
  if (delivery.lastError && delivery.lastStatusCode === null) parts.push(delivery.lastError);
  if (delivery.nextAttemptDate) parts.push(`next ${delivery.nextAttemptDate.toISOString()}`);
  return parts.join('  ');
}

function eventsText(types: string[]): string {
  return types.length ? types.join(',') : 'all';
}

/** Runs work with a registry over the configured database (its dispatcher sends test events from this process). */
function withRegistry<T>(invocation: Invocation, work: (registry: WebhookRegistry) => Promise<T>): Promise<T> {
  return usingServices(invocation, (services) => work(services.webhooks.registry));
}

/** Invalid input, said with the flag names. */
function asUsageError(error: unknown): never {
  if (!(error instanceof ValidationFailure)) throw error;
  const violation = error.violations[0];
  const flag = violation.field === 'url' ? '--url' : '--events';
  const value = violation.field === 'url' ? violation.data?.url : violation.data?.value;
  throw new UsageError(`${flag} '${String(value)}' ${violation.description}`);
}

function notFound(id: string) {
  return (error: unknown): never => {
    if (error instanceof DomainError && error.code === EventErrors.WEBHOOK_NOT_FOUND) throw new CliFailure(`no webhook '${id}'`);
    throw error;
  };
}
