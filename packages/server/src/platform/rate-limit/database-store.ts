import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteExpiredCounters, incrementCounter, readCounters } from './counters.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child()`: the merged route options, with the route itself in `routeInfo`. */
interface ChildOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Expired counters are swept at most this often per process (they are harmless until then). */
const SWEEP_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store over the `counters` table, so every server process sharing the
 * database counts the same requests. `continueExceeding` and `exponentialBackoff` are not supported
 * (fixed windows only).
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  const sweep = { last: 0 };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Keeps routes apart: the plugin's key is only the client IP (plus the group id, if any). */
    private readonly prefix: string;

    constructor(options: FastifyRateLimitOptions & ChildOptions = {}) {
      this.prefix = routePrefix(options);
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      this.count(key, timeWindow).then(
        (result) => cb(null, result),
        (error: Error) => cb(error),
      );
    }

    /** The current state without counting a request (`createRateLimit()(req, { increment: false })`). */
    read(key: string, cb: Callback): void {
      readCounters(db, [this.prefix + key]).then(
        (counters) => {
          const counter = counters.get(this.prefix + key);
          cb(null, counter ? { current: counter.count, ttl: counter.ttlMs } : { current: 0, ttl: 0 });
        },
        (error: Error) => cb(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as ChildOptions);
    }

    private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
      const { count, ttlMs } = await incrementCounter(db, this.prefix + key, timeWindow);
      if (Date.now() - sweep.last > SWEEP_EVERY_MS) {
        sweep.last = Date.now();
        // Housekeeping only: a failed sweep must not fail the request; the next one retries.
        await deleteExpiredCounters(db).catch(() => {});
      }
      return { current: count, ttl: ttlMs };
    }
  }

  return DatabaseRateLimitStore;
}

/** `rl:<method>:<url>:` for a route, `rl:group:` for routes grouped by `groupId` (the plugin appends it to the key). */
function routePrefix(options: ChildOptions): string {
  if (options.groupId) return 'rl:group:';
  const info = options.routeInfo;
  if (!info?.url) return 'rl:global:';
  const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
  return `rl:${method}:${info.url}:`;
}
