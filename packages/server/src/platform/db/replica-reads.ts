/**
 * Where shopper catalogue reads go when a read replica is configured (`DATABASE_READ_URL`): a pool that
 * Kysely takes as its `PostgresPool` and that hands out a replica connection, or a primary one while
 * the replica may be behind what this process knows of:
 * - after a catalogue change this process made or heard of (`catalogChanged()`: its own writes, and
 *   other processes' through the catalogue cache's NOTIFY, which a standby never delivers), reads go to
 *   the primary until the replica has replayed the primary's WAL position taken after that change
 *   (`pg_current_wal_lsn()` on the primary, compared with `pg_last_wal_replay_lsn()` on the replica,
 *   polled every `REPLAY_POLL_MS` while behind). So a process reads its own writes, and a cache entry
 *   filled after an invalidation is never read from a replica older than the change that invalidated it;
 * - while the replica refuses connections, reads go to the primary (with one warning), and the replica
 *   is tried again every `RETRY_DOWN_MS`.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** How often the replica's replay position is read while reads wait for it on the primary. */
const REPLAY_POLL_MS = 20;
/** How often a replica found down is tried again. */
const RETRY_DOWN_MS = 1000;

const PRIMARY_POSITION = 'SELECT pg_current_wal_lsn()::text AS lsn';
// A standby answers its replay position; a server that is not one (a URL naming the primary itself) its own.
const REPLICA_POSITION = 'SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text AS lsn';

/** A WAL position (`16/B374D848`) as one number, so positions compare. */
export function walPosition(lsn: string | null | undefined): bigint {
  if (!lsn) return 0n;
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** What the routing is told with: the app's logger once it exists (console before). */
export interface RoutingLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface ReplicaReadsOptions {
  /** the primary's pool as Kysely uses it (measured); `primaryPositions` answers the WAL position queries */
  primary: PostgresPool;
  primaryPositions: Pick<pg.Pool, 'query'>;
  /** the replica's pool as Kysely uses it (measured); `replicaPositions` answers the replay position queries */
  replica: PostgresPool;
  replicaPositions: Pick<pg.Pool, 'query'>;
}

/** Why reads are on the primary now, or `replica` (for `/readyz` and the tests' logs). */
export type ReadTarget = 'replica' | 'primary: replica behind' | 'primary: replica down';

/** Routes the shopper reads' connections (see the file comment). */
export class ReplicaReads {
  #log: RoutingLog = {
    warn: (fields, message) => console.warn(message, fields),
    info: (fields, message) => console.info(message, fields),
  };
  /** a change was heard whose position on the primary is not known yet: the replica cannot be trusted */
  #positionOwed = false;
  #askingPosition = false;
  /** the primary's position the replica must have replayed before it answers again */
  #mustReplay = 0n;
  #replayed = 0n;
  #polling = false;
  #down = false;
  #retry?: NodeJS.Timeout;
  #closed = false;

  constructor(private readonly options: ReplicaReadsOptions) {}

  /** The pool of the reads' Kysely instance: each connection from the replica or the primary, as `target` says. */
  readonly pool: PostgresPool = {
    connect: () => this.#connect(),
    // the primary's pool is ended by the primary's Kysely instance
    end: () => {
      this.#closed = true;
      clearTimeout(this.#retry);
      return this.options.replica.end();
    },
  };

  /** Reports through the app's logger from now on. */
  useLog(log: RoutingLog): void {
    this.#log = log;
  }

  /** Where a read would go now. */
  get target(): ReadTarget {
    if (this.#down) return 'primary: replica down';
    return this.#askingPosition || this.#replayed < this.#mustReplay ? 'primary: replica behind' : 'replica';
  }

  /**
   * A catalogue change committed (or is committing) that this process made or heard of: reads go to
   * the primary from now until the replica has replayed the primary's position read after this call.
   */
  catalogChanged(): void {
    this.#positionOwed = true;
    if (!this.#askingPosition) void this.#askPrimaryPosition();
  }

  /** One position query at a time; changes heard while it runs are covered by one more after it. */
  async #askPrimaryPosition(): Promise<void> {
    this.#askingPosition = true;
    while (this.#positionOwed && !this.#closed) {
      this.#positionOwed = false;
      try {
        const { rows } = await this.options.primaryPositions.query<{ lsn: string }>(PRIMARY_POSITION);
        const position = walPosition(rows[0]?.lsn);
        if (position > this.#mustReplay) this.#mustReplay = position;
      } catch (error) {
        // the primary is unreachable: reads stay there (and fail with its outage) until it answers
        this.#positionOwed = true;
        this.#log.warn({ err: error }, 'replica reads: the primary did not say its WAL position; reads stay on the primary');
        await sleep(RETRY_DOWN_MS);
      }
    }
    this.#askingPosition = false;
    void this.#pollReplay();
  }

  /** Reads the replica's replay position until it reaches `#mustReplay` (one poller at a time). */
  async #pollReplay(): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    try {
      while (!this.#closed && !this.#down && this.#replayed < this.#mustReplay) {
        const { rows } = await this.options.replicaPositions.query<{ lsn: string | null }>(REPLICA_POSITION);
        const replayed = walPosition(rows[0]?.lsn);
        if (replayed > this.#replayed) this.#replayed = replayed;
        if (this.#replayed < this.#mustReplay) await sleep(REPLAY_POLL_MS);
      }
    } catch (error) {
      this.#wentDown(error);
    } finally {
      this.#polling = false;
    }
  }

  async #connect(): Promise<PostgresPoolClient> {
    if (this.target !== 'replica') return this.options.primary.connect();
    try {
      return await this.options.replica.connect();
    } catch (error) {
      this.#wentDown(error);
      return this.options.primary.connect();
    }
  }

  /** The replica refused: reads go to the primary, and the replica is tried again in the background. */
  #wentDown(error: unknown): void {
    if (this.#down || this.#closed) return;
    this.#down = true;
    this.#log.warn({ err: error }, 'replica reads: the read replica is unreachable; shopper reads go to the primary until it answers');
    this.#retry = setTimeout(() => void this.#tryAgain(), RETRY_DOWN_MS);
  }

  async #tryAgain(): Promise<void> {
    try {
      const { rows } = await this.options.replicaPositions.query<{ lsn: string | null }>(REPLICA_POSITION);
      this.#replayed = walPosition(rows[0]?.lsn);
      this.#down = false;
      this.#log.info({}, 'replica reads: the read replica answers again; shopper reads go to it');
      // changes made while it was down: it must have replayed them first
      this.catalogChanged();
    } catch {
      if (!this.#closed) this.#retry = setTimeout(() => void this.#tryAgain(), RETRY_DOWN_MS);
    }
  }

  /** Whether the replica answers now (for `/readyz`, which reports it but stays ready: reads fall back to the primary). */
  async ping(): Promise<boolean> {
    try {
      await this.options.replicaPositions.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
