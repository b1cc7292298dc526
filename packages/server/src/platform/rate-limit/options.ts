import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { databaseRateLimitStore } from './database-store.js';

/**
 * The @fastify/rate-limit settings: nothing is limited unless a route opts in with
 * `config: { rateLimit: { max, timeWindow } }` (`{}` takes the default of `perMinute` a minute);
 * clients are keyed by IP (IPv6 by /64); counts live in the database, shared by every process.
 * The 429 is an error with `statusCode` 429, which the error handler turns into the spec's
 * application error (TOO_MANY_REQUESTS) and keeps `retry-after`.
 */
export function rateLimitOptions(db: Kysely<Database>, perMinute: number): RateLimitPluginOptions {
  return {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    store: databaseRateLimitStore(db),
  };
}
