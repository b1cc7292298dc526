/** Where a background worker reports (the app's logger); never given secrets. */
export interface WorkerLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT_LOG: WorkerLog = { debug() {}, warn() {}, error() {} };

/**
 * The timing of a background worker that works through a database queue in batches (the webhook
 * dispatcher, the mail sender): a run every interval, the next one at once while a run found a full
 * batch, nothing after `stop()`, which lets the batch under way finish (a stopping server delivers
 * what it claimed: each attempt is bounded by its own time-out, the process by SHUTDOWN_TIMEOUT_MS,
 * and a claim cut short is retried once its lease runs out). What a run does is the owner's
 * `runBatch`; several processes may run it at once (the owner claims with `FOR UPDATE SKIP LOCKED`).
 */
export class BatchWorker {
  private log: WorkerLog = SILENT_LOG;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly options: {
      /** what the log calls a failed run ("webhook dispatch run failed") */
      failedRunMessage: string;
      batchSize: number;
      /** one batch; answers how many items it took */
      runBatch: () => Promise<number>;
    },
  ) {}

  /** Whether the timed runs are on (started with an interval and not stopped). */
  get running(): boolean {
    return !this.stopped;
  }

  /** The logger the last `start` was given. */
  get logger(): WorkerLog {
    return this.log;
  }

  /** Runs every `intervalMs` (sooner while a backlog lasts) until `stop()`; 0 runs nothing (this process does not work the queue). */
  start(options: { intervalMs: number; log?: WorkerLog }): void {
    if (options.intervalMs <= 0 || !this.stopped) return;
    this.log = options.log ?? SILENT_LOG;
    this.stopped = false;
    this.schedule(options.intervalMs, options.intervalMs);
  }

  /** Stops the timer and waits for the runs under way to finish their batch. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Work of the owner's outside the timer (a run on demand) that `stop()` must wait for. */
  track<T>(pending: Promise<T>): Promise<T> {
    this.inFlight.add(pending);
    const done = () => this.inFlight.delete(pending);
    pending.then(done, done);
    return pending;
  }

  private schedule(delayMs: number, intervalMs: number): void {
    this.timer = setTimeout(() => {
      this.track(this.tick()).then((full) => {
        if (!this.stopped) this.schedule(full ? 0 : intervalMs, intervalMs);
      });
    }, delayMs);
    // The server's listener keeps the process alive; the worker alone must not.
    this.timer.unref();
  }

  /** One timed run; never throws (the worker must not take the process down). Answers whether the batch was full. */
  private async tick(): Promise<boolean> {
    try {
      return (await this.options.runBatch()) >= this.options.batchSize;
    } catch (error) {
      this.log.error({ err: error }, this.options.failedRunMessage);
      return false;
    }
  }
}
