import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/support/catalog-fixtures.js';
import { freshDatabase } from '../../test/support/test-database.js';
import { loadConfig } from '../config.js';
import { MediaStore } from '../domains/catalog/media-store.js';
import { CatalogReadService } from '../domains/catalog/read-service.js';
import { EventPublisher } from '../domains/events/publisher.js';
import { catalogIdsOf } from '../domains/pricing/deps.js';
import { PricingService } from '../domains/pricing/service.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { demoWantedAtStart, seedDemoIfEmpty } from './demo-on-start.js';

describe('demoWantedAtStart', () => {
  const secret = 'x'.repeat(32);
  it.each([
    ['an embedded database', {}, false, true],
    ['--no-demo', {}, true, false],
    ['VITRINE_DEMO=false', { VITRINE_DEMO: 'false' }, false, false],
    ['production', { NODE_ENV: 'production', VITRINE_SECRET: secret }, false, false],
    ['production with VITRINE_DEMO=true', { NODE_ENV: 'production', VITRINE_SECRET: secret, VITRINE_DEMO: 'true' }, false, false],
    ['PostgreSQL', { DATABASE_URL: 'postgres://localhost/shop' }, false, false],
  ])('with %s: %s', (_how, env, noDemo, wanted) => {
    expect(demoWantedAtStart(loadConfig(env), noDemo)).toBe(wanted);
  });

  it('lists a VITRINE_DEMO that is not a boolean as a configuration problem', () => {
    expect(() => loadConfig({ VITRINE_DEMO: 'maybe' })).toThrow(/VITRINE_DEMO: /);
  });
});

describe('seedDemoIfEmpty', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  it('leaves a shop that has products alone', async () => {
    await insertProduct(database.db, { name: 'My own mug' });
    let told = false;
    const publicUrl = 'http://shop.test';
    const media = new MediaStore({ db: database.db, dir: '/nonexistent', publicUrl });
    const catalogReads = new CatalogReadService({ db: database.db, publicUrl });
    const pricing = new PricingService({ db: database.db, currency: 'USD', catalog: catalogIdsOf(catalogReads) });
    const deps = { db: database.db, events: new EventPublisher(), currency: 'USD', view: { publicUrl }, media, pricing, catalogReads };
    const result = await seedDemoIfEmpty(deps, () => {
      told = true;
    });
    expect([result, told]).toEqual([undefined, false]);
    const counted = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(1);
  });
});
