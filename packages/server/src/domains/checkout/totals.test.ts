import { describe, expect, it } from 'vitest';
import type { FrozenLine } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import type { CheckoutRow } from './store.js';
import { CheckoutPricing } from './totals.js';

const MUG: FrozenLine = {
  lineItemId: 'l-1',
  productId: 'p-1',
  custom: false,
  name: 'Mug',
  quantity: 2,
  price: '10.00',
  fullPrice: '10.00',
  collectionIds: [],
  shippable: true,
  descriptionLines: [],
  itemType: 'PHYSICAL',
};

describe('CheckoutPricing', () => {
  it('prices a checkout from the stored configuration, never a remembered copy (#5)', async () => {
    const asked: Record<string, boolean | undefined> = {};
    const port: PricingPort = {
      settings: async (options) => {
        asked.settings = options?.recent;
        return {
          taxIncludedInPrices: false,
          taxShipping: false,
          taxMode: { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
        };
      },
      couponForCode: async () => {
        throw new Error('a checkout has no typed coupon');
      },
      couponById: async () => undefined,
      shippingOptionsFor: async (_a, options) => {
        asked.shipping = options?.recent;
        return [{ code: 'std', title: 'Standard', carrierId: 'shop', kind: 'FLAT', price: 500n, weightTiers: [] }];
      },
      taxRatesFor: async (_a, options) => {
        asked.tax = options?.recent;
        return [{ id: 't', name: 'US', jurisdiction: 'US', jurisdictionType: 'COUNTRY', rate: '0.1', appliesToShipping: false }];
      },
      membershipsOf: async () => [],
    };
    const checkout = {
      currency: 'USD',
      line_items: [MUG],
      coupon_id: null,
      merchant_discounts: [],
      shipping_address: { country: 'US' },
      selected_shipping_option: { code: 'std' },
      member_id: null,
      email: null,
    } as unknown as CheckoutRow;
    const { totals } = await new CheckoutPricing(port).totalsOf(checkout);
    expect(asked).toEqual({ settings: false, shipping: false, tax: false });
    expect(totals.summary).toMatchObject({ subtotal: 2000n, shipping: 500n, tax: 200n, total: 2700n });
  });
});
