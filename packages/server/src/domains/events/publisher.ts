import type { RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from './event-identity.js';
import { type DomainEventType, type EventType, entityTypeOf } from './event-types.js';
import { type EventRow, eventWithDeliveriesCtes, insertEvent, insertEventWithDeliveries } from './store.js';

/** An event a service publishes. */
export interface NewEvent {
  type: DomainEventType;
  /** id of the entity the event is about (the product's for `product.variants_changed`) */
  entityId: string;
  /** the entity as the wire shows it; omitted: `{ id: entityId }` (what deletions carry) */
  entity?: Record<string, unknown>;
  /** who caused it: `identityOf(caller)` */
  identity: EventIdentity;
}

/**
 * Told of each event recorded (`EventPublisher.observe`): inside its transaction, or with no
 * transaction once the one statement that recorded it has committed (`EventPublisher.staged`).
 */
export type PublishObserver = (trx: Transaction<Database> | undefined, event: EventEnvelope) => void;

/** The body POSTed to webhooks. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  entityId: string;
  /** ISO 8601 */
  time: string;
  entity: Record<string, unknown>;
  identity: EventIdentity;
}

/** Builds an event's envelope (a new event id, the time now). */
export function envelopeOf(
  input: { type: EventType; entityId: string; entity?: Record<string, unknown>; identity: EventIdentity },
  at: Date,
) {
  const envelope: EventEnvelope = {
    id: crypto.randomUUID(),
    type: input.type,
    entityId: input.entityId,
    time: at.toISOString(),
    entity: input.entity ?? { id: input.entityId },
    identity: input.identity,
  };
  return envelope;
}

/**
 * The transactional outbox. Services publish inside the transaction of the write the event reports,
 * so the event (and its deliveries) exist exactly when the write committed. Publish after the write
 * that locks the entity's row: events of one entity are then numbered in commit order, which is the
 * order webhooks receive them in.
 * @see spec §4 "Events published"
 */
export class EventPublisher {
  private readonly observers: PublishObserver[] = [];

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /**
   * Tells `observer` of every event this publisher records, whoever publishes it, inside the
   * publishing transaction (the catalogue's hot-read cache forgets what changed, now and with
   * `onCommit(trx, …)` once the write commits). Observers must not throw nor use the database.
   */
  observe(observer: PublishObserver): void {
    this.observers.push(observer);
  }

  /**
   * Records the event and one pending delivery per active webhook whose filter matches.
   * @example await transaction(db, async (trx) => { await updateProduct(trx, p); await events.publish(trx, { type: 'product.changed', entityId: p.id, entity: wire(p), identity: identityOf(caller) }); });
   */
  async publish(trx: Transaction<Database>, event: NewEvent): Promise<EventEnvelope> {
    const envelope = envelopeOf(event, this.clock());
    const entityType = entityTypeOf(event.type);
    await insertEventWithDeliveries(trx, eventRowOf(envelope, entityType));
    for (const observer of this.observers) observer(trx, envelope);
    return envelope;
  }

  /**
   * An event for a write that is one statement outside any transaction (the cart's unlocked
   * writes): the statement records it itself with `ctes(when)` (common table expressions, written
   * only when `when` holds), then calls `recorded()` once it has committed, so observers hear of the
   * event exactly when it exists.
   */
  staged(event: NewEvent): { envelope: EventEnvelope; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; recorded: () => void } {
    const envelope = envelopeOf(event, this.clock());
    const row = eventRowOf(envelope, entityTypeOf(event.type));
    return {
      envelope,
      ctes: (when) => eventWithDeliveriesCtes(row, when),
      recorded: () => {
        for (const observer of this.observers) observer(undefined, envelope);
      },
    };
  }
}

/** Writes an envelope to the outbox; answers its sequence number. */
export function recordEvent(trx: Transaction<Database>, envelope: EventEnvelope, entityType: string): Promise<{ sequence: string }> {
  return insertEvent(trx, eventRowOf(envelope, entityType));
}

/** The outbox row of an envelope. */
function eventRowOf(envelope: EventEnvelope, entityType: string): EventRow {
  return {
    id: envelope.id,
    type: envelope.type,
    entityType,
    entityId: envelope.entityId,
    payload: envelope,
    identity: envelope.identity,
    createdAt: new Date(envelope.time),
  };
}
