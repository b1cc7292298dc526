/** The pricing configuration as the cart sees it (`PricingPort`), over the real database. */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { insertActiveMember } from '../../../test/support/members.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { DomainError } from '../../platform/errors.js';
import type { PricingService } from './service.js';

const server = testServerForFile();
let pricing: PricingService;
beforeAll(async () => {
  pricing = server.services.pricing;
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const code = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 6)}`;

/** The error code (and description) a call failed with. */
async function failure(pending: Promise<unknown>): Promise<{ code: string; description?: string }> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, description: error.description };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** An order placed with the coupon (as checkout writes them). */
async function placeOrder(couponId: string, who: { memberId?: string; email: string; status?: 'APPROVED' | 'CANCELED' }) {
  const db = server.database.db;
  const checkout = await db
    .insertInto('checkouts')
    .values({ currency: 'USD', line_items: '[]', status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('orders')
    .values({
      checkout_id: checkout.id,
      member_id: who.memberId ?? null,
      email: who.email,
      currency: 'USD',
      status: who.status ?? 'APPROVED',
      payment_method: 'bank-transfer',
      coupon_id: couponId,
      line_items: '[]',
      totals: '{}',
    })
    .execute();
}

describe('couponForCode', () => {
  it('finds a coupon whatever the case of the code, as the engine applies it', async () => {
    const coupon = await pricing.coupons.create({ code: code('Welcome'), name: 'Welcome', kind: 'PERCENT', value: '10.50' });
    expect(await pricing.couponForCode(coupon.code.toLowerCase())).toEqual({
      id: coupon.id,
      code: coupon.code,
      name: 'Welcome',
      kind: 'PERCENT',
      value: '10.5',
      scope: { kind: 'ALL' },
    });
    expect((await pricing.couponForCode(` ${coupon.code.toUpperCase()} `)).id).toBe(coupon.id);
  });

  it('gives amounts in minor units and the minimum subtotal as bigint', async () => {
    const coupon = await pricing.coupons.create({
      code: code('TENOFF'),
      name: '10 off',
      kind: 'AMOUNT',
      value: '10',
      minimumSubtotal: '60',
    });
    expect(await pricing.couponForCode(coupon.code)).toMatchObject({ kind: 'AMOUNT', value: '1000', minimumSubtotal: 6000n });
    const freeShipping = await pricing.coupons.create({ code: code('SHIP'), name: 'Free shipping', kind: 'FREE_SHIPPING' });
    expect(await pricing.couponForCode(freeShipping.code)).toMatchObject({ kind: 'FREE_SHIPPING', value: '0' });
  });

  it('answers COUPON_NOT_FOUND for an unknown code', async () => {
    expect(await failure(pricing.couponForCode('NO-SUCH-CODE'))).toMatchObject({ code: 'COUPON_NOT_FOUND' });
  });

  it('answers COUPON_NOT_ACTIVE for an inactive coupon and for one that has not started', async () => {
    const off = await pricing.coupons.create({ code: code('OFF'), name: 'x', kind: 'PERCENT', value: '5', active: false });
    expect(await failure(pricing.couponForCode(off.code))).toEqual({ code: 'COUPON_NOT_ACTIVE', description: 'The coupon is not active' });
    const later = await pricing.coupons.create({ code: code('LATER'), name: 'x', kind: 'PERCENT', value: '5', startsAt: inDays(2) });
    expect(await failure(pricing.couponForCode(later.code))).toEqual({
      code: 'COUPON_NOT_ACTIVE',
      description: `The coupon is valid from ${later.startsAt}`,
    });
  });

  it('answers COUPON_EXPIRED after the expiry, and accepts it inside its period', async () => {
    const old = await pricing.coupons.create({
      code: code('OLD'),
      name: 'x',
      kind: 'PERCENT',
      value: '5',
      startsAt: inDays(-10),
      expiresAt: inDays(-1),
    });
    expect(await failure(pricing.couponForCode(old.code))).toMatchObject({ code: 'COUPON_EXPIRED' });
    const now = await pricing.coupons.create({
      code: code('NOW'),
      name: 'x',
      kind: 'PERCENT',
      value: '5',
      startsAt: inDays(-1),
      expiresAt: inDays(1),
    });
    expect((await pricing.couponForCode(now.code)).id).toBe(now.id);
  });

  it('answers COUPON_USAGE_EXCEEDED when the usage limit is used up', async () => {
    const coupon = await pricing.coupons.create({ code: code('ONCE'), name: 'x', kind: 'PERCENT', value: '5', usageLimit: 2 });
    await server.database.db.updateTable('coupons').set({ times_used: 1 }).where('id', '=', coupon.id).execute();
    expect((await pricing.couponForCode(coupon.code)).id).toBe(coupon.id);
    await server.database.db.updateTable('coupons').set({ times_used: 2 }).where('id', '=', coupon.id).execute();
    expect(await failure(pricing.couponForCode(coupon.code))).toMatchObject({ code: 'COUPON_USAGE_EXCEEDED' });
  });

  it('counts the per-customer limit by member id or e-mail (any case), not canceled orders', async () => {
    const email = uniqueEmail();
    const memberId = await insertActiveMember(server.database.db, email);
    const coupon = await pricing.coupons.create({ code: code('PERME'), name: 'x', kind: 'PERCENT', value: '5', limitPerCustomer: 1 });
    await placeOrder(coupon.id, { memberId: undefined, email: 'someone@example.com', status: 'CANCELED' });
    await placeOrder(coupon.id, { memberId: undefined, email: email.toUpperCase(), status: 'CANCELED' });
    expect((await pricing.couponForCode(coupon.code, { memberId, email })).id).toBe(coupon.id);
    await placeOrder(coupon.id, { memberId, email });
    expect(await failure(pricing.couponForCode(coupon.code, { memberId }))).toEqual({
      code: 'COUPON_USAGE_EXCEEDED',
      description: 'This customer has already used the coupon the maximum number of times',
    });
    expect(await failure(pricing.couponForCode(coupon.code, { email: email.toUpperCase() }))).toMatchObject({
      code: 'COUPON_USAGE_EXCEEDED',
    });
    expect((await pricing.couponForCode(coupon.code, { email: uniqueEmail() })).id).toBe(coupon.id);
    expect((await pricing.couponForCode(coupon.code)).id).toBe(coupon.id);
  });
});

describe('couponById', () => {
  it('answers the coupon while it applies and undefined once it does not', async () => {
    const coupon = await pricing.coupons.create({ code: code('BYID'), name: 'x', kind: 'PERCENT', value: '5' });
    expect((await pricing.couponById(coupon.id))?.code).toBe(coupon.code);
    await pricing.coupons.update(coupon.id, { expiresAt: inDays(-1) });
    expect(await pricing.couponById(coupon.id)).toBeUndefined();
    await pricing.coupons.delete(coupon.id);
    expect(await pricing.couponById(coupon.id)).toBeUndefined();
    expect(await pricing.couponById('not-a-uuid')).toBeUndefined();
  });
});

describe('shippingOptionsFor', () => {
  let world: { id: string };
  const nextSlot = { from: inDays(1), to: inDays(2) };
  beforeAll(async () => {
    const shippingAdmin = pricing.shipping;
    const region = await shippingAdmin.createRegion({ name: 'United States', countries: ['US'], position: 0 });
    await shippingAdmin.addOption(region.id, {
      code: 'us-express',
      title: 'Express',
      kind: 'WEIGHT',
      price: '40',
      weightTiers: [
        { upTo: '1', price: '12' },
        { upTo: '5', price: '20.5' },
      ],
      position: 1,
    });
    await shippingAdmin.addOption(region.id, {
      code: 'us-standard',
      title: 'Standard',
      kind: 'FLAT',
      price: '5',
      freeAbove: '75',
      deliveryTime: '3-5 business days',
      position: 0,
    });
    await shippingAdmin.addOption(region.id, { code: 'us-retired', title: 'Retired', kind: 'FLAT', price: '1', active: false });
    const remote = await shippingAdmin.createRegion({
      name: 'Alaska and Hawaii',
      countries: ['US'],
      subdivisions: ['US-AK', 'US-HI'],
      position: 5,
    });
    await shippingAdmin.addOption(remote.id, { code: 'us-remote', title: 'Remote', kind: 'FLAT', price: '25' });
    const europe = await shippingAdmin.createRegion({ name: 'Europe', countries: ['FR', 'DE'] });
    await shippingAdmin.addOption(europe.id, {
      code: 'eu-pickup',
      title: 'Pick up in Paris',
      kind: 'PICKUP',
      pickup: { method: 'PICKUP_POINT', address: { city: 'Paris', country: 'FR' } },
      timeSlots: [{ from: inDays(-2), to: inDays(-1) }, { from: inDays(3), to: inDays(4) }, nextSlot],
    });
    world = await shippingAdmin.createRegion({ name: 'Rest of world', countries: ['*'], position: 9 });
    await shippingAdmin.addOption(world.id, {
      code: 'intl',
      title: 'International',
      kind: 'WEIGHT',
      price: '80',
      weightTiers: [{ upTo: '2', price: '30' }],
    });
  });

  const codes = async (address: object) => (await pricing.shippingOptionsFor(address)).map((shippingRate) => shippingRate.code);

  it('answers the active options of the country’s region in position order, prices in minor units', async () => {
    const rates = await pricing.shippingOptionsFor({ country: 'US', subdivision: 'US-NY' });
    expect(rates).toEqual([
      {
        code: 'us-standard',
        title: 'Standard',
        carrierId: 'vitrine',
        kind: 'FLAT',
        price: 500n,
        weightTiers: [],
        freeAbove: 7500n,
        deliveryTime: '3-5 business days',
      },
      {
        code: 'us-express',
        title: 'Express',
        carrierId: 'vitrine',
        kind: 'WEIGHT',
        price: 4000n,
        weightTiers: [
          { upTo: '1', price: 1200n },
          { upTo: '5', price: 2050n },
        ],
      },
    ]);
  });

  it('prefers the region narrowed to the address’s subdivision (bare or ISO 3166-2)', async () => {
    expect(await codes({ country: 'US', subdivision: 'US-AK' })).toEqual(['us-remote']);
    expect(await codes({ country: 'us', subdivision: 'hi' })).toEqual(['us-remote']);
    expect(await codes({ country: 'US' })).toEqual(['us-standard', 'us-express']);
  });

  it('falls back to the rest of the world for a country no region names', async () => {
    expect(await codes({ country: 'JP', city: 'Tokyo' })).toEqual(['intl']);
  });

  it('answers nothing without a country, or when nothing covers the address', async () => {
    expect(await codes({ city: 'Nowhere' })).toEqual([]);
    await pricing.shipping.deleteRegion(world.id);
    expect(await codes({ country: 'JP' })).toEqual([]);
  });

  it('offers a pickup option with its address and its next time slot that is not over', async () => {
    const [pickup] = await pricing.shippingOptionsFor({ country: 'FR', city: 'Lyon' });
    expect(pickup).toMatchObject({
      code: 'eu-pickup',
      kind: 'PICKUP',
      price: 0n,
      pickup: { method: 'PICKUP_POINT', address: { city: 'Paris', country: 'FR' } },
    });
    expect(pickup?.timeSlot).toEqual(nextSlot);
  });
});

describe('taxRatesFor', () => {
  beforeAll(async () => {
    const taxAdmin = pricing.tax;
    await taxAdmin.createRate({
      name: 'New York City',
      jurisdictionType: 'CITY',
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      rate: '0.045',
    });
    await taxAdmin.createRate({ name: 'New York State', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
    await taxAdmin.createRate({
      name: 'MCTD',
      jurisdictionType: 'SPECIAL',
      country: 'US',
      subdivision: 'US-NY',
      postalCodes: ['10001', '10002'],
      rate: '0.00375',
    });
    await taxAdmin.createRate({ name: 'California', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-CA', rate: '0.0725' });
    await taxAdmin.createRate({
      name: 'Westchester',
      jurisdictionType: 'COUNTY',
      country: 'US',
      subdivision: 'US-NY',
      county: 'Westchester',
      postalCodes: ['10701', '10601'],
      rate: '0.04',
      appliesToShipping: false,
    });
    await taxAdmin.createRate({ name: 'Germany', jurisdictionType: 'COUNTRY', country: 'DE', rate: '0.19' });
  });

  const summary = async (address: object) =>
    (await pricing.taxRatesFor(address)).map(
      (taxRateRule) => `${taxRateRule.jurisdictionType} ${taxRateRule.jurisdiction} ${taxRateRule.rate}`,
    );

  it('adds the state and city rates at a city address, broadest first', async () => {
    expect(await summary({ country: 'US', subdivision: 'US-NY', city: 'new york', postalCode: '10018' })).toEqual([
      'STATE US-NY 0.04',
      'CITY New York 0.045',
    ]);
  });

  it('adds a SPECIAL district only at its postal codes', async () => {
    expect(await summary({ country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: ' 10001 ' })).toEqual([
      'STATE US-NY 0.04',
      'CITY New York 0.045',
      'SPECIAL MCTD 0.00375',
    ]);
  });

  it('applies a county rate at its postal codes (a cart address names no county), with its shipping flag', async () => {
    const rates = await pricing.taxRatesFor({ country: 'US', subdivision: 'US-NY', city: 'Yonkers', postalCode: '10701' });
    expect(rates.map((rate) => [rate.jurisdiction, rate.appliesToShipping])).toEqual([
      ['US-NY', true],
      ['Westchester', false],
    ]);
    expect(await summary({ country: 'US', subdivision: 'US-NY', city: 'Yonkers', postalCode: '10801' })).toEqual(['STATE US-NY 0.04']);
    expect(await summary({ country: 'US', subdivision: 'US-NY', city: 'Yonkers', county: 'Kings', postalCode: '10701' })).toEqual([
      'STATE US-NY 0.04',
    ]);
  });

  it('keeps rates of other places out (a city of the same name in another state)', async () => {
    expect(await summary({ country: 'US', subdivision: 'US-CA', city: 'New York' })).toEqual(['STATE US-CA 0.0725']);
    expect(await summary({ country: 'DE', city: 'Berlin' })).toEqual(['COUNTRY DE 0.19']);
    expect(await summary({ country: 'JP' })).toEqual([]);
    expect(await summary({})).toEqual([]);
  });
});

describe('settings', () => {
  it.each([
    ['MANUAL', { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }],
    ['AUTO', { rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_DEACTIVATED' }],
    ['NONE', { rateType: 'NO_TAX_COLLECTED' }],
  ] as const)('maps the tax mode %s to the estimate’s rate type', async (taxMode, expected) => {
    await pricing.tax.updateSettings({ taxMode, taxIncludedInPrices: true, taxShipping: false });
    expect(await pricing.settings()).toEqual({ taxIncludedInPrices: true, taxShipping: false, taxMode: expected });
  });
});

describe('membershipsOf', () => {
  it('answers every membership of the member, with why the unusable ones cannot pay', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const membershipAdmin = pricing.memberships;
    const gold = await membershipAdmin.createPlan({ name: 'Gold', credits: 10 });
    const unlimited = await membershipAdmin.createPlan({ name: 'Unlimited' });
    const retired = await membershipAdmin.createPlan({ name: 'Retired' });
    const valid = await membershipAdmin.grant({ planId: gold.id, memberId, expiresAt: inDays(30) });
    await membershipAdmin.grant({ planId: gold.id, memberId, expiresAt: inDays(-1) });
    await membershipAdmin.grant({ planId: gold.id, memberId, credits: 0 });
    await membershipAdmin.grant({ planId: unlimited.id, memberId });
    await membershipAdmin.grant({ planId: retired.id, memberId });
    await membershipAdmin.updatePlan(retired.id, { active: false });
    const held = await pricing.membershipsOf(memberId);
    expect(held[0]).toEqual({
      id: valid.id,
      planId: gold.id,
      name: 'Gold',
      scope: { kind: 'ALL' },
      expiresAt: new Date(valid.expiresAt as string),
      creditsRemaining: 10,
      creditsTotal: 10,
    });
    expect(held.map((membership) => [membership.name, membership.creditsRemaining, membership.invalidReason])).toEqual([
      ['Gold', 10, undefined],
      ['Gold', 10, 'The membership has expired'],
      ['Gold', 0, 'The membership has no credits left'],
      ['Unlimited', null, undefined],
      ['Retired', null, 'The membership plan is no longer offered'],
    ]);
    expect(await pricing.membershipsOf(crypto.randomUUID())).toEqual([]);
    expect(await pricing.membershipsOf('nobody')).toEqual([]);
  });
});
