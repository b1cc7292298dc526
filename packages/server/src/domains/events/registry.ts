import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import { randomToken } from '../../platform/secrets.js';
import { type DeliveryResult, WebhookDispatcher } from './dispatcher.js';
import { EventErrors } from './errors.js';
import { UNKNOWN_IDENTITY } from './event-identity.js';
import { DOMAIN_EVENT_TYPES, isDomainEventType, WEBHOOK_TEST_EVENT } from './event-types.js';
import { envelopeOf, recordEvent } from './publisher.js';
import { deleteWebhook, findWebhook, insertLeasedDelivery, insertWebhook, listDeliveries, listWebhooks } from './store.js';
import { WebhookAddressPolicy } from './webhook-addresses.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_URL_LENGTH = 2048;
/** A test delivery is held this long by the process sending it (longer than the delivery time-out). */
const TEST_LEASE_MS = 60_000;

/** A webhook as shown to the merchant: never its secret. */
export interface WebhookView {
  id: string;
  url: string;
  /** empty: every event type */
  eventTypes: string[];
  active: boolean;
  createdDate: Date;
}

/** One line of a webhook's delivery log. */
export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  entityId: string;
  status: 'pending' | 'delivered' | 'failed' | 'dead';
  attempts: number;
  /** open deliveries: when the next attempt is due */
  nextAttemptDate: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredDate: Date | null;
  createdDate: Date;
}

/** The registry and the dispatcher of one process, both held to the same addresses (`WEBHOOK_ALLOW_PRIVATE_ADDRESSES`). */
export function createWebhooks(db: Kysely<Database>, allowPrivateAddresses: boolean) {
  const addresses = new WebhookAddressPolicy(allowPrivateAddresses);
  const dispatcher = new WebhookDispatcher({ db, addresses });
  return { registry: new WebhookRegistry({ db, dispatcher, addresses }), dispatcher };
}

/** Webhook endpoints: registration (secret shown once), listing, removal, delivery log and test sends. */
export class WebhookRegistry {
  constructor(private readonly deps: { db: Kysely<Database>; dispatcher: WebhookDispatcher; addresses: WebhookAddressPolicy }) {}

  /**
   * Registers an endpoint for the given event types (none: all). The signing secret is answered here
   * only; it is stored because signing needs it.
   * @throws ValidationFailure url (not an absolute http(s) URL, or its address is refused by the
   *   address policy), eventTypes[i] (not a published event type)
   */
  async add(input: { url: string; eventTypes?: string[] }): Promise<WebhookView & { secret: string }> {
    const eventTypes = [...new Set(input.eventTypes ?? [])];
    validate(input.url, eventTypes);
    const refusal = await this.deps.addresses.refusalOfUrl(input.url);
    if (refusal) {
      const description = `must reach a public address: ${refusal} is not one (WEBHOOK_ALLOW_PRIVATE_ADDRESSES allows it)`;
      throw new ValidationFailure([{ field: 'url', description, violatedRule: 'VALIDATION', data: { url: input.url } }]);
    }
    const secret = randomToken('whsec_');
    const row = await insertWebhook(this.deps.db, { url: input.url, secret, eventTypes });
    return { ...view(row), secret };
  }

  /** Every webhook, oldest first. */
  async list(): Promise<WebhookView[]> {
    return (await listWebhooks(this.deps.db)).map(view);
  }

  /** Removes a webhook with its delivery log; false when there is none with this id. */
  async remove(id: string): Promise<boolean> {
    return UUID.test(id) ? deleteWebhook(this.deps.db, id) : false;
  }

  /**
   * A webhook's delivery log, newest first.
   * @throws DomainError WEBHOOK_NOT_FOUND
   */
  async deliveries(webhookId: string, limit = 50): Promise<DeliveryView[]> {
    await this.require(webhookId);
    const rows = await listDeliveries(this.deps.db, webhookId, limit);
    return rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      eventType: row.type,
      entityId: row.entity_id,
      status: row.status,
      attempts: row.attempts,
      nextAttemptDate: row.status === 'pending' || row.status === 'failed' ? row.next_attempt_at : null,
      lastStatusCode: row.last_status_code,
      lastError: row.last_error,
      deliveredDate: row.delivered_at,
      createdDate: row.created_at,
    }));
  }

  /**
   * Sends a `webhook.test` event to this webhook now, whatever its filter, and answers the outcome.
   * The delivery is created already claimed, so no worker sends it too; a failure is not retried.
   * @throws DomainError WEBHOOK_NOT_FOUND
   */
  async sendTest(webhookId: string): Promise<DeliveryResult & { url: string }> {
    const webhook = await this.require(webhookId);
    const envelope = envelopeOf({ type: WEBHOOK_TEST_EVENT, entityId: webhook.id, identity: UNKNOWN_IDENTITY }, new Date());
    const deliveryId = await transaction(this.deps.db, async (trx) => {
      const { sequence } = await recordEvent(trx, envelope, 'webhook');
      const leaseUntil = new Date(Date.now() + TEST_LEASE_MS);
      const entity = { entityType: 'webhook', entityId: webhook.id };
      return (await insertLeasedDelivery(trx, { webhookId: webhook.id, eventId: envelope.id, sequence, ...entity, leaseUntil })).id;
    });
    return { ...(await this.deps.dispatcher.deliverLeased(deliveryId)), url: webhook.url };
  }

  private async require(id: string) {
    const webhook = UUID.test(id) ? await findWebhook(this.deps.db, id) : undefined;
    if (!webhook) throw new DomainError(EventErrors.WEBHOOK_NOT_FOUND, { id });
    return webhook;
  }
}

/** @throws ValidationFailure naming each bad field */
function validate(url: string, eventTypes: string[]): void {
  const violations: FieldViolation[] = [];
  if (!isHttpUrl(url)) {
    violations.push({ field: 'url', description: 'must be an absolute http:// or https:// URL', violatedRule: 'FORMAT', data: { url } });
  }
  eventTypes.forEach((type, i) => {
    if (!isDomainEventType(type)) {
      violations.push({
        field: `eventTypes[${i}]`,
        description: `must be one of ${DOMAIN_EVENT_TYPES.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
        data: { value: type },
      });
    }
  });
  if (violations.length) throw new ValidationFailure(violations);
}

function isHttpUrl(text: string): boolean {
  if (text.length > MAX_URL_LENGTH || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

function view(row: { id: string; url: string; event_types: string[]; active: boolean; created_at: Date }): WebhookView {
  return { id: row.id, url: row.url, eventTypes: row.event_types, active: row.active, createdDate: row.created_at };
}
