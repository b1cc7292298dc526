/**
 * What `/metrics` reports, in Prometheus's text format (prom-client): this process's requests by route
 * pattern and status with their latency, its database pool, its caches, and prom-client's default
 * process metrics (memory, CPU, event-loop delay, handles). The delivery queues are read from the
 * database at each scrape, so every process reports the same (shared) backlog.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheCounts } from '../cache/loading-cache.js';
import type { UpkeepCounts } from '../db/embedded-vacuum.js';
import type { PoolStats } from '../db/pool-stats.js';
import type { QueueBacklog } from './queue-store.js';

/** Where the figures come from; each is read when Prometheus scrapes, never on a request. */
export interface MetricSources {
  /** each connection pool by name: `primary`, and `replica` when a read replica is configured */
  pools: () => Record<string, PoolStats>;
  /**
   * hits and misses since start, by cache name; absent: no cache series at all (a worker, whose
   * catalogue cache and pricing memos answer no shopper: zeros there would read as a cold cache)
   */
  caches?: () => Record<string, CacheCounts>;
  queues: () => Promise<QueueBacklog[]>;
  /** the embedded database's VACUUM turns since start; absent: no upkeep series (PostgreSQL, whose autovacuum does it) */
  upkeep?: () => UpkeepCounts;
  /** told when a scrape could not read the queues (the database unreachable) */
  warn: (obj: { err: unknown }, msg: string) => void;
}

/** Request durations up to 10 s; most cached reads fall in the first buckets. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request no route matched (a 404): never the raw URL, whose values are unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** One process's metrics registry (one per app, so tests with several apps keep theirs apart). */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'HTTP requests answered by this process, by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    poolMetrics(registers, sources.pools);
    if (sources.caches) cacheMetrics(registers, sources.caches);
    queueMetrics(registers, sources);
    if (sources.upkeep) upkeepMetrics(registers, sources.upkeep);
  }

  /** Counts one answered request (called from `onResponse`: one histogram observation). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.#requests.observe({ method, route, status_code: statusCode }, seconds);
  }

  /** The scrape's text and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

function poolMetrics(registers: Registry[], read: () => Record<string, PoolStats>): void {
  const gauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, stats] of Object.entries(read())) this.set({ pool }, pick(stats));
      },
    });
  const total = (name: string, help: string, pick: (stats: PoolStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        for (const [pool, stats] of Object.entries(read())) this.inc({ pool }, pick(stats));
      },
    });
  gauge('vitrine_db_pool_open_connections', 'Database connections open now, idle ones included', (stats) => stats.open);
  gauge('vitrine_db_pool_idle_connections', 'Open database connections not in use', (stats) => stats.idle);
  gauge('vitrine_db_pool_max_connections', 'The most connections the pool opens (1 on the embedded database)', (stats) => stats.max);
  gauge('vitrine_db_pool_waiting_queries', 'Queries waiting for a free connection now', (stats) => stats.waiting);
  total('vitrine_db_pool_acquired_total', 'Connections handed out by the pool since start', (stats) => stats.acquired);
  total('vitrine_db_pool_wait_seconds_total', 'Seconds spent waiting for a connection since start, summed', (stats) => stats.waitSeconds);
}

function cacheMetrics(registers: Registry[], read: () => Record<string, CacheCounts>): void {
  const total = (name: string, help: string, pick: (counts: CacheCounts) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(read())) this.inc({ cache }, pick(counts));
      },
    });
  total('vitrine_cache_hits_total', 'Lookups answered from memory (or joined to a load under way), by cache', (counts) => counts.hits);
  total('vitrine_cache_misses_total', 'Lookups that loaded from the database, by cache', (counts) => counts.misses);
}

function upkeepMetrics(registers: Registry[], read: () => UpkeepCounts): void {
  new Counter({
    name: 'vitrine_db_upkeep_turns_total',
    help: 'Turns of the embedded database upkeep since start (each reads the table statistics; most do nothing more)',
    registers,
    collect() {
      this.reset();
      this.inc(read().turns);
    },
  });
  const byAction = (name: string, help: string, pick: (counts: UpkeepCounts) => Record<string, number>) =>
    new Counter({
      name,
      help,
      labelNames: ['action'],
      registers,
      collect() {
        this.reset();
        for (const [action, value] of Object.entries(pick(read()))) this.inc({ action }, value);
      },
    });
  byAction(
    'vitrine_db_upkeep_tables_total',
    'Tables the embedded database upkeep worked on: VACUUM (ANALYZE) (action="vacuum") or ANALYZE to count dead rows after a start (action="analyze")',
    (counts) => counts.tables,
  );
  byAction(
    'vitrine_db_upkeep_seconds_total',
    'Seconds those commands held the embedded database (its one connection: requests waited meanwhile), by action',
    (counts) => counts.seconds,
  );
}

function queueMetrics(registers: Registry[], sources: Pick<MetricSources, 'queues' | 'warn'>): void {
  // The gauges are collected together: they share one read of the database per scrape.
  let reading: Promise<QueueBacklog[]> | undefined;
  const backlogs = () => {
    reading ??= sources
      .queues()
      .catch((err: unknown) => {
        sources.warn({ err }, 'metrics: the delivery queues could not be read; their gauges are left out of this scrape');
        return [];
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const gauge = (name: string, help: string, pick: (backlog: QueueBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const backlog of await backlogs()) this.set({ queue: backlog.queue }, pick(backlog));
      },
    });
  gauge('vitrine_queue_waiting', 'Webhook deliveries or mails waiting to be sent (shared by every process)', (backlog) => backlog.waiting);
  gauge('vitrine_queue_retrying', 'Of the waiting ones, those whose earlier attempts failed', (backlog) => backlog.retrying);
  gauge('vitrine_queue_given_up', 'Webhook deliveries or mails given up after their last attempt', (backlog) => backlog.givenUp);
  gauge(
    'vitrine_queue_oldest_age_seconds',
    'Seconds since the oldest waiting item was queued (0: none waits)',
    (backlog) => backlog.oldestAgeSeconds,
  );
}
