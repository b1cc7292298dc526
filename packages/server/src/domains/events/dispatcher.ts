import type { Kysely } from 'kysely';
import { BatchWorker, type WorkerLog } from '../../platform/background/batch-worker.js';
import { DEFAULT_RETRY_POLICY, nextDelayMs, type RetryPolicy } from '../../platform/background/retry-policy.js';
import type { Database } from '../../platform/db/schema.js';
import { postEnvelope } from './delivery-request.js';
import { type AttemptRecord, type ClaimedDelivery, claimDueDeliveries, findLeasedDelivery, recordAttempt } from './store.js';
import type { WebhookAddressPolicy } from './webhook-addresses.js';

/** Where the worker reports (the app's logger); never given secrets or URLs. */
export type DispatchLog = WorkerLog;

export interface DispatcherOptions {
  db: Kysely<Database>;
  /** The addresses deliveries may connect to (`WEBHOOK_ALLOW_PRIVATE_ADDRESSES`). */
  addresses: WebhookAddressPolicy;
  retry?: RetryPolicy;
  /** The time now (tests move it to make retries due without waiting). */
  clock?: () => Date;
  /** Deliveries claimed per run. */
  batchSize?: number;
  /** How long an endpoint has to answer. */
  timeoutMs?: number;
  /** How long a claimed delivery stays with its worker; after that (a crashed process) it is due again. */
  leaseMs?: number;
}

/** The outcome of one attempt. */
export interface DeliveryResult {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  /** attempts so far, this one included */
  attempts: number;
  status: AttemptRecord['status'];
  statusCode: number | null;
  error: string | null;
  /** failed: when the next attempt is due */
  nextAttemptAt?: Date;
  /** false when the delivery was claimed again meanwhile and this outcome was not recorded */
  recorded: boolean;
}

/**
 * The webhook delivery worker. Each run claims due deliveries (safe with several processes on one
 * database), POSTs them outside any transaction, then records each outcome: 2xx delivered, otherwise
 * retried with backoff until the policy gives up (dead); an endpoint whose address is refused is
 * given up at once (dead). Deliveries of one entity to one webhook go
 * out in event order: a later one waits while an earlier one is open.
 */
export class WebhookDispatcher {
  private readonly retry: RetryPolicy;
  private readonly clock: () => Date;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly worker: BatchWorker;

  constructor(private readonly options: DispatcherOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.clock = options.clock ?? (() => new Date());
    this.batchSize = options.batchSize ?? 25;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    if (this.leaseMs <= this.timeoutMs) throw new Error('the lease must outlast the delivery time-out');
    this.worker = new BatchWorker({
      failedRunMessage: 'webhook dispatch run failed',
      batchSize: this.batchSize,
      runBatch: async () => (await this.runBatch()).length,
    });
  }

  /** Runs every `intervalMs` (sooner while a backlog lasts) until `stop()`; 0 runs nothing (this process does not deliver). */
  start(options: { intervalMs: number; log?: DispatchLog }): void {
    this.worker.start(options);
  }

  /** Stops the timer and waits for the deliveries under way (each bounded by the delivery time-out). */
  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Whether this process's timed runs are on. */
  get running(): boolean {
    return this.worker.running;
  }

  /** Claims one batch of due deliveries and attempts them; answers each outcome. */
  runOnce(): Promise<DeliveryResult[]> {
    return this.worker.track(this.runBatch());
  }

  /**
   * Attempts a delivery its creator inserted already leased (a test event), now, once: a failure is
   * final (dead), not retried.
   */
  deliverLeased(deliveryId: string): Promise<DeliveryResult> {
    return this.worker.track(
      (async () => {
        const claimed = await findLeasedDelivery(this.options.db, deliveryId);
        if (!claimed) throw new Error(`no delivery ${deliveryId}`);
        return this.attempt(claimed, { final: true });
      })(),
    );
  }

  private async runBatch(): Promise<DeliveryResult[]> {
    const now = this.clock();
    const claimed = await claimDueDeliveries(this.options.db, now, new Date(now.getTime() + this.leaseMs), this.batchSize);
    // Claimed deliveries are heads of distinct (webhook, entity) queues: sending them together keeps the order.
    const settled = await Promise.allSettled(claimed.map((delivery) => this.attempt(delivery, { final: false })));
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    return settled.map((outcome) => (outcome as PromiseFulfilledResult<DeliveryResult>).value);
  }

  private async attempt(delivery: ClaimedDelivery, options: { final: boolean }): Promise<DeliveryResult> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const outcome = await postEnvelope(
      {
        url: delivery.url,
        secret: delivery.secret,
        eventId: delivery.event_id,
        eventType: delivery.type,
        body: delivery.payload,
        at: this.clock(),
      },
      this.options.addresses,
      signal,
    );
    const at = this.clock();
    let record: AttemptRecord;
    if (outcome.ok) {
      record = { status: 'delivered', statusCode: outcome.statusCode, error: null, at };
    } else {
      const delay = options.final || outcome.final ? null : nextDelayMs(this.retry, delivery.attempts);
      record =
        delay === null
          ? { status: 'dead', statusCode: outcome.statusCode, error: outcome.error, at }
          : { status: 'failed', statusCode: outcome.statusCode, error: outcome.error, at, nextAttemptAt: new Date(at.getTime() + delay) };
    }
    const recorded = await recordAttempt(this.options.db, delivery.id, delivery.attempts, record);
    const ids = { deliveryId: delivery.id, webhookId: delivery.webhook_id, eventId: delivery.event_id, attempts: delivery.attempts };
    if (record.status === 'dead') this.worker.logger.warn({ ...ids, error: record.error }, 'webhook delivery given up');
    else if (record.status === 'failed') this.worker.logger.debug({ ...ids, error: record.error }, 'webhook delivery failed; will retry');
    return {
      ...ids,
      eventType: delivery.type,
      status: record.status,
      statusCode: record.statusCode,
      error: record.error,
      nextAttemptAt: record.nextAttemptAt,
      recorded,
    };
  }
}
