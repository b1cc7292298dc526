import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { SigningKeys } from './keys.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());
afterEach(() => {
  vi.useRealTimers();
});

const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()).kid as string;
const claims = { sub: 'v1', role: 'visitor' as const, client_id: 'c' };

describe('signing keys across processes', () => {
  it('signs with a key another process rotated in, within a minute, and verifies tokens of both', async () => {
    const serving = new SigningKeys(database.db, 'http://issuer');
    await serving.init();
    const before = await serving.sign(claims, 600);
    const cli = new SigningKeys(database.db, 'http://issuer');
    await cli.init();
    const kid = await cli.rotate();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    // the first signature after a minute starts the re-read; the new key signs once it is in
    await serving.sign(claims, 600);
    let after = '';
    await vi.waitFor(async () => {
      after = await serving.sign(claims, 600);
      expect(kidOf(after)).toBe(kid);
    });
    expect(kidOf(before)).not.toBe(kid);
    expect(await serving.verify(before)).not.toBeNull();
    expect(await serving.verify(after)).not.toBeNull();
  });

  it('signs inside a transaction when its keys are due a re-read (the embedded database has one connection)', async () => {
    const keys = new SigningKeys(database.db, 'http://issuer');
    await keys.init();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const signed = transaction(database.db, async (trx) => {
      await trx.selectFrom('signing_keys').select('kid').execute();
      return keys.sign(claims, 600);
    });
    const stuck = new Promise((resolve) => setTimeout(resolve, 5_000, 'stuck'));
    expect(await keys.verify((await Promise.race([signed, stuck])) as string)).toMatchObject({ sub: 'v1' });
  });

  it('verifies a token signed by a key it has not loaded yet (reload on unknown kid)', async () => {
    const serving = new SigningKeys(database.db, 'http://issuer');
    await serving.init();
    const other = new SigningKeys(database.db, 'http://issuer');
    await other.init();
    await other.rotate();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_000 });
    expect(await serving.verify(await other.sign(claims, 600))).toMatchObject({ sub: 'v1' });
  });

  it('rejects a token of another issuer', async () => {
    const keys = new SigningKeys(database.db, 'http://issuer');
    await keys.init();
    const foreign = new SigningKeys(database.db, 'http://elsewhere');
    await foreign.init();
    expect(await keys.verify(await foreign.sign(claims, 60))).toBeNull();
  });
});
