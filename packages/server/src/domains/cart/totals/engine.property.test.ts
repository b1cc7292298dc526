import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals } from './engine.js';
import type { CouponRule, MerchantDiscountRule, PricedLine, Scope, ShippingRate, TaxRateRule, TotalsInput, TotalsResult } from './model.js';

// PROPERTY_RUNS=5000 for a longer soak; PROPERTY_SEED=<n> to explore other inputs (the default seed
// keeps `npm test` reproducible: the same inputs on every run).
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 400), seed: Number(process.env.PROPERTY_SEED ?? 20261122), endOnFailure: true };

const LINE_IDS = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];
const scopeArb: fc.Arbitrary<Scope> = fc.oneof(
  fc.constant<Scope>({ kind: 'ALL' }),
  fc.subarray(['p1', 'p2', 'p3']).map((ids): Scope => ({ kind: 'PRODUCTS', ids })),
  fc.subarray(['c1', 'c2']).map((ids): Scope => ({ kind: 'COLLECTIONS', ids })),
);
const minorArb = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) });
const percentArb = fc.constantFrom('0', '5', '10', '12.5', '33.3', '99.99', '100');

const linesArb = fc
  .array(
    fc.record({
      productId: fc.constantFrom<string | undefined>('p1', 'p2', 'p3', undefined),
      collectionIds: fc.subarray(['c1', 'c2']),
      quantity: fc.integer({ min: 1, max: 5 }),
      unitPrice: minorArb(100_000),
      shippable: fc.boolean(),
      weight: fc.constantFrom<string | undefined>(undefined, '0', '0.5', '2.25', 'NaN'),
      paidByMembership: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    }),
    { maxLength: LINE_IDS.length },
  )
  .map((drawn) => drawn.map((line, i): PricedLine => ({ ...line, id: LINE_IDS[i]!, fullUnitPrice: line.unitPrice })));

const couponArb: fc.Arbitrary<CouponRule> = fc
  .record({
    kind: fc.constantFrom<CouponRule['kind']>('PERCENT', 'AMOUNT', 'FREE_SHIPPING', 'FIXED_PRICE'),
    percent: percentArb,
    amount: minorArb(200_000),
    scope: scopeArb,
    minimumSubtotal: fc.option(minorArb(100_000), { nil: undefined }),
  })
  .map(({ kind, percent, amount, scope, minimumSubtotal }) => ({
    id: 'c',
    code: 'CODE',
    name: 'Coupon',
    kind,
    value: kind === 'PERCENT' ? percent : kind === 'FREE_SHIPPING' ? '0' : amount.toString(),
    scope,
    ...(minimumSubtotal === undefined ? {} : { minimumSubtotal }),
  }));

const merchantArb: fc.Arbitrary<MerchantDiscountRule> = fc
  .record({
    off: fc.oneof(
      minorArb(50_000).map((amount) => ({ amount })),
      percentArb.map((percentage) => ({ percentage })),
    ),
    at: fc.option(fc.subarray([...LINE_IDS, 'gone'])),
  })
  .map(({ off, at }) => (at ? { ...off, lineItemIds: at } : off));

const shippingArb: fc.Arbitrary<ShippingRate> = fc
  .record({
    code: fc.constantFrom('a', 'b', 'c'),
    kind: fc.constantFrom<ShippingRate['kind']>('FLAT', 'WEIGHT', 'PICKUP'),
    price: minorArb(5_000),
    tiers: fc.array(fc.record({ upTo: fc.constantFrom('0.5', '1', '5', '10.25'), price: minorArb(5_000) }), { maxLength: 3 }),
    freeAbove: fc.option(minorArb(200_000), { nil: undefined }),
  })
  .map(({ code, kind, price, tiers, freeAbove }) => ({
    code,
    title: code,
    carrierId: 'carrier',
    kind,
    price,
    weightTiers: kind === 'WEIGHT' ? tiers : [],
    ...(freeAbove === undefined ? {} : { freeAbove }),
  }));

const rateArb: fc.Arbitrary<TaxRateRule> = fc
  .record({
    j: fc.constantFrom('US', 'NY', 'NYC', 'MCTD'),
    rate: fc.constantFrom('0', '0.04', '0.045', '0.0725', '0.00375', '0.2'),
    ship: fc.boolean(),
  })
  .map(({ j, rate, ship }) => ({ id: j, name: j, jurisdiction: j, jurisdictionType: 'STATE', rate, appliesToShipping: ship }));

const inputArb: fc.Arbitrary<TotalsInput> = fc.record({
  currency: fc.constantFrom('USD', 'JPY', 'KWD'),
  taxIncludedInPrices: fc.boolean(),
  lines: linesArb,
  coupon: fc.option(couponArb, { nil: undefined }),
  merchantDiscounts: fc.array(merchantArb, { maxLength: 3 }),
  shipping: fc.option(
    fc.record({
      options: fc.array(shippingArb, { maxLength: 3 }),
      selectedCode: fc.option(fc.constantFrom('a', 'b', 'x'), { nil: undefined }),
    }),
    {
      nil: undefined,
    },
  ),
  tax: fc.record({
    mode: fc.constantFrom<TotalsInput['tax']['mode']>(
      { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
      { rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_FAILED' },
      { rateType: 'NO_TAX_COLLECTED' },
    ),
    rates: fc.uniqueArray(rateArb, { maxLength: 3, selector: (rate) => rate.jurisdiction }),
    taxShipping: fc.boolean(),
  }),
});

function sum(amounts: bigint[]): bigint {
  return amounts.reduce((total, amount) => total + amount, 0n);
}

function forAll(check: (input: TotalsInput, result: TotalsResult) => void) {
  fc.assert(
    fc.property(inputArb, (input) => check(input, computeTotals(input))),
    RUNS,
  );
}

describe('totals: properties over random carts', () => {
  it('never gives a negative amount', () => {
    forAll((_, result) => {
      for (const line of result.lines) {
        for (const amount of [
          line.subtotal,
          line.discount,
          line.afterDiscounts,
          line.tax.tax,
          line.tax.taxable,
          line.totalAfterTax,
          line.totalBeforeTax,
        ])
          expect(amount >= 0n).toBe(true);
      }
      for (const option of result.shipping?.options ?? [])
        for (const amount of [option.price, option.discount, option.afterDiscount, option.tax.tax]) expect(amount >= 0n).toBe(true);
      for (const amount of Object.values(result.summary)) expect(amount >= 0n).toBe(true);
      for (const discount of result.appliedDiscounts) expect(discount.amount >= 0n).toBe(true);
    });
  });

  it('never discounts more than what a discount applies to', () => {
    forAll((input, result) => {
      for (const line of result.lines) expect(line.discount <= line.subtotal).toBe(true);
      for (const option of result.shipping?.options ?? []) expect(option.discount <= option.price).toBe(true);
      for (const discount of result.appliedDiscounts.filter((candidate) => candidate.discountType !== 'SHIPPING')) {
        expect(discount.amount <= sum(result.lines.filter((line) => discount.lineIds.includes(line.id)).map((line) => line.subtotal))).toBe(
          true,
        );
      }
      // the item and cart discounts are exactly what the lines received
      expect(
        sum(result.appliedDiscounts.filter((discount) => discount.discountType !== 'SHIPPING').map((discount) => discount.amount)),
      ).toBe(sum(result.lines.map((line) => line.discount)));
      expect(
        sum(result.appliedDiscounts.filter((discount) => discount.discountType === 'SHIPPING').map((discount) => discount.amount)),
      ).toBe(result.shipping?.selected?.discount ?? 0n);
      expect(result.appliedDiscounts.length).toBe(input.merchantDiscounts.length + (input.coupon && !result.errors.coupon ? 1 : 0));
    });
  });

  it('adds the lines’ rounded parts up to the summary exactly', () => {
    forAll((_, result) => {
      const ship = result.shipping?.selected;
      expect(result.summary.subtotal).toBe(sum(result.lines.map((line) => line.subtotal)));
      expect(result.summary.discount).toBe(sum(result.lines.map((line) => line.discount)) + (ship?.discount ?? 0n));
      expect(result.summary.shipping).toBe(ship?.price ?? 0n);
      expect(result.summary.tax).toBe(sum(result.lines.map((line) => line.tax.tax)) + (ship?.tax.tax ?? 0n));
      expect(result.tax.total).toBe(result.summary.tax);
      expect(sum(result.tax.breakdown.map((taxPart) => taxPart.tax))).toBe(result.tax.total);
      for (const amountTax of [...result.lines.map((line) => line.tax), ...(ship ? [ship.tax] : [])])
        expect(sum(amountTax.breakdown.map((taxPart) => taxPart.tax))).toBe(amountTax.tax);
    });
  });

  it('totals subtotal − discount + shipping, plus tax when it is added to prices', () => {
    forAll((input, result) => {
      const summary = result.summary;
      expect(summary.total).toBe(summary.subtotal - summary.discount + summary.shipping + (input.taxIncludedInPrices ? 0n : summary.tax));
      for (const line of result.lines) {
        expect(line.afterDiscounts).toBe(line.subtotal - line.discount);
        expect(line.totalAfterTax - line.totalBeforeTax).toBe(line.tax.tax);
      }
    });
  });

  it('charges nothing for lines a membership pays and collects no tax when the shop collects none', () => {
    forAll((input, result) => {
      input.lines.forEach((line, i) => {
        if (line.paidByMembership) expect([result.lines[i]!.subtotal, result.lines[i]!.paymentOption]).toEqual([0n, 'MEMBERSHIP']);
      });
      if (input.tax.mode.rateType === 'NO_TAX_COLLECTED') expect(result.summary.tax).toBe(0n);
      if (!input.lines.some((line) => line.shippable)) expect(result.summary.shipping).toBe(0n);
    });
  });
});
