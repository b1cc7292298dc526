/**
 * `recent` reads of shipping options and tax rates (#5): the pricing service answers them from its
 * memo for up to MAX_AGE_MS, keyed by country, over the real database. The clock is moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import type { PricingAddress } from '../cart/pricing-port.js';
import { MAX_AGE_MS, type PricingMemos, pricingMemos, recentMemo } from './deps.js';
import { PricingService } from './service.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const RECENT = { recent: true };
const code = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/** A pricing service as one server process has it, on a clock the test moves; `memos` to bound them differently. */
function processOf(memos?: (now: () => number) => PricingMemos) {
  const clock = { now: Date.parse('2030-01-01T00:00:00Z') };
  const now = () => clock.now;
  const remembered = (memos ?? pricingMemos)(now);
  const pricing = new PricingService({
    db: database.db,
    currency: 'USD',
    catalog: { unknownIds: async () => [] },
    now: () => new Date(clock.now),
    memos: remembered,
  });
  const options = async (pricingAddress: PricingAddress, choice?: { recent?: boolean }) =>
    (await pricing.shippingOptionsFor(pricingAddress, choice)).map((shippingRate) => `${shippingRate.title} ${shippingRate.price}`);
  const rates = async (pricingAddress: PricingAddress, choice?: { recent?: boolean }) =>
    (await pricing.taxRatesFor(pricingAddress, choice)).map((taxRateRule) => `${taxRateRule.jurisdiction} ${taxRateRule.rate}`);
  return { pricing, clock, memos: remembered, options, rates };
}

/** A region of `country` with one flat option, and a country-wide tax rate, made through `pricing`'s admins. */
async function configure(pricing: PricingService, country: string, price: string, rate: string) {
  const region = await pricing.shipping.createRegion({ name: country, countries: [country] });
  const option = await pricing.shipping.addOption(region.id, { code: code('std'), title: 'Standard', kind: 'FLAT', price });
  const taxRate = await pricing.tax.createRate({ name: `${country} tax`, jurisdictionType: 'COUNTRY', country, rate });
  return { region, option, taxRate };
}

describe('recent shipping options and tax rates', () => {
  it("answers another process's change after MAX_AGE_MS, and reads without `recent` see it at once", async () => {
    const here = processOf();
    const other = processOf();
    const germany = await configure(other.pricing, 'DE', '5.00', '0.19');
    expect(await here.options({ country: 'DE' }, RECENT)).toEqual(['Standard 500']);
    expect(await here.rates({ country: 'DE' }, RECENT)).toEqual(['DE 0.19']);

    await other.pricing.shipping.updateOption(germany.region.id, germany.option.id, { price: '6.00' });
    await other.pricing.tax.updateRate(germany.taxRate.id, { rate: '0.07' });
    here.clock.now += MAX_AGE_MS - 1;
    expect(await here.options({ country: 'DE' }, RECENT)).toEqual(['Standard 500']);
    expect(await here.rates({ country: 'DE' }, RECENT)).toEqual(['DE 0.19']);
    expect(await here.options({ country: 'DE' })).toEqual(['Standard 600']);
    expect(await here.rates({ country: 'DE' })).toEqual(['DE 0.07']);

    here.clock.now += 1;
    expect(await here.options({ country: 'DE' }, RECENT)).toEqual(['Standard 600']);
    expect(await here.rates({ country: 'DE' }, RECENT)).toEqual(['DE 0.07']);
  });

  it("sees a change made through this process's admins at once", async () => {
    const { pricing, options, rates } = processOf();
    const france = await configure(pricing, 'FR', '4.00', '0.2');
    expect(await options({ country: 'FR' }, RECENT)).toEqual(['Standard 400']);
    expect(await rates({ country: 'FR' }, RECENT)).toEqual(['FR 0.2']);

    await pricing.shipping.updateOption(france.region.id, france.option.id, { price: '4.50' });
    await pricing.tax.updateRate(france.taxRate.id, { rate: '0.055' });
    expect(await options({ country: 'FR' }, RECENT)).toEqual(['Standard 450']);
    expect(await rates({ country: 'FR' }, RECENT)).toEqual(['FR 0.055']);

    await pricing.shipping.addOption(france.region.id, { code: code('exp'), title: 'Express', kind: 'FLAT', price: '9.00', position: 1 });
    await pricing.tax.createRate({ name: 'Paris', jurisdictionType: 'CITY', country: 'FR', city: 'Paris', rate: '0.01' });
    expect(await options({ country: 'FR', city: 'Paris' }, RECENT)).toEqual(['Standard 450', 'Express 900']);
    expect(await rates({ country: 'FR', city: 'Paris' }, RECENT)).toEqual(['FR 0.055', 'Paris 0.01']);

    await pricing.shipping.deleteRegion(france.region.id);
    await pricing.tax.deleteRate(france.taxRate.id);
    expect(await options({ country: 'FR' }, RECENT)).toEqual([]);
    expect(await rates({ country: 'FR' }, RECENT)).toEqual([]);
  });

  it('matches every address of a remembered country on its own: one entry per country', async () => {
    const { pricing, memos, options, rates } = processOf();
    const whole = await pricing.shipping.createRegion({ name: 'US', countries: ['US'] });
    await pricing.shipping.addOption(whole.id, { code: code('std'), title: 'Standard', kind: 'FLAT', price: '5.00' });
    const far = await pricing.shipping.createRegion({ name: 'Alaska', countries: ['US'], subdivisions: ['US-AK'] });
    await pricing.shipping.addOption(far.id, { code: code('far'), title: 'Far', kind: 'FLAT', price: '25.00' });
    await pricing.tax.createRate({ name: 'NY', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
    await pricing.tax.createRate({
      name: 'NYC',
      jurisdictionType: 'CITY',
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      rate: '0.045',
    });
    const special = { name: 'MCTD', jurisdictionType: 'SPECIAL' as const, country: 'US', subdivision: 'US-NY', postalCodes: ['10001'] };
    await pricing.tax.createRate({ ...special, rate: '0.00375' });

    expect(await options({ country: 'US', subdivision: 'NY' }, RECENT)).toEqual(['Standard 500']);
    expect(await options({ country: 'us', subdivision: 'US-AK' }, RECENT)).toEqual(['Far 2500']);
    expect(await rates({ country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }, RECENT)).toEqual([
      'US-NY 0.04',
      'New York 0.045',
      'MCTD 0.00375',
    ]);
    expect(await rates({ country: 'US', subdivision: 'US-NY', city: 'Buffalo', postalCode: '14201' }, RECENT)).toEqual(['US-NY 0.04']);
    expect(await rates({ country: 'US', subdivision: 'US-CA' }, RECENT)).toEqual([]);
    expect([memos.shipping.size, memos.tax.size]).toEqual([1, 1]);
  });

  it('drops delivery slots that ended while the options are remembered', async () => {
    const { pricing, clock } = processOf();
    const region = await pricing.shipping.createRegion({ name: 'Italy', countries: ['IT'] });
    const from = new Date(clock.now - 60_000).toISOString();
    const to = new Date(clock.now + MAX_AGE_MS / 2).toISOString();
    await pricing.shipping.addOption(region.id, {
      code: code('slot'),
      title: 'Courier',
      kind: 'FLAT',
      price: '3.00',
      timeSlots: [{ from, to }],
    });
    expect((await pricing.shippingOptionsFor({ country: 'IT' }, RECENT))[0]?.timeSlots).toEqual([{ from, to }]);
    clock.now += MAX_AGE_MS / 2;
    expect((await pricing.shippingOptionsFor({ country: 'IT' }, RECENT))[0]?.timeSlots).toBeUndefined();
  });

  it('remembers at most its bound of countries, whatever countries shoppers type', async () => {
    const bounded = (now: () => number): PricingMemos => ({
      ...pricingMemos(now),
      shipping: recentMemo(now, 5),
      tax: recentMemo(now, 5),
    });
    const { memos, options, rates } = processOf(bounded);
    for (let i = 0; i < 12; i++) {
      const country = `Z${i}`;
      expect(await options({ country }, RECENT)).toEqual([]);
      expect(await rates({ country }, RECENT)).toEqual([]);
    }
    expect([memos.shipping.size, memos.tax.size]).toEqual([5, 5]);
  });
});
