import { type Kysely, sql } from 'kysely';
import type { Database, OutboxMailStatus } from '../db/schema.js';

/** A mail to queue: which template, to whom, about what, and the template's data. */
export interface QueuedMailInput {
  kind: string;
  to: string;
  subjectId?: string;
  data: object;
}

/**
 * Queues a mail; in the caller's transaction, it exists exactly when the change that causes it
 * committed. It is due from now on the sender's clock (the database's `now()` is the transaction's
 * start, on another clock: a send right after the commit could find the mail not yet due).
 */
export async function insertOutboxMail(db: Kysely<Database>, mail: QueuedMailInput): Promise<{ id: string }> {
  return db
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject_id: mail.subjectId ?? null,
      data: JSON.stringify(mail.data),
      next_attempt_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A mail claimed for an attempt. */
export interface ClaimedMail {
  id: string;
  kind: string;
  to_address: string;
  /** what the mail is about (an order's id), if anything */
  subject_id: string | null;
  data: unknown;
  /** attempts including the claimed one */
  attempts: number;
}

/**
 * Claims up to `limit` pending mails due at `now` (oldest first), or only those of `ids` when given,
 * in one statement: the attempt is counted and the row leased until `leaseUntil`; rows another worker
 * holds are skipped (`FOR UPDATE SKIP LOCKED`), so two senders never claim the same mail.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  claim: { now: Date; leaseUntil: Date; limit: number; ids?: string[] },
): Promise<ClaimedMail[]> {
  const only = claim.ids ? sql`AND m.id = ANY(${claim.ids}::uuid[])` : sql``;
  const result = await sql<ClaimedMail>`
    WITH due AS MATERIALIZED (
      SELECT m.id FROM mail_outbox m
      WHERE m.status = 'pending' AND m.next_attempt_at <= ${claim.now} ${only}
      ORDER BY m.next_attempt_at, m.created_at
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE mail_outbox o SET attempts = o.attempts + 1, next_attempt_at = ${claim.leaseUntil}
    FROM due WHERE o.id = due.id
    RETURNING o.id, o.kind, o.to_address, o.subject_id, o.data, o.attempts`.execute(db);
  return result.rows;
}

/** The outcome of an attempt: sent, to be retried at `nextAttemptAt`, or given up (failed). */
export type MailAttempt =
  | { status: 'sent'; at: Date }
  | { status: 'pending'; error: string; nextAttemptAt: Date }
  | { status: 'failed'; error: string };

/**
 * Records the outcome of the attempt numbered `attempts`; nothing when the mail was claimed again
 * meanwhile (its lease ran out and another sender took it).
 */
export async function recordMailAttempt(db: Kysely<Database>, id: string, attempts: number, attempt: MailAttempt): Promise<boolean> {
  const values =
    attempt.status === 'sent'
      ? { status: attempt.status, sent_at: attempt.at, last_error: null }
      : attempt.status === 'pending'
        ? { status: attempt.status, last_error: attempt.error, next_attempt_at: attempt.nextAttemptAt }
        : { status: attempt.status, last_error: attempt.error };
  const result = await db
    .updateTable('mail_outbox')
    .set(values)
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The columns of a mail the merchant's list shows. */
const OUTBOX_COLUMNS = [
  'id',
  'kind',
  'to_address',
  'subject_id',
  'data',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'sent_at',
  'created_at',
] as const;

/** The newest mails of the outbox, with their state. */
export function listOutboxMails(db: Kysely<Database>, limit: number) {
  return db.selectFrom('mail_outbox').select(OUTBOX_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

/** One mail of the outbox. */
export function findOutboxMail(db: Kysely<Database>, id: string) {
  return db.selectFrom('mail_outbox').select(OUTBOX_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A given-up (failed) mail made due again at `now`; false when it is not failed. */
export async function requeueFailedMail(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending' satisfies OutboxMailStatus, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
