import { describe, expect, it } from 'vitest';
import { computeTotals } from './engine.js';
import type { MembershipChoice } from './memberships.js';
import type { TotalsInput } from './model.js';
import { estimateWire, multiCurrencyPrice } from './wire.js';

describe('multiCurrencyPrice', () => {
  it.each([
    [1050n, 'USD', { amount: '10.50', convertedAmount: '10.50', formattedAmount: '$10.50', formattedConvertedAmount: '$10.50' }],
    [1235n, 'JPY', { amount: '1235', convertedAmount: '1235', formattedAmount: '¥1,235', formattedConvertedAmount: '¥1,235' }],
    [
      1235n,
      'KWD',
      { amount: '1.235', convertedAmount: '1.235', formattedAmount: 'KWD\u00a01.235', formattedConvertedAmount: 'KWD\u00a01.235' },
    ],
  ])('writes %s %s as decimal strings, formatted', (minor, currency, wire) => {
    expect(multiCurrencyPrice(minor, currency)).toEqual(wire);
  });

  it('converts to the display currency at its rate, rounded to that currency', () => {
    expect(multiCurrencyPrice(1000n, 'USD', { currency: 'EUR', rate: '0.925' })).toEqual({
      amount: '10.00',
      convertedAmount: '9.25',
      formattedAmount: '$10.00',
      formattedConvertedAmount: '€9.25',
    });
    expect(multiCurrencyPrice(999n, 'USD', { currency: 'JPY', rate: '151.55' }).convertedAmount).toBe('1514');
  });
});

const input: TotalsInput = {
  currency: 'USD',
  taxIncludedInPrices: false,
  lines: [
    { id: 'a', productId: 'p1', collectionIds: [], quantity: 2, unitPrice: 1000n, fullUnitPrice: 1200n, shippable: true },
    {
      id: 'b',
      productId: 'p2',
      collectionIds: [],
      quantity: 1,
      unitPrice: 2500n,
      fullUnitPrice: 2500n,
      shippable: true,
      paidByMembership: true,
    },
  ],
  coupon: { id: 'c-1', code: 'SAVE10', name: 'Save 10', kind: 'PERCENT', value: '10', scope: { kind: 'ALL' } },
  merchantDiscounts: [{ percentage: '5' }],
  shipping: {
    selectedCode: 'pickup',
    options: [
      { code: 'std', title: 'Standard', carrierId: 'post', kind: 'FLAT', price: 500n, weightTiers: [], deliveryTime: '3-5 days' },
      {
        code: 'pickup',
        title: 'Pick up in store',
        carrierId: 'shop',
        kind: 'PICKUP',
        price: 100n,
        weightTiers: [],
        pickup: { method: 'STORE_PICKUP', address: { city: 'New York', country: 'US' }, instructions: 'Ring twice' },
        timeSlot: { from: '2026-12-01T09:00:00Z', to: '2026-12-01T12:00:00.000Z' },
      },
    ],
  },
  tax: {
    mode: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
    rates: [{ id: 't', name: 'NY sales tax', jurisdiction: 'NY', jurisdictionType: 'STATE', rate: '0.04', appliesToShipping: true }],
    taxShipping: true,
  },
};

const memberships: MembershipChoice = {
  eligible: [
    {
      id: 'm-1',
      planId: 'plan',
      name: 'Gold',
      lineItemIds: ['b'],
      credits: { total: 5, remaining: 4 },
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    },
  ],
  invalid: [{ membership: { id: 'm-2', planId: 'plan', name: 'Old', lineItemIds: [], expiresAt: null }, reason: 'The membership expired' }],
  selected: [{ id: 'm-1', lineItemIds: ['b'] }],
};

describe('estimateWire', () => {
  const wire = estimateWire(computeTotals(input), memberships, { weightUnit: 'KG' });
  const amounts = (prices: Record<string, { amount: string }>) =>
    Object.fromEntries(Object.entries(prices).map(([key, price]) => [key, price.amount]));

  it('summarises the totals: 20.00 − 2.00 − 0.90 + 1.00 shipping + 0.68 + 0.04 tax', () => {
    expect(amounts(wire.priceSummary as never)).toEqual({
      subtotal: '20.00',
      shipping: '1.00',
      tax: '0.72',
      discount: '2.90',
      total: '18.82',
      additionalFees: '0.00',
    });
    expect(amounts(wire.payNow as never)).toEqual(amounts(wire.priceSummary as never));
    expect(wire.payLater.total.amount).toBe('0.00');
    expect(wire.currency).toBe('USD');
    expect(wire.weightUnit).toBe('KG');
  });

  it('breaks each line down', () => {
    const [first, second] = wire.calculatedLineItems;
    expect(first!.lineItemId).toBe('a');
    expect(amounts(first!.pricesBreakdown as never)).toMatchObject({
      totalPriceAfterTax: '17.78',
      totalPriceBeforeTax: '17.10',
      totalDiscount: '2.90',
      price: '10.00',
      priceBeforeDiscounts: '10.00',
      lineItemPrice: '20.00',
      fullPrice: '12.00',
    });
    expect(first!.pricesBreakdown.taxDetails).toMatchObject({
      taxRate: '0.04',
      taxableAmount: { amount: '17.10' },
      totalTax: { amount: '0.68' },
    });
    expect(first!.pricesBreakdown.taxDetails.taxBreakdown).toEqual([
      {
        jurisdiction: 'NY',
        jurisdictionType: 'STATE',
        taxName: 'NY sales tax',
        rate: '0.04',
        taxableAmount: multiCurrencyPrice(1710n, 'USD'),
        taxAmount: multiCurrencyPrice(68n, 'USD'),
      },
    ]);
    expect(first!.paymentOption).toBe('FULL_PAYMENT_ONLINE');
    expect([second!.paymentOption, second!.pricesBreakdown.lineItemPrice.amount]).toEqual(['MEMBERSHIP', '0.00']);
  });

  it('states how tax was calculated', () => {
    expect(wire.taxSummary).toEqual({
      taxableAmount: multiCurrencyPrice(1810n, 'USD'),
      totalTax: multiCurrencyPrice(72n, 'USD'),
      calculationDetails: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
    });
    const fallback = estimateWire(
      computeTotals({ ...input, tax: { ...input.tax, mode: { rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_DEACTIVATED' } } }),
      memberships,
      {
        weightUnit: 'KG',
      },
    );
    expect(fallback.taxSummary.calculationDetails).toEqual({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_DEACTIVATED' },
    });
  });

  it('shows the selected option with its cost and logistics, and every option by carrier', () => {
    expect(wire.shippingInfo.selectedCarrierServiceOption).toEqual({
      code: 'pickup',
      title: 'Pick up in store',
      carrierId: 'shop',
      logistics: {
        instructions: 'Ring twice',
        pickupDetails: { pickupMethod: 'STORE_PICKUP', address: { city: 'New York', country: 'US' } },
        deliveryTimeSlot: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T12:00:00.000Z' },
      },
      cost: {
        totalPriceAfterTax: multiCurrencyPrice(104n, 'USD'),
        totalPriceBeforeTax: multiCurrencyPrice(100n, 'USD'),
        taxDetails: expect.objectContaining({ taxRate: '0.04', totalTax: multiCurrencyPrice(4n, 'USD') }),
        totalDiscount: multiCurrencyPrice(0n, 'USD'),
        price: multiCurrencyPrice(100n, 'USD'),
      },
      requestedShippingOption: true,
    });
    expect(
      wire.shippingInfo.carrierServiceOptions.map((carrier) => [
        carrier.carrierId,
        carrier.shippingOptions.map((shippingOption) => [
          shippingOption.code,
          shippingOption.cost.price.amount,
          shippingOption.logistics.deliveryTime,
        ]),
      ]),
    ).toEqual([
      ['post', [['std', '5.00', '3-5 days']]],
      ['shop', [['pickup', '1.00', undefined]]],
    ]);
  });

  it('lists the applied discounts: the coupon, then the merchant’s percentage', () => {
    expect(wire.appliedDiscounts).toEqual([
      {
        coupon: { id: 'c-1', code: 'SAVE10', name: 'Save 10', amount: multiCurrencyPrice(200n, 'USD') },
        discountType: 'GLOBAL',
        lineItemIds: ['a'],
      },
      { merchantDiscount: { amount: multiCurrencyPrice(90n, 'USD'), percentage: 5 }, discountType: 'GLOBAL', lineItemIds: ['a', 'b'] },
    ]);
  });

  it('lists the membership options with ISO dates', () => {
    expect(wire.membershipOptions).toEqual({
      eligibleMemberships: [
        {
          id: 'm-1',
          name: { original: 'Gold', translated: 'Gold' },
          lineItemIds: ['b'],
          credits: { total: 5, remaining: 4 },
          expirationDate: '2027-01-01T00:00:00.000Z',
        },
      ],
      invalidMemberships: [
        {
          membership: { id: 'm-2', name: { original: 'Old', translated: 'Old' }, lineItemIds: [], expirationDate: null },
          reason: 'The membership expired',
        },
      ],
      selectedMemberships: [{ id: 'm-1', lineItemIds: ['b'] }],
    });
  });

  it('reports coupon problems as couponCalculationError, and nothing when all went well', () => {
    expect(wire.calculationErrors).toEqual({});
    const minimum = computeTotals({ ...input, coupon: { ...input.coupon!, minimumSubtotal: 100_000n } });
    expect(estimateWire(minimum, memberships, { weightUnit: 'KG' }).calculationErrors).toEqual({
      couponCalculationError: {
        applicationError: {
          code: 'MINIMUM_SUBTOTAL_NOT_REACHED',
          description: expect.stringMatching(
            /^Coupon SAVE10 needs a subtotal of at least \$1,000\.00 on the items it applies to\. Add \$[\d,.]+ more to use it\.$/,
          ),
          data: { minimumSubtotal: '1000.00', missingAmount: expect.stringMatching(/^\d+\.\d{2}$/) },
        },
      },
    });
    const dropped = estimateWire(computeTotals({ ...input, coupon: undefined }), memberships, {
      weightUnit: 'KG',
      droppedCoupon: { code: 'COUPON_NO_LONGER_VALID', description: 'The coupon on the cart can no longer be used' },
    });
    expect(dropped.calculationErrors.couponCalculationError?.applicationError.code).toBe('COUPON_NO_LONGER_VALID');
  });

  it('without shipping shows no options', () => {
    const none = estimateWire(computeTotals({ ...input, shipping: undefined }), memberships, { weightUnit: 'LB' });
    expect(none.shippingInfo).toEqual({ carrierServiceOptions: [] });
  });
});
