import { describe, expect, it } from 'vitest';
import { computeTotals } from '../cart/totals/engine.js';
import type { CouponRule, TotalsInput } from '../cart/totals/model.js';
import { totalsFingerprint } from './totals-fingerprint.js';

const input: TotalsInput = {
  currency: 'USD',
  taxIncludedInPrices: false,
  merchantDiscounts: [],
  tax: { mode: { rateType: 'NO_TAX_COLLECTED' }, rates: [], taxShipping: false },
  lines: [{ id: 'line-1', productId: 'mug', collectionIds: [], quantity: 2, unitPrice: 1000n, fullUnitPrice: 1000n, shippable: true }],
};
const coupon = (code: string, value: string): CouponRule => ({ id: code, code, name: code, kind: 'AMOUNT', value, scope: { kind: 'ALL' } });
const fingerprint = (rule?: CouponRule) => totalsFingerprint(computeTotals({ ...input, coupon: rule }));

describe('the totals fingerprint and the coupon (#19)', () => {
  it('changes when a coupon takes something off', () => {
    expect(fingerprint(coupon('TWO', '200'))).not.toBe(fingerprint());
  });

  it('changes with the coupon named even when another one takes the same amount off', () => {
    expect(fingerprint(coupon('TWO', '200'))).not.toBe(fingerprint(coupon('ALSO-TWO', '200')));
  });

  it('stays the same for the same coupon and totals', () => {
    expect(fingerprint(coupon('TWO', '200'))).toBe(fingerprint(coupon('TWO', '200')));
  });
});
