import { describe, expect, it } from 'vitest';
import { send } from '../../../../test/support/http.js';
import { uniqueEmail } from '../../../../test/support/mailbox.js';
import { insertActiveMember } from '../../../../test/support/members.js';
import { testServerForFile } from '../../../../test/support/server-for-file.js';
import { computeTotals } from './engine.js';
import { loadTotalsInput } from './load-input.js';
import type { PricedLine } from './model.js';
import { estimateWire } from './wire.js';

// The totals of a cart against the real pricing service, configured through the merchant API.
const server = testServerForFile();

async function api(method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: server.apiKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await send(`${server.url}/_api/vitrine/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const NYC = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };
const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

function line(id: string, unit: bigint, quantity = 1, extra: Partial<PricedLine> = {}): PricedLine {
  return { id, productId: `product-${id}`, collectionIds: [], quantity, unitPrice: unit, fullUnitPrice: unit, shippable: true, ...extra };
}

describe('loadTotalsInput with the pricing service', () => {
  it('prices a New York cart: coupon, state + city tax, the region’s options, free above the threshold', async () => {
    const region = (await api('POST', '/shipping-regions', { name: 'New York', countries: ['US'], subdivisions: ['US-NY'] })).region;
    const std = unique('std');
    const pickup = unique('pickup');
    await api('POST', `/shipping-regions/${region.id}/options`, {
      code: std,
      title: 'Standard',
      kind: 'FLAT',
      price: '5.00',
      freeAbove: '100.00',
      position: 0,
    });
    await api('POST', `/shipping-regions/${region.id}/options`, {
      code: pickup,
      title: 'Store pickup',
      kind: 'PICKUP',
      price: '0',
      position: 1,
      pickup: { method: 'STORE_PICKUP', address: { addressLine: '1 Main St', city: 'New York', country: 'US' } },
    });
    await api('POST', '/tax-rates', { name: 'NY state', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
    await api('POST', '/tax-rates', {
      name: 'NYC',
      jurisdictionType: 'CITY',
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      rate: '0.045',
    });
    const coupon = (
      await api('POST', '/coupons', { code: unique('TEN'), name: 'Ten off', kind: 'PERCENT', value: '10', minimumSubtotal: '20.00' })
    ).coupon;

    const { input, droppedCoupon } = await loadTotalsInput(server.services.pricing, {
      currency: 'USD',
      lines: [line('a', 1999n, 2), line('b', 1500n, 1, { shippable: false })],
      couponId: coupon.id,
      merchantDiscounts: [],
      shippingAddress: NYC,
      selectedShippingOption: { code: std },
      email: uniqueEmail(),
    });
    expect(droppedCoupon).toBeUndefined();
    expect(input.coupon).toMatchObject({ id: coupon.id, kind: 'PERCENT', value: '10', minimumSubtotal: 2000n });
    expect(input.tax.rates.map((rate) => [rate.jurisdictionType, rate.rate])).toEqual([
      ['STATE', '0.04'],
      ['CITY', '0.045'],
    ]);
    expect(input.shipping?.options.map((option) => [option.code, option.kind, option.price])).toEqual([
      [std, 'FLAT', 500n],
      [pickup, 'PICKUP', 0n],
    ]);

    const totals = computeTotals(input);
    // 54.98 − 5.50 (10 %, allocated 4.00 + 1.50) = 35.98 + 13.50; state: 1.44 + 0.54, city: 1.62 + 0.61 (0.6075);
    // shipping 5.00 (below the 100.00 threshold), taxed 0.20 + 0.23 (0.225)
    expect(totals.lines.map((lineTotals) => [lineTotals.discount, lineTotals.tax.tax])).toEqual([
      [400n, 306n],
      [150n, 115n],
    ]);
    expect(totals.summary).toEqual({ subtotal: 5498n, discount: 550n, shipping: 500n, tax: 464n, total: 5912n });
    expect(totals.shipping?.selected?.code).toBe(std);
    const wire = estimateWire(totals, { eligible: [], invalid: [], selected: [] }, { weightUnit: 'KG' });
    expect(wire.priceSummary.total.formattedAmount).toBe('$59.12');
    expect(wire.taxSummary.calculationDetails).toEqual({ rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' });
  });

  it('drops a coupon the merchant deactivated since it was applied', async () => {
    const coupon = (await api('POST', '/coupons', { code: unique('OLD'), name: 'Old', kind: 'AMOUNT', value: '5' })).coupon;
    await api('PATCH', `/coupons/${coupon.id}`, { active: false });
    const loaded = await loadTotalsInput(server.services.pricing, {
      currency: 'USD',
      lines: [line('a', 1000n)],
      couponId: coupon.id,
      merchantDiscounts: [],
    });
    expect(loaded.input.coupon).toBeUndefined();
    expect(loaded.droppedCoupon?.code).toBe('COUPON_NO_LONGER_VALID');
    const wire = estimateWire(computeTotals(loaded.input), loaded.memberships, { weightUnit: 'KG', droppedCoupon: loaded.droppedCoupon });
    expect(wire.calculationErrors.couponCalculationError?.applicationError.code).toBe('COUPON_NO_LONGER_VALID');
  });

  it('lets a member pay lines with a membership and lists the ones that cannot pay', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const plan = (await api('POST', '/membership-plans', { name: 'Club', credits: 3 })).plan;
    const good = (await api('POST', '/memberships', { planId: plan.id, memberId, expiresAt: '2099-01-01T00:00:00Z' })).membership;
    const empty = (await api('POST', '/memberships', { planId: plan.id, memberId, credits: 0 })).membership;

    const loaded = await loadTotalsInput(server.services.pricing, {
      currency: 'USD',
      lines: [line('a', 1000n, 2), line('b', 700n, 5)],
      merchantDiscounts: [],
      memberId,
      selectedMemberships: [{ id: good.id }],
    });
    expect(loaded.memberships.eligible.map((membership) => [membership.id, membership.lineItemIds, membership.credits])).toEqual([
      [good.id, ['a'], { total: 3, remaining: 3 }],
    ]);
    expect(loaded.memberships.invalid.map((invalid) => invalid.membership.id)).toEqual([empty.id]);
    expect(loaded.memberships.invalid[0]!.reason).toEqual(expect.any(String));
    expect(loaded.memberships.selected).toEqual([{ id: good.id, lineItemIds: ['a'] }]);
    const totals = computeTotals(loaded.input);
    expect(totals.lines.map((lineTotals) => [lineTotals.paymentOption, lineTotals.subtotal])).toEqual([
      ['MEMBERSHIP', 0n],
      ['FULL_PAYMENT_ONLINE', 3500n],
    ]);
    const wire = estimateWire(totals, loaded.memberships, { weightUnit: 'KG' });
    expect(wire.membershipOptions.eligibleMemberships[0]).toMatchObject({ id: good.id, expirationDate: '2099-01-01T00:00:00.000Z' });
  });
});
