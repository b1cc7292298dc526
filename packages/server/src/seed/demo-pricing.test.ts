import { beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../test/support/server-for-file.js';
import { startTestServer } from '../../test/support/test-server.js';
import { pickupSlots, seedDemoPricing } from './demo-pricing.js';
import { demoSeedDeps, seedDemoCatalog } from './seed-demo.js';

const server = testServerForFile();

describe('the demo pricing configuration', () => {
  let first: Awaited<ReturnType<typeof seedDemoPricing>>;
  let stickers: string;
  beforeAll(async () => {
    stickers = (await insertCollection(server.database.db, { name: 'Stickers', slug: 'stickers' })).id;
    first = await seedDemoPricing(server.services);
  });

  it('creates regions, options, tax rates, coupons and a plan', () => {
    expect(first).toEqual({ regionsCreated: 3, optionsCreated: 5, taxRatesCreated: 8, couponsCreated: 3, plansCreated: 1 });
  });

  it('is idempotent: a second run creates nothing and duplicates nothing', async () => {
    expect(await seedDemoPricing(server.services)).toEqual({
      regionsCreated: 0,
      optionsCreated: 0,
      taxRatesCreated: 0,
      couponsCreated: 0,
      plansCreated: 0,
    });
    const pricing = server.services.pricing;
    expect((await pricing.shipping.listRegions()).map((region) => [region.name, region.options.length])).toEqual([
      ['United States', 3],
      ['Europe', 1],
      ['Rest of world', 1],
    ]);
    expect((await pricing.coupons.list({ limit: 50, offset: 0 })).total).toBe(3);
    expect(await pricing.memberships.listPlans()).toHaveLength(1);
  });

  it('ships US addresses standard (free above 75), express by weight, or by pickup at the store', async () => {
    const rates = await server.services.pricing.shippingOptionsFor({ country: 'US', subdivision: 'US-NY' });
    expect(rates.map((rate) => [rate.code, rate.kind, rate.price, rate.freeAbove])).toEqual([
      ['us-standard', 'FLAT', 500n, 7500n],
      ['us-express', 'WEIGHT', 6000n, undefined],
      ['us-store-pickup', 'PICKUP', 0n, undefined],
    ]);
    expect(rates[2]).toMatchObject({ pickup: { method: 'STORE_PICKUP', address: { city: 'New York' } }, timeSlot: expect.any(Object) });
  });

  it('ships EU addresses at the European rate and others internationally', async () => {
    const codes = async (country: string) => (await server.services.pricing.shippingOptionsFor({ country })).map((option) => option.code);
    expect(await codes('FR')).toEqual(['eu-standard']);
    expect(await codes('SE')).toEqual(['eu-standard']);
    expect(await codes('JP')).toEqual(['intl']);
  });

  it('taxes New York City at the state and city rates, and Germany at its VAT', async () => {
    const rates = async (address: object) =>
      (await server.services.pricing.taxRatesFor(address)).map((rate) => `${rate.jurisdiction} ${rate.rate}`);
    expect(await rates({ country: 'US', subdivision: 'US-NY', city: 'New York' })).toEqual(['US-NY 0.04', 'New York 0.045']);
    expect(await rates({ country: 'US', subdivision: 'US-CA', city: 'Los Angeles' })).toEqual(['US-CA 0.0725']);
    expect(await rates({ country: 'DE' })).toEqual(['DE 0.19']);
  });

  it('offers the coupons WELCOME10, SHIPFREE and TENOFF', async () => {
    const pricing = server.services.pricing;
    expect(await pricing.couponForCode('welcome10')).toMatchObject({ kind: 'PERCENT', value: '10' });
    expect(await pricing.couponForCode('SHIPFREE')).toMatchObject({ kind: 'FREE_SHIPPING', minimumSubtotal: 5000n });
    expect(await pricing.couponForCode('TenOff')).toMatchObject({ kind: 'AMOUNT', value: '1000', minimumSubtotal: 6000n });
  });

  it('scopes the membership plan to the stickers collection when the catalogue has it', async () => {
    const [plan] = await server.services.pricing.memberships.listPlans();
    expect(plan).toMatchObject({ name: 'Sticker Club', scope: 'COLLECTIONS', scopeIds: [stickers], credits: 10 });
  });
});

describe('pickupSlots', () => {
  it('offers two windows a day for the next two weeks, in order', () => {
    const slots = pickupSlots(new Date('2026-11-22T08:30:00Z'));
    expect(slots).toHaveLength(28);
    expect(slots[0]).toEqual({ from: '2026-11-23T15:00:00.000Z', to: '2026-11-23T17:00:00.000Z' });
    expect(slots[27]).toEqual({ from: '2026-12-06T21:00:00.000Z', to: '2026-12-06T23:00:00.000Z' });
  });
});

describe('the demo shop (vitrine seed --demo, first start)', () => {
  it('gets its pricing configuration with its catalogue', async () => {
    const shop = await startTestServer();
    try {
      await seedDemoCatalog(demoSeedDeps(shop.services));
      expect((await shop.services.pricing.shipping.listRegions()).map((region) => region.name)).toEqual([
        'United States',
        'Europe',
        'Rest of world',
      ]);
      expect((await shop.services.pricing.memberships.listPlans())[0]).toMatchObject({ name: 'Sticker Club', scope: 'COLLECTIONS' });
    } finally {
      await shop.close();
    }
  });
});
