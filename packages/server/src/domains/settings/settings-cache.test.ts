import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { detachedFromTransaction } from '../../platform/db/transaction-scope.js';
import { ShopSettingsService } from './service.js';
import type { ShopSettings } from './shop-settings.js';

// One connection (as the embedded database has): a read started while a write's transaction holds it
// waits for that transaction, so it is still loading when the write ends and forgets the settings.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase({ poolSize: 1 });
});
afterAll(() => database?.close());

const seed = { shopName: 'Seeded', sender: { name: 'Seeded', email: 'shop@example.com' } };

/**
 * Calls `read` once, when a transaction locks the shop profile (the start of an update), through
 * Kysely's public plugin interface: the read's load then waits for the update's connection.
 */
function readWhenUpdateLocks(read: () => void): KyselyPlugin {
  let done = false;
  return {
    transformQuery(args: PluginTransformQueryArgs) {
      const query = JSON.stringify(args.node);
      if (!done && query.includes('"shop_profile"') && query.includes('"ForUpdate"')) {
        done = true;
        read();
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
}

describe('the shop settings cache', () => {
  it('answers a read whose load was in flight when the same process updated the settings (#23)', async () => {
    let reading: Promise<ShopSettings> | undefined;
    // a shopper's request, not part of the update: outside its transaction's scope
    const plugin = readWhenUpdateLocks(() => {
      reading = detachedFromTransaction(() => settings.current());
    });
    const settings = new ShopSettingsService({ db: database.db.withPlugin(plugin), seed });
    const updated = await settings.update({ shopName: 'Renamed' });
    expect(updated.shopName).toBe('Renamed');
    expect(reading).toBeDefined();
    // before #23 this read failed with lru-cache's "deleted": its fetch was aborted by the update's clear()
    await expect(reading).resolves.toMatchObject({ shopName: 'Renamed' });
    expect((await settings.current()).shopName).toBe('Renamed');
  });
});
