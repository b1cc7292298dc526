import { generateKeyPair, SignJWT } from 'jose';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenOfAnUnknownKey } from '../../../test/support/foreign-token.js';
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

/** Counts the queries that name the signing_keys table, through Kysely's public plugin interface. */
function signingKeyQueries(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  return {
    plugin: {
      transformQuery(args: PluginTransformQueryArgs) {
        if (JSON.stringify(args.node).includes('"signing_keys"')) count++;
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs) => args.result,
    },
    count: () => count,
  };
}

describe('signing keys of processes that start together (#23)', () => {
  it('verifies at once a token of a key another process made right after this one loaded its keys', async () => {
    const serving = new SigningKeys(database.db, 'http://issuer');
    await serving.init();
    const other = new SigningKeys(database.db, 'http://issuer');
    await other.init();
    await other.rotate();
    // no clock moved: the key is looked up when its kid is first met, not at the next periodic re-read
    expect(await serving.verify(await other.sign(claims, 600))).toMatchObject({ sub: 'v1' });
  });

  it('agrees on one signing key when several processes start together on an empty database', async () => {
    const empty = await freshDatabase();
    try {
      const processes = Array.from({ length: 4 }, () => new SigningKeys(empty.db, 'http://issuer'));
      await Promise.all(processes.map((child) => child.init()));
      const kids = await Promise.all(processes.map(async (child) => kidOf(await child.sign(claims, 60))));
      expect(new Set(kids).size).toBe(1);
      expect((await processes[0]?.list())?.map((signingKey) => signingKey.kid)).toEqual([kids[0]]);
    } finally {
      await empty.close();
    }
  });

  it('refuses tokens of an unknown kid with one database lookup for the crowd', async () => {
    const counter = signingKeyQueries();
    const keys = new SigningKeys(database.db.withPlugin(counter.plugin), 'http://issuer');
    await keys.init();
    const before = counter.count();
    const token = await tokenOfAnUnknownKey('http://issuer');
    const answers = await Promise.all(Array.from({ length: 50 }, () => keys.verify(token)));
    for (let i = 0; i < 50; i++) answers.push(await keys.verify(token));
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(counter.count() - before).toBe(1);
  });

  it('refuses a token whose kid is not of our format without asking the database', async () => {
    const counter = signingKeyQueries();
    const keys = new SigningKeys(database.db.withPlugin(counter.plugin), 'http://issuer');
    await keys.init();
    const before = counter.count();
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: "' OR 1=1 --", typ: 'at+jwt' })
      .setIssuer('http://issuer')
      .setExpirationTime('60s')
      .sign(privateKey);
    expect(await keys.verify(token)).toBeNull();
    expect(counter.count()).toBe(before);
  });
});
