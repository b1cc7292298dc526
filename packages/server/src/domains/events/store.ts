import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, DeliveryStatus } from '../../platform/db/schema.js';

/** Delivery states in which a delivery still waits for an attempt (or is in one). */
const OPEN: DeliveryStatus[] = ['pending', 'failed'];

// ---- events

/** An outbox row as written. */
export interface EventRow {
  id: string;
  type: string;
  entityType: string;
  entityId: string;
  payload: object;
  identity: object;
  createdAt: Date;
}

export async function insertEvent(db: Kysely<Database>, row: EventRow): Promise<{ sequence: string }> {
  return db
    .insertInto('events')
    .values({
      id: row.id,
      type: row.type,
      entity_type: row.entityType,
      entity_id: row.entityId,
      payload: JSON.stringify(row.payload),
      identity: JSON.stringify(row.identity),
      created_at: row.createdAt,
    })
    .returning('sequence')
    .executeTakeFirstOrThrow();
}

/**
 * The common table expressions that record an event and one pending delivery per active webhook
 * whose filter is empty or names its type (`event_recorded`, `event_deliveries`), for a statement of
 * the caller's: `when` gates both (a write that changed nothing records nothing). Deliveries are due
 * from the event's time, on the clock the dispatcher compares with (the database's `now()` is the
 * transaction's start, in microseconds: a dispatcher woken in the same millisecond would find the
 * delivery not yet due).
 */
export function eventWithDeliveriesCtes(row: EventRow, when: RawBuilder<unknown> = sql`true`): RawBuilder<unknown> {
  return sql`event_recorded AS (
      INSERT INTO events (id, type, entity_type, entity_id, payload, identity, created_at)
      SELECT ${row.id}::uuid, ${row.type}::text, ${row.entityType}::text, ${row.entityId}::text,
             ${JSON.stringify(row.payload)}::json, ${JSON.stringify(row.identity)}::jsonb, ${row.createdAt}::timestamptz
      WHERE ${when}
      RETURNING id, sequence, entity_type, entity_id, created_at),
    event_deliveries AS (
      INSERT INTO webhook_deliveries (webhook_id, event_id, event_sequence, entity_type, entity_id, next_attempt_at)
      SELECT w.id, e.id, e.sequence, e.entity_type, e.entity_id, e.created_at FROM webhooks w CROSS JOIN event_recorded e
      WHERE w.active AND (cardinality(w.event_types) = 0 OR ${row.type}::text = ANY(w.event_types)))`;
}

/** Records an event with its deliveries (`eventWithDeliveriesCtes`) in one round trip: the events' writers are hot paths. */
export async function insertEventWithDeliveries(db: Kysely<Database>, row: EventRow): Promise<void> {
  await sql`WITH ${eventWithDeliveriesCtes(row)} SELECT 1`.execute(db);
}

/** A delivery to one webhook, already claimed (leased) by the caller: no worker takes it before `leaseUntil`. */
export async function insertLeasedDelivery(
  db: Kysely<Database>,
  delivery: { webhookId: string; eventId: string; sequence: string; entityType: string; entityId: string; leaseUntil: Date },
): Promise<{ id: string }> {
  return db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: delivery.webhookId,
      event_id: delivery.eventId,
      event_sequence: delivery.sequence,
      entity_type: delivery.entityType,
      entity_id: delivery.entityId,
      attempts: 1,
      next_attempt_at: delivery.leaseUntil,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

// ---- webhooks

export async function insertWebhook(db: Kysely<Database>, webhook: { url: string; secret: string; eventTypes: string[] }) {
  return db
    .insertInto('webhooks')
    .values({ url: webhook.url, secret: webhook.secret, event_types: webhook.eventTypes })
    .returning(['id', 'url', 'event_types', 'active', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Webhooks without their secrets, oldest first. */
export function listWebhooks(db: Kysely<Database>) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'url', 'event_types', 'active', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A webhook without its secret. */
export function findWebhook(db: Kysely<Database>, id: string) {
  return db.selectFrom('webhooks').select(['id', 'url', 'event_types', 'active', 'created_at']).where('id', '=', id).executeTakeFirst();
}

export async function deleteWebhook(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- deliveries

/** A webhook's delivery log with each event's type and entity, newest first. */
export function listDeliveries(db: Kysely<Database>, webhookId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type',
      'd.entity_id',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status_code',
      'd.last_error',
      'd.delivered_at',
      'd.created_at',
    ])
    .where('d.webhook_id', '=', webhookId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.event_sequence', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery claimed for an attempt: what the worker needs to send it. */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  /** attempts including the claimed one */
  attempts: number;
  type: string;
  /** the envelope as the JSON text recorded, sent as it is */
  payload: string;
  url: string;
  secret: string;
}

/**
 * Claims up to `limit` due deliveries in one statement: open, due at `now`, of an active webhook,
 * and with no open delivery of an earlier event of the same entity to the same webhook (per-entity
 * order). Claiming counts the attempt and leases the row until `leaseUntil`; rows another worker
 * holds are skipped (`FOR UPDATE SKIP LOCKED`), so several processes never claim the same delivery.
 */
export async function claimDueDeliveries(db: Kysely<Database>, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const open = sql.join(OPEN.map((openStatus) => sql.lit(openStatus)));
  const result = await sql<ClaimedDelivery>`
    WITH due AS MATERIALIZED (
      SELECT c.id
      FROM webhook_deliveries c
      JOIN webhooks w ON w.id = c.webhook_id AND w.active
      WHERE c.status IN (${open}) AND c.next_attempt_at <= ${now}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.webhook_id = c.webhook_id AND p.entity_type = c.entity_type AND p.entity_id = c.entity_id
            AND p.event_sequence < c.event_sequence AND p.status IN (${open})
        )
      ORDER BY c.event_sequence
      LIMIT ${limit}
      FOR UPDATE OF c SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, next_attempt_at = ${leaseUntil}
    FROM due, events e, webhooks w
    WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.webhook_id
    RETURNING d.id, d.webhook_id, d.event_id, d.attempts, e.type, e.payload::text AS payload, w.url, w.secret`.execute(db);
  return result.rows;
}

/** The claimed delivery with what sending it needs (a delivery inserted already leased). */
export function findLeasedDelivery(db: Kysely<Database>, id: string): Promise<ClaimedDelivery | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.webhook_id', 'd.event_id', 'd.attempts', 'e.type', sql<string>`e.payload::text`.as('payload'), 'w.url', 'w.secret'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The outcome of an attempt, as recorded. */
export interface AttemptRecord {
  status: Exclude<DeliveryStatus, 'pending'>;
  statusCode: number | null;
  error: string | null;
  /** delivered: when; otherwise unused */
  at: Date;
  /** failed: when the next attempt is due */
  nextAttemptAt?: Date;
}

/**
 * Records the outcome of the attempt numbered `attempts`. Does nothing when the delivery was claimed
 * again meanwhile (its lease ran out and another worker took it): that attempt's outcome wins.
 */
export async function recordAttempt(db: Kysely<Database>, id: string, attempts: number, attempt: AttemptRecord): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: attempt.status,
      last_status_code: attempt.statusCode,
      last_error: attempt.error,
      ...(attempt.status === 'delivered' ? { delivered_at: attempt.at } : {}),
      ...(attempt.nextAttemptAt ? { next_attempt_at: attempt.nextAttemptAt } : {}),
    })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
