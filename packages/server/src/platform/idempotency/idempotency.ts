/**
 * `Idempotency-Key` on writes that must not happen twice (add-to-cart, create-checkout): the first
 * answer is stored with a hash of its request; the same key with the same body answers the stored
 * answer without a second effect; the same key with another body is refused. Keys are scoped by
 * owner and operation, checked and stored inside the caller's write transaction (after its row lock,
 * so two requests with one key are serialised), and kept for a day.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { DomainError, ValidationFailure } from '../errors.js';
import { IdempotencyErrors } from './errors.js';

/** The request header carrying the key. */
const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long answers are kept. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** Expired keys are purged by writers, at most this often per process. */
const PURGE_EVERY_MS = 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Who and what a key belongs to. */
export interface IdempotencyScope {
  /** `visitor:<id>` | `member:<id>` | `app:<id>` */
  owner: string;
  /** the call: `cart.add-to-cart`, `checkout.create` */
  operation: string;
  /** undefined: the call was sent without a key (no replay protection) */
  key: string | undefined;
}

/**
 * The key a request sent, or undefined without the header.
 * @throws ValidationFailure when the header is not 1–255 printable ASCII characters (or is repeated)
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_FORMAT.test(raw)) {
    throw new ValidationFailure([
      { field: 'Idempotency-Key', description: 'must be 1 to 255 printable ASCII characters', violatedRule: 'FORMAT' },
    ]);
  }
  return raw;
}

/** SHA-256 of a request body in a canonical JSON form (object keys sorted), so key order does not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

let lastPurge = 0;

/**
 * Runs `effect` once per key: a stored answer for the same key and body is returned instead, and
 * the answer of a first run is stored. Call it inside the write transaction, after taking the lock
 * of the entity the effect writes.
 * @throws DomainError IDEMPOTENCY_KEY_REUSED (the key was used with another body)
 */
export async function runOnce<T>(trx: Transaction<Database>, scope: IdempotencyScope, body: unknown, effect: () => Promise<T>): Promise<T> {
  if (scope.key === undefined) return effect();
  const key = { owner: scope.owner, operation: scope.operation, key: scope.key };
  const hash = requestHash(body);
  const stored = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response', 'created_at'])
    .where('owner', '=', key.owner)
    .where('operation', '=', key.operation)
    .where('key', '=', key.key)
    .executeTakeFirst();
  const fresh = stored && stored.created_at.getTime() > Date.now() - KEEP_MS;
  if (stored && fresh) {
    if (stored.request_hash !== hash) throw new DomainError(IdempotencyErrors.IDEMPOTENCY_KEY_REUSED, { idempotencyKey: key.key });
    return stored.response as T;
  }
  const answer = await effect();
  await trx
    .insertInto('idempotency_keys')
    .values({ ...key, request_hash: hash, response: JSON.stringify(answer), created_at: new Date() })
    // an expired answer under the same key is replaced
    .onConflict((oc) =>
      oc
        .columns(['owner', 'operation', 'key'])
        .doUpdateSet({ request_hash: hash, response: JSON.stringify(answer), created_at: new Date() }),
    )
    .execute();
  await purgeExpired(trx);
  return answer;
}

/** Deletes answers older than a day (at most once a minute per process: cheap, and enough to bound the table). */
export async function purgeExpired(db: Kysely<Database>, now = Date.now()): Promise<number> {
  if (now - lastPurge < PURGE_EVERY_MS) return 0;
  lastPurge = now;
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - KEEP_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
