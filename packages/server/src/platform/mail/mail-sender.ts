import type { Kysely } from 'kysely';
import { BatchWorker, type WorkerLog } from '../background/batch-worker.js';
import { DEFAULT_RETRY_POLICY, nextDelayMs, type RetryPolicy } from '../background/retry-policy.js';
import type { Database } from '../db/schema.js';
import type { Mail, Mailer } from './mailer.js';
import { type ClaimedMail, claimDueMails, type MailAttempt, recordMailAttempt } from './outbox-store.js';

/** Makes a queued mail's subject and bodies from its kind and data, when it is sent. */
export interface MailComposer {
  compose(kind: string, data: unknown, to: string): Promise<Mail>;
}

export interface MailSenderOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  composer: MailComposer;
  retry?: RetryPolicy;
  /** The time now (tests move it to make retries due without waiting). */
  clock?: () => Date;
  /** Mails claimed per run. */
  batchSize?: number;
  /**
   * How long a claimed mail stays with its sender; after that (a crashed process) it is due again.
   * Longer than an SMTP send may take (nodemailer gives up on a silent connection after 10 minutes),
   * so a slow send is never claimed and sent a second time.
   */
  leaseMs?: number;
  /**
   * Told of each mail once it is sent and recorded (an order's timeline notes it); a failure here is
   * logged and changes nothing (the mail is sent).
   */
  onSent?: (mail: SentMail) => Promise<void>;
}

/** A mail that went out: its outbox id and kind, what it is about (`subject_id`, e.g. the order) and its subject line. */
export interface SentMail {
  id: string;
  kind: string;
  subjectId: string | null;
  subject: string;
}

/** The outcome of one attempt. */
export interface MailSendResult {
  id: string;
  kind: string;
  attempts: number;
  status: MailAttempt['status'];
  error: string | null;
  /** false when the mail was claimed again meanwhile and this outcome was not recorded */
  recorded: boolean;
}

/**
 * The outbox's sender: claims due mails (safe with several processes on one database), renders and
 * sends each outside any transaction, and records the outcome: sent, retried with backoff, or after
 * the policy's last attempt given up as failed with the error text (the merchant sees it and may
 * queue it again).
 */
export class MailSender {
  private readonly retry: RetryPolicy;
  private readonly clock: () => Date;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly worker: BatchWorker;

  constructor(private readonly options: MailSenderOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.clock = options.clock ?? (() => new Date());
    this.batchSize = options.batchSize ?? 25;
    this.leaseMs = options.leaseMs ?? 11 * 60_000;
    this.worker = new BatchWorker({
      failedRunMessage: 'mail outbox run failed',
      batchSize: this.batchSize,
      runBatch: async () => (await this.runBatch()).length,
    });
  }

  /** Runs every `intervalMs` (sooner while a backlog lasts) until `stop()`; 0 runs nothing (this process does not send). */
  start(options: { intervalMs: number; log?: WorkerLog }): void {
    this.worker.start(options);
  }

  /** Stops the timer and waits for the sends under way. */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Whether this process's timed runs are on. */
  get running(): boolean {
    return this.worker.running;
  }

  /** Claims one batch of due mails and attempts them; answers each outcome. */
  runOnce(): Promise<MailSendResult[]> {
    return this.worker.track(this.runBatch());
  }

  /**
   * Attempts the given queued mails now (just committed), those no other sender holds; a failure,
   * even of the database, is left to the background runs (the change that queued them stands).
   */
  sendNow(ids: string[]): Promise<MailSendResult[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.worker.track(
      this.runBatch(ids).catch((error: unknown) => {
        this.worker.logger.error({ err: error, mailIds: ids }, 'sending queued mails failed; the outbox retries them');
        return [];
      }),
    );
  }

  private async runBatch(ids?: string[]): Promise<MailSendResult[]> {
    const now = this.clock();
    const claimed = await claimDueMails(this.options.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      limit: ids?.length ?? this.batchSize,
      ids,
    });
    const results: MailSendResult[] = [];
    // One at a time: an SMTP server takes one message per connection at a time anyway.
    for (const mail of claimed) results.push(await this.attempt(mail));
    return results;
  }

  /** Tells `onSent` of a sent mail; its failure is logged, never thrown (the mail went out). */
  private async told(mail: SentMail): Promise<void> {
    try {
      await this.options.onSent?.(mail);
    } catch (error) {
      this.worker.logger.warn({ err: error, mailId: mail.id, subjectId: mail.subjectId }, 'mail sent, but not noted by its subject');
    }
  }

  private async attempt(claimed: ClaimedMail): Promise<MailSendResult> {
    let record: MailAttempt;
    let subject = '';
    try {
      const mail = await this.options.composer.compose(claimed.kind, claimed.data, claimed.to_address);
      subject = mail.subject;
      await this.options.mailer.send(mail);
      record = { status: 'sent', at: this.clock() };
    } catch (failure) {
      const error = failure instanceof Error ? failure.message : String(failure);
      const delay = nextDelayMs(this.retry, claimed.attempts);
      record =
        delay === null
          ? { status: 'failed', error }
          : { status: 'pending', error, nextAttemptAt: new Date(this.clock().getTime() + delay) };
    }
    const recorded = await recordMailAttempt(this.options.db, claimed.id, claimed.attempts, record);
    const ids = { mailId: claimed.id, kind: claimed.kind, attempts: claimed.attempts };
    if (record.status === 'failed') this.worker.logger.warn({ ...ids, error: record.error }, 'mail given up');
    else if (record.status === 'pending') this.worker.logger.warn({ ...ids, error: record.error }, 'mail not sent; will retry');
    else if (recorded) await this.told({ id: claimed.id, kind: claimed.kind, subjectId: claimed.subject_id, subject });
    return {
      id: claimed.id,
      kind: claimed.kind,
      attempts: claimed.attempts,
      status: record.status,
      error: 'error' in record ? record.error : null,
      recorded,
    };
  }
}
