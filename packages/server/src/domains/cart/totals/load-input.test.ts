import { describe, expect, it } from 'vitest';
import type { HeldMembership, PricingAddress, PricingPort } from '../pricing-port.js';
import { loadTotalsInput } from './load-input.js';
import type { CouponRule, PricedLine, ShippingRate, TaxRateRule } from './model.js';

// A fixed pricing configuration behind the port (the real service is exercised in load-input.pricing.test.ts).
const COUPON: CouponRule = { id: 'c-1', code: 'SAVE10', name: 'Save 10', kind: 'PERCENT', value: '10', scope: { kind: 'ALL' } };
const OPTIONS: ShippingRate[] = [{ code: 'std', title: 'Standard', carrierId: 'shop', kind: 'FLAT', price: 500n, weightTiers: [] }];
const RATES: TaxRateRule[] = [
  { id: 't', name: 'VAT', jurisdiction: 'FR', jurisdictionType: 'COUNTRY', rate: '0.2', appliesToShipping: true },
];

function held(id: string, extra: Partial<HeldMembership> = {}): HeldMembership {
  return {
    id,
    planId: `plan-${id}`,
    name: `Plan ${id}`,
    scope: { kind: 'ALL' },
    expiresAt: null,
    creditsRemaining: null,
    creditsTotal: null,
    ...extra,
  };
}

function pricing(memberships: HeldMembership[] = []) {
  const calls: string[] = [];
  /** the `recent` each configuration read was asked with */
  const recent: Record<string, boolean | undefined> = {};
  const port: PricingPort = {
    settings: async (options) => {
      recent.settings = options?.recent;
      return {
        taxIncludedInPrices: true,
        taxShipping: true,
        taxMode: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
      };
    },
    couponForCode: async () => COUPON,
    couponById: async (id, customer) => {
      calls.push(`coupon ${id} ${JSON.stringify(customer ?? null)}`);
      return id === COUPON.id ? COUPON : undefined;
    },
    shippingOptionsFor: async (address: PricingAddress, options) => {
      calls.push(`shipping ${address.country}`);
      recent.shipping = options?.recent;
      return OPTIONS;
    },
    taxRatesFor: async (address: PricingAddress, options) => {
      calls.push(`tax ${address.country}`);
      recent.tax = options?.recent;
      return RATES;
    },
    membershipsOf: async (memberId) => {
      calls.push(`memberships ${memberId}`);
      return memberships;
    },
  };
  return { port, calls, recent };
}

function line(id: string, quantity = 1, extra: Partial<PricedLine> = {}): PricedLine {
  return { id, productId: `p-${id}`, collectionIds: [], quantity, unitPrice: 1000n, fullUnitPrice: 1000n, shippable: true, ...extra };
}

describe('loadTotalsInput', () => {
  it('brings the settings, the coupon, the options and rates of the address together', async () => {
    const { port, calls } = pricing();
    const { input, memberships, droppedCoupon } = await loadTotalsInput(port, {
      currency: 'EUR',
      lines: [line('a')],
      couponId: 'c-1',
      merchantDiscounts: [{ amount: 100n }],
      shippingAddress: { country: 'FR' },
      selectedShippingOption: { code: 'std' },
      email: 'ann@example.com',
    });
    expect(input).toEqual({
      currency: 'EUR',
      taxIncludedInPrices: true,
      lines: [line('a')],
      coupon: COUPON,
      merchantDiscounts: [{ amount: 100n }],
      shipping: { options: OPTIONS, selectedCode: 'std' },
      tax: { mode: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }, rates: RATES, taxShipping: true },
    });
    expect(memberships).toEqual({ eligible: [], invalid: [], selected: [] });
    expect(droppedCoupon).toBeUndefined();
    expect(calls.sort()).toEqual(['coupon c-1 {"email":"ann@example.com"}', 'shipping FR', 'tax FR']);
  });

  it('reads settings, options and rates up to a second old only when asked (estimates), else the stored rows (#5)', async () => {
    const params = { currency: 'EUR', lines: [line('a')], merchantDiscounts: [], shippingAddress: { country: 'FR' } };
    const estimate = pricing();
    await loadTotalsInput(estimate.port, { ...params, recent: true });
    expect(estimate.recent).toEqual({ settings: true, shipping: true, tax: true });
    const charged = pricing();
    await loadTotalsInput(charged.port, params);
    expect(charged.recent).toEqual({ settings: false, shipping: false, tax: false });
  });

  it('without an address quotes no shipping and applies no rate', async () => {
    const { port, calls } = pricing();
    const { input } = await loadTotalsInput(port, { currency: 'EUR', lines: [line('a')], merchantDiscounts: [] });
    expect(input.shipping).toBeUndefined();
    expect(input.tax.rates).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('leaves out a stored coupon that no longer applies, and says so', async () => {
    const { port } = pricing();
    const loaded = await loadTotalsInput(port, { currency: 'EUR', lines: [line('a')], couponId: 'expired', merchantDiscounts: [] });
    expect(loaded.input.coupon).toBeUndefined();
    expect(loaded.droppedCoupon).toEqual({ code: 'COUPON_NO_LONGER_VALID', description: 'The coupon on the cart can no longer be used' });
  });

  it('sorts the member’s memberships into eligible and invalid ones, with reasons', async () => {
    const expires = new Date('2027-01-01T00:00:00Z');
    const { port } = pricing([
      held('all', { expiresAt: expires }),
      held('expired', { invalidReason: 'The membership expired' }),
      held('other', { scope: { kind: 'PRODUCTS', ids: ['p-zzz'] } }),
      held('two-credits', { creditsRemaining: 2, creditsTotal: 10, scope: { kind: 'PRODUCTS', ids: ['p-a', 'p-b'] } }),
    ]);
    const { memberships, input } = await loadTotalsInput(port, {
      currency: 'EUR',
      lines: [line('a', 3), line('b', 2), line('custom', 1, { productId: undefined })],
      merchantDiscounts: [],
      memberId: 'm-1',
    });
    expect(memberships.eligible.map((membership) => [membership.id, membership.lineItemIds])).toEqual([
      ['all', ['a', 'b']],
      ['two-credits', ['b']],
    ]);
    expect(memberships.eligible[0]!.expiresAt).toEqual(expires);
    expect(memberships.eligible[1]!.credits).toEqual({ total: 10, remaining: 2 });
    expect(memberships.invalid.map((invalid) => [invalid.membership.id, invalid.reason])).toEqual([
      ['expired', 'The membership expired'],
      ['other', 'The membership does not cover any item in the cart'],
    ]);
    expect(memberships.selected).toEqual([]);
    expect(input.lines.some((pricedLine) => pricedLine.paidByMembership)).toBe(false);
  });

  it('marks the lines a selected eligible membership pays for, while its credits last', async () => {
    const { port } = pricing([
      held('three-credits', { creditsRemaining: 3, creditsTotal: 3 }),
      held('all'),
      held('expired', { invalidReason: 'expired' }),
    ]);
    const { memberships, input } = await loadTotalsInput(port, {
      currency: 'EUR',
      lines: [line('a', 2), line('b', 2), line('c', 1)],
      merchantDiscounts: [],
      memberId: 'm-1',
      selectedMemberships: [{ id: 'three-credits' }, { id: 'expired' }, { id: 'all', lineItemIds: ['b'] }],
    });
    expect(memberships.selected).toEqual([
      { id: 'three-credits', lineItemIds: ['a', 'c'] },
      { id: 'all', lineItemIds: ['b'] },
    ]);
    expect(input.lines.map((pricedLine) => pricedLine.paidByMembership ?? false)).toEqual([true, true, true]);
  });

  it('ignores selected memberships for visitors (no member, nothing held)', async () => {
    const { port, calls } = pricing([held('all')]);
    const { memberships, input } = await loadTotalsInput(port, {
      currency: 'EUR',
      lines: [line('a')],
      merchantDiscounts: [],
      selectedMemberships: [{ id: 'all' }],
    });
    expect(memberships.selected).toEqual([]);
    expect(input.lines[0]!.paidByMembership).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
