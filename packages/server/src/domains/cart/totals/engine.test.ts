import { describe, expect, it } from 'vitest';
import { computeTotals } from './engine.js';
import type { CouponRule, PricedLine, ShippingRate, TaxRateRule, TotalsInput } from './model.js';

// ---- builders: a cart in a few words

function line(id: string, unitPrice: bigint, quantity = 1, extra: Partial<PricedLine> = {}): PricedLine {
  return { id, productId: `p-${id}`, collectionIds: [], quantity, unitPrice, fullUnitPrice: unitPrice, shippable: true, ...extra };
}

const NO_TAX: TotalsInput['tax'] = { mode: { rateType: 'NO_TAX_COLLECTED' }, rates: [], taxShipping: false };

function manualTax(rates: TaxRateRule[], taxShipping = false): TotalsInput['tax'] {
  return { mode: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }, rates, taxShipping };
}

function rate(
  jurisdiction: string,
  jurisdictionType: TaxRateRule['jurisdictionType'],
  value: string,
  appliesToShipping = true,
): TaxRateRule {
  return { id: `t-${jurisdiction}`, name: `${jurisdiction} tax`, jurisdiction, jurisdictionType, rate: value, appliesToShipping };
}

function coupon(kind: CouponRule['kind'], value: string, extra: Partial<CouponRule> = {}): CouponRule {
  return { id: 'c-1', code: 'SAVE', name: 'Save', kind, value, scope: { kind: 'ALL' }, ...extra };
}

function flat(code: string, price: bigint, extra: Partial<ShippingRate> = {}): ShippingRate {
  return { code, title: code, carrierId: 'carrier-1', kind: 'FLAT', price, weightTiers: [], ...extra };
}

function totals(input: Partial<TotalsInput> & Pick<TotalsInput, 'lines'>) {
  return computeTotals({ currency: 'USD', taxIncludedInPrices: false, merchantDiscounts: [], tax: NO_TAX, ...input });
}

describe('totals: rounding to the currency', () => {
  it.each([
    { currency: 'USD', unit: 1999n, qty: 3, percent: '10', taxRate: '0.0725', discount: 600n, tax: 391n, total: 5788n },
    { currency: 'JPY', unit: 1999n, qty: 1, percent: '15', taxRate: '0.08', discount: 300n, tax: 136n, total: 1835n },
    { currency: 'KWD', unit: 1235n, qty: 1, percent: '10', taxRate: '0.05', discount: 124n, tax: 56n, total: 1167n },
  ])('$currency: $percent % off and $taxRate tax round half away from zero to whole minor units', (example) => {
    const result = totals({
      currency: example.currency,
      lines: [line('a', example.unit, example.qty)],
      merchantDiscounts: [{ percentage: example.percent }],
      tax: manualTax([rate('X', 'COUNTRY', example.taxRate)]),
    });
    expect(result.currency).toBe(example.currency);
    expect(result.summary).toEqual({
      subtotal: example.unit * BigInt(example.qty),
      discount: example.discount,
      shipping: 0n,
      tax: example.tax,
      total: example.total,
    });
  });
});

describe('totals: discounts', () => {
  it('a 100 % discount brings every line and the total to zero, and tax with it', () => {
    const result = totals({
      lines: [line('a', 1000n), line('b', 2550n, 2)],
      merchantDiscounts: [{ percentage: '100' }],
      tax: manualTax([rate('X', 'COUNTRY', '0.1')]),
    });
    expect(result.lines.map((lineTotals) => lineTotals.afterDiscounts)).toEqual([0n, 0n]);
    expect(result.summary).toEqual({ subtotal: 6100n, discount: 6100n, shipping: 0n, tax: 0n, total: 0n });
  });

  it('a coupon larger than the cart takes the cart to zero, never below', () => {
    const result = totals({ lines: [line('a', 1200n)], coupon: coupon('AMOUNT', '5000') });
    expect(result.summary.total).toBe(0n);
    expect(result.summary.discount).toBe(1200n);
    expect(result.appliedDiscounts).toEqual([
      { source: 'coupon', discountType: 'GLOBAL', amount: 1200n, lineIds: ['a'], coupon: { id: 'c-1', code: 'SAVE', name: 'Save' } },
    ]);
  });

  it('allocates 10.00 off three equal lines as 3.34 + 3.33 + 3.33 (largest remainder)', () => {
    const result = totals({ lines: [line('a', 2000n), line('b', 2000n), line('c', 2000n)], merchantDiscounts: [{ amount: 1000n }] });
    expect(result.lines.map((lineTotals) => lineTotals.discount)).toEqual([334n, 333n, 333n]);
    expect(result.summary.discount).toBe(1000n);
  });

  it('allocates in proportion to what each line has left', () => {
    const result = totals({ lines: [line('a', 100n), line('b', 200n), line('c', 700n)], merchantDiscounts: [{ amount: 10n }] });
    expect(result.lines.map((lineTotals) => lineTotals.discount)).toEqual([1n, 2n, 7n]);
  });

  it.each([
    { name: 'percentage then amount', rules: [{ percentage: '10' }, { amount: 1000n }], parts: [1000n, 1000n] },
    { name: 'amount then percentage', rules: [{ amount: 1000n }, { percentage: '10' }], parts: [1000n, 900n] },
  ])('merchant discounts apply in sequence, each on what the previous left ($name)', ({ rules, parts }) => {
    const result = totals({ lines: [line('a', 4000n), line('b', 6000n)], merchantDiscounts: rules });
    expect(result.appliedDiscounts.map((discount) => discount.amount)).toEqual(parts);
    expect(result.appliedDiscounts.map((discount) => discount.discountType)).toEqual(['GLOBAL', 'GLOBAL']);
    expect(result.summary.total).toBe(10000n - parts[0]! - parts[1]!);
  });

  it('a cart coupon comes before the merchant discounts', () => {
    const result = totals({ lines: [line('a', 10000n)], coupon: coupon('PERCENT', '20'), merchantDiscounts: [{ percentage: '10' }] });
    expect(result.appliedDiscounts.map((discount) => [discount.source, discount.amount])).toEqual([
      ['coupon', 2000n],
      ['merchant', 800n],
    ]);
  });

  it('a merchant discount naming line items applies to those only (SPECIFIC_ITEMS)', () => {
    const result = totals({
      lines: [line('a', 1000n), line('b', 3000n)],
      merchantDiscounts: [{ percentage: '50', lineItemIds: ['b', 'gone'] }],
    });
    expect(result.lines.map((lineTotals) => lineTotals.discount)).toEqual([0n, 1500n]);
    expect(result.appliedDiscounts[0]).toMatchObject({
      source: 'merchant',
      discountType: 'SPECIFIC_ITEMS',
      lineIds: ['b'],
      percentage: '50',
    });
  });

  it('a FIXED_PRICE coupon sells each eligible unit at its value, and never raises a cheaper one', () => {
    const result = totals({
      lines: [line('a', 1200n, 2), line('b', 300n, 1), line('c', 900n)],
      coupon: coupon('FIXED_PRICE', '500', { scope: { kind: 'PRODUCTS', ids: ['p-a', 'p-b'] } }),
    });
    expect(result.lines.map((lineTotals) => lineTotals.afterDiscounts)).toEqual([1000n, 300n, 900n]);
    expect(result.appliedDiscounts[0]).toMatchObject({ discountType: 'SPECIFIC_ITEMS', amount: 1400n, lineIds: ['a', 'b'] });
  });

  it('a coupon scoped to products discounts those products only', () => {
    const result = totals({
      lines: [line('a', 2000n), line('b', 3000n)],
      coupon: coupon('PERCENT', '10', { scope: { kind: 'PRODUCTS', ids: ['p-a'] } }),
    });
    expect(result.lines.map((lineTotals) => lineTotals.discount)).toEqual([200n, 0n]);
    expect(result.appliedDiscounts[0]).toMatchObject({ discountType: 'SPECIFIC_ITEMS', amount: 200n, lineIds: ['a'] });
  });

  it('a coupon scoped to collections discounts the lines of those collections, allocated between them', () => {
    const result = totals({
      lines: [
        line('a', 1000n, 1, { collectionIds: ['c1'] }),
        line('b', 3000n, 1, { collectionIds: ['c1', 'c2'] }),
        line('c', 2000n, 1, { collectionIds: ['c2'] }),
      ],
      coupon: coupon('AMOUNT', '500', { scope: { kind: 'COLLECTIONS', ids: ['c1'] } }),
    });
    expect(result.lines.map((lineTotals) => lineTotals.discount)).toEqual([125n, 375n, 0n]);
  });

  it('a coupon whose eligible subtotal is below its minimum is not applied, and says why', () => {
    const result = totals({
      lines: [line('a', 2000n), line('b', 5000n)],
      coupon: coupon('PERCENT', '10', { scope: { kind: 'PRODUCTS', ids: ['p-a'] }, minimumSubtotal: 2500n }),
    });
    expect(result.appliedDiscounts).toEqual([]);
    expect(result.summary.discount).toBe(0n);
    expect(result.errors.coupon).toEqual({
      code: 'MINIMUM_SUBTOTAL_NOT_REACHED',
      description: 'Coupon SAVE needs a subtotal of at least $25.00 on the items it applies to. Add $5.00 more to use it.',
      minimum: { subtotal: 2500n, missing: 500n },
    });
  });

  it('a coupon that reaches its minimum exactly applies', () => {
    const result = totals({ lines: [line('a', 2500n)], coupon: coupon('PERCENT', '10', { minimumSubtotal: 2500n }) });
    expect(result.summary.discount).toBe(250n);
    expect(result.errors).toEqual({});
  });

  it('a coupon with no line in its scope is not applied, and says so', () => {
    const result = totals({
      lines: [line('a', 2000n)],
      coupon: coupon('AMOUNT', '100', { scope: { kind: 'PRODUCTS', ids: ['p-other'] } }),
    });
    expect(result.appliedDiscounts).toEqual([]);
    expect(result.errors.coupon).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      description: 'Coupon SAVE does not apply to any item in the cart',
    });
  });
});

describe('totals: memberships', () => {
  it('a line a membership pays costs nothing, with payment option MEMBERSHIP, and takes no coupon', () => {
    const result = totals({
      lines: [line('a', 2500n, 1, { paidByMembership: true }), line('b', 1000n)],
      coupon: coupon('PERCENT', '10'),
      tax: manualTax([rate('X', 'COUNTRY', '0.1')]),
    });
    expect(result.lines.map((lineTotals) => [lineTotals.subtotal, lineTotals.paymentOption])).toEqual([
      [0n, 'MEMBERSHIP'],
      [1000n, 'FULL_PAYMENT_ONLINE'],
    ]);
    expect(result.appliedDiscounts[0]).toMatchObject({ amount: 100n, lineIds: ['b'] });
    expect(result.summary).toEqual({ subtotal: 1000n, discount: 100n, shipping: 0n, tax: 90n, total: 990n });
  });

  it('a coupon scoped to a membership-paid product only does not apply', () => {
    const result = totals({
      lines: [line('a', 2500n, 1, { paidByMembership: true })],
      coupon: coupon('PERCENT', '10', { scope: { kind: 'PRODUCTS', ids: ['p-a'] } }),
    });
    expect(result.errors.coupon?.code).toBe('COUPON_NOT_APPLICABLE');
  });
});

describe('totals: tax', () => {
  it('extracts tax from tax-included prices (EU VAT 20 %: 12.00 includes 2.00)', () => {
    const result = totals({
      currency: 'EUR',
      taxIncludedInPrices: true,
      lines: [line('a', 1200n)],
      tax: manualTax([rate('FR', 'COUNTRY', '0.2')]),
    });
    expect(result.lines[0]).toMatchObject({ afterDiscounts: 1200n, totalBeforeTax: 1000n, totalAfterTax: 1200n });
    expect(result.lines[0]!.tax).toMatchObject({ taxable: 1000n, rate: '0.2', tax: 200n });
    expect(result.summary).toEqual({ subtotal: 1200n, discount: 0n, shipping: 0n, tax: 200n, total: 1200n });
  });

  it('adds each jurisdiction’s tax, rounded per line and jurisdiction (state + city)', () => {
    const result = totals({
      lines: [line('a', 1999n), line('b', 333n)],
      tax: manualTax([rate('NY', 'STATE', '0.04'), rate('New York', 'CITY', '0.045')]),
    });
    // state: 79.96 → 80, 13.32 → 13; city: 89.955 → 90, 14.985 → 15
    expect(result.lines.map((lineTotals) => lineTotals.tax.breakdown.map((taxPart) => taxPart.tax))).toEqual([
      [80n, 90n],
      [13n, 15n],
    ]);
    expect(result.lines.map((lineTotals) => lineTotals.tax.rate)).toEqual(['0.085', '0.085']);
    expect(result.tax.breakdown.map((taxPart) => [taxPart.jurisdiction, taxPart.taxable, taxPart.tax])).toEqual([
      ['NY', 2332n, 93n],
      ['New York', 2332n, 105n],
    ]);
    expect(result.summary.tax).toBe(198n);
    expect(result.summary.total).toBe(2530n);
  });

  it('splits an included tax between jurisdictions by largest remainder so the parts make the line’s tax', () => {
    const result = totals({
      taxIncludedInPrices: true,
      lines: [line('a', 1000n)],
      tax: manualTax([rate('NY', 'STATE', '0.04'), rate('New York', 'CITY', '0.045')]),
    });
    // 10.00 × 0.085 / 1.085 = 0.7834 → 0.78, split 40:45 → 0.3670 / 0.4129 → 0.37 + 0.41
    expect(result.lines[0]!.tax.tax).toBe(78n);
    expect(result.lines[0]!.tax.breakdown.map((taxPart) => [taxPart.taxable, taxPart.tax])).toEqual([
      [922n, 37n],
      [922n, 41n],
    ]);
    expect(result.summary.total).toBe(1000n);
  });

  it('taxes the amounts after discounts', () => {
    const result = totals({
      lines: [line('a', 10000n)],
      merchantDiscounts: [{ amount: 2000n }],
      tax: manualTax([rate('X', 'COUNTRY', '0.1')]),
    });
    expect(result.summary).toMatchObject({ tax: 800n, total: 8800n });
  });

  it('collects no tax in NO_TAX_COLLECTED mode even when rates exist', () => {
    const result = totals({
      lines: [line('a', 1000n)],
      tax: { mode: { rateType: 'NO_TAX_COLLECTED' }, rates: [rate('X', 'COUNTRY', '0.2')], taxShipping: true },
    });
    expect(result.summary.tax).toBe(0n);
    expect(result.tax).toEqual({ mode: { rateType: 'NO_TAX_COLLECTED' }, taxable: 0n, total: 0n, breakdown: [] });
  });

  it('taxes shipping at the rates that apply to shipping when the shop taxes shipping', () => {
    const rates = [rate('NY', 'STATE', '0.04'), rate('X', 'SPECIAL', '0.01', false)];
    const taxed = totals({ lines: [line('a', 1000n)], shipping: { options: [flat('std', 500n)] }, tax: manualTax(rates, true) });
    expect(taxed.shipping?.selected?.tax).toMatchObject({ taxable: 500n, tax: 20n, rate: '0.04' });
    expect(taxed.summary).toEqual({ subtotal: 1000n, discount: 0n, shipping: 500n, tax: 70n, total: 1570n });
    const untaxed = totals({ lines: [line('a', 1000n)], shipping: { options: [flat('std', 500n)] }, tax: manualTax(rates, false) });
    expect(untaxed.summary).toEqual({ subtotal: 1000n, discount: 0n, shipping: 500n, tax: 50n, total: 1550n });
  });
});

describe('totals: shipping', () => {
  const options = [flat('express', 1500n), flat('standard', 500n), { ...flat('pickup', 0n), kind: 'PICKUP' as const }];

  it('selects the requested option when it exists', () => {
    const result = totals({ lines: [line('a', 1000n)], shipping: { options, selectedCode: 'express' } });
    expect(result.shipping?.selected?.code).toBe('express');
    expect(result.shipping?.requestedFound).toBe(true);
    expect(result.summary).toMatchObject({ shipping: 1500n, total: 2500n });
  });

  it('selects the cheapest option when none or an unknown one was requested', () => {
    const result = totals({ lines: [line('a', 1000n)], shipping: { options: options.slice(0, 2), selectedCode: 'gone' } });
    expect(result.shipping?.selected?.code).toBe('standard');
    expect(result.shipping?.requestedFound).toBe(false);
  });

  it('never selects a pickup by itself while a delivery serves the address, however cheap the pickup (#19)', () => {
    const result = totals({ lines: [line('a', 1000n)], shipping: { options } });
    expect(result.shipping?.selected?.code).toBe('standard');
    expect(result.shipping?.requestedFound).toBe(false);
  });

  it('selects the cheapest pickup when pickups are all there is, and a pickup the buyer asked for (#19)', () => {
    const pickups = [
      { ...flat('far-store', 300n), kind: 'PICKUP' as const },
      { ...flat('near-store', 0n), kind: 'PICKUP' as const },
    ];
    expect(totals({ lines: [line('a', 1000n)], shipping: { options: pickups } }).shipping?.selected?.code).toBe('near-store');
    expect(totals({ lines: [line('a', 1000n)], shipping: { options, selectedCode: 'pickup' } }).shipping?.selected?.code).toBe('pickup');
  });

  it('quotes every option with its own price', () => {
    const result = totals({ lines: [line('a', 1000n)], shipping: { options } });
    expect(result.shipping?.options.map((option) => [option.code, option.price])).toEqual([
      ['express', 1500n],
      ['standard', 500n],
      ['pickup', 0n],
    ]);
  });

  it('a free-shipping coupon discounts the selected option by its price (SHIPPING discount)', () => {
    const result = totals({ lines: [line('a', 2000n)], shipping: { options: [flat('std', 799n)] }, coupon: coupon('FREE_SHIPPING', '0') });
    expect(result.shipping?.selected).toMatchObject({ price: 799n, discount: 799n, afterDiscount: 0n });
    expect(result.appliedDiscounts).toEqual([
      { source: 'coupon', discountType: 'SHIPPING', amount: 799n, lineIds: [], coupon: { id: 'c-1', code: 'SAVE', name: 'Save' } },
    ]);
    expect(result.summary).toEqual({ subtotal: 2000n, discount: 799n, shipping: 799n, tax: 0n, total: 2000n });
  });

  it('a free-shipping coupon takes nothing off an option already free above its threshold', () => {
    const result = totals({
      lines: [line('a', 6000n)],
      shipping: { options: [flat('std', 500n, { freeAbove: 5000n })] },
      coupon: coupon('FREE_SHIPPING', '0'),
    });
    expect(result.shipping?.selected).toMatchObject({ price: 0n, discount: 0n });
    expect(result.appliedDiscounts[0]).toMatchObject({ discountType: 'SHIPPING', amount: 0n });
    expect(result.summary.total).toBe(6000n);
  });

  it('extracts tax from a shipping price when prices include tax', () => {
    const result = totals({
      currency: 'EUR',
      taxIncludedInPrices: true,
      lines: [line('a', 1200n)],
      shipping: { options: [flat('std', 600n)] },
      tax: manualTax([rate('FR', 'COUNTRY', '0.2')], true),
    });
    expect(result.shipping?.selected).toMatchObject({ price: 600n, totalBeforeTax: 500n, totalAfterTax: 600n });
    expect(result.summary).toEqual({ subtotal: 1200n, discount: 0n, shipping: 600n, tax: 300n, total: 1800n });
  });

  it.each([
    { subtotal: 4999n, discount: undefined, price: 500n },
    { subtotal: 5000n, discount: undefined, price: 0n },
    { subtotal: 5500n, discount: '10', price: 500n },
  ])('ships free when the discounted subtotal reaches the threshold ($subtotal, $discount %)', ({ subtotal, discount, price }) => {
    const result = totals({
      lines: [line('a', subtotal)],
      merchantDiscounts: discount ? [{ percentage: discount }] : [],
      shipping: { options: [flat('std', 500n, { freeAbove: 5000n })] },
    });
    expect(result.summary.shipping).toBe(price);
  });

  it.each([
    { weight: '0.4', qty: 2, price: 400n },
    { weight: '0.4', qty: 3, price: 900n },
    { weight: '1', qty: 5, price: 900n },
    { weight: '2', qty: 3, price: 1500n },
    { weight: undefined, qty: 3, price: 400n },
  ])('prices by the shippable weight against the tiers ($qty × $weight)', ({ weight, qty, price }) => {
    const byWeight: ShippingRate = {
      ...flat('w', 1500n),
      kind: 'WEIGHT',
      weightTiers: [
        { upTo: '5', price: 900n },
        { upTo: '1', price: 400n },
      ],
    };
    const result = totals({
      lines: [line('a', 1000n, qty, { weight }), line('b', 1000n, 1, { weight: '100', shippable: false })],
      shipping: { options: [byWeight] },
    });
    expect(result.summary.shipping).toBe(price);
  });

  it('charges no shipping when no line needs shipping', () => {
    const result = totals({ lines: [line('a', 1000n, 1, { shippable: false })], shipping: { options, selectedCode: 'express' } });
    expect(result.shipping).toEqual({ options: [], requestedFound: false });
    expect(result.summary).toMatchObject({ shipping: 0n, total: 1000n });
  });

  it('without an address there is nothing to quote', () => {
    const result = totals({ lines: [line('a', 1000n)] });
    expect(result.shipping).toBeUndefined();
    expect(result.summary.shipping).toBe(0n);
  });
});
