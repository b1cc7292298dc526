import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import { DomainError, ValidationFailure } from '../errors.js';
import { idempotencyKeyOf, KEEP_MS, purgeExpired, requestHash, runOnce } from './idempotency.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const scope = (key: string | undefined) => ({ owner: `visitor:${crypto.randomUUID()}`, operation: 'test.op', key });

describe('runOnce', () => {
  it('runs the effect once per key and body, answering the stored answer after', async () => {
    const scoped = scope('k1');
    let runs = 0;
    const effect = async () => ({ run: ++runs });
    const first = await transaction(database.db, (trx) => runOnce(trx, scoped, { a: 1, b: [2] }, effect));
    const again = await transaction(database.db, (trx) => runOnce(trx, scoped, { b: [2], a: 1 }, effect));
    expect([first, again, runs]).toEqual([{ run: 1 }, { run: 1 }, 1]);
  });

  it('refuses the key with another body', async () => {
    const scoped = scope('k2');
    await transaction(database.db, (trx) => runOnce(trx, scoped, { a: 1 }, async () => ({})));
    const error = await transaction(database.db, (trx) => runOnce(trx, scoped, { a: 2 }, async () => ({}))).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('runs every time without a key', async () => {
    let runs = 0;
    for (let i = 0; i < 2; i++) await transaction(database.db, (trx) => runOnce(trx, scope(undefined), {}, async () => ++runs));
    expect(runs).toBe(2);
  });

  it('runs again once the stored answer is older than a day, and purges such answers', async () => {
    const scoped = scope('k3');
    let runs = 0;
    await transaction(database.db, (trx) => runOnce(trx, scoped, {}, async () => ++runs));
    await database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - KEEP_MS - 1000) })
      .where('owner', '=', scoped.owner)
      .execute();
    await transaction(database.db, (trx) => runOnce(trx, scoped, {}, async () => ++runs));
    expect(runs).toBe(2);
    await database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - KEEP_MS - 1000) })
      .where('owner', '=', scoped.owner)
      .execute();
    expect(await purgeExpired(database.db, Date.now() + 10 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await database.db.selectFrom('idempotency_keys').select('key').where('owner', '=', scoped.owner).execute()).toEqual([]);
  });
});

describe('idempotencyKeyOf', () => {
  it.each([
    ['no header', {}, undefined],
    ['a printable key', { 'idempotency-key': 'abc-123_XYZ' }, 'abc-123_XYZ'],
  ])('answers %s', (_n, headers, key) => {
    expect(idempotencyKeyOf(headers)).toBe(key);
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['repeated', ['a', 'b']],
  ])('refuses a key that is %s', (_n, value) => {
    expect(() => idempotencyKeyOf({ 'idempotency-key': value })).toThrow(ValidationFailure);
  });
});

describe('requestHash', () => {
  it('does not depend on key order, and tells bodies apart', () => {
    expect(requestHash({ a: 1, b: { c: [1, 2] } })).toBe(requestHash({ b: { c: [1, 2] }, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
