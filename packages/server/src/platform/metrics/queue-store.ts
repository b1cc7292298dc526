import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** One delivery queue as `/metrics` reports it. */
export interface QueueBacklog {
  queue: 'webhook' | 'mail';
  /** items waiting to be sent (first attempt or a retry) */
  waiting: number;
  /** of those, items whose earlier attempts failed */
  retrying: number;
  /** items given up after their last attempt */
  givenUp: number;
  /** seconds since the oldest waiting item was queued; 0 when none waits */
  oldestAgeSeconds: number;
}

interface BacklogRow {
  waiting: string;
  retrying: string;
  given_up: string;
  oldest_age_seconds: string | null;
}

/** The webhook deliveries' and the mail outbox's backlog, read in one round trip. */
export async function readQueueBacklogs(db: Kysely<Database>): Promise<QueueBacklog[]> {
  const { rows } = await sql<BacklogRow & { queue: QueueBacklog['queue'] }>`
    SELECT 'webhook' AS queue,
      (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'failed')) AS waiting,
      (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed') AS retrying,
      (SELECT count(*) FROM webhook_deliveries WHERE status = 'dead') AS given_up,
      (SELECT extract(epoch FROM now() - min(created_at)) FROM webhook_deliveries WHERE status IN ('pending', 'failed')) AS oldest_age_seconds
    UNION ALL
    SELECT 'mail',
      (SELECT count(*) FROM mail_outbox WHERE status = 'pending'),
      (SELECT count(*) FROM mail_outbox WHERE status = 'pending' AND attempts > 0),
      (SELECT count(*) FROM mail_outbox WHERE status = 'failed'),
      (SELECT extract(epoch FROM now() - min(created_at)) FROM mail_outbox WHERE status = 'pending')
  `.execute(db);
  return rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    retrying: Number(row.retrying),
    givenUp: Number(row.given_up),
    oldestAgeSeconds: Math.max(0, Number(row.oldest_age_seconds ?? 0)),
  }));
}
