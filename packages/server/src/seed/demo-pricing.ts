/**
 * The demo shop's pricing configuration, written through the pricing service: shipping regions
 * (United States, Europe, rest of the world) with flat, weight-based and pickup options, manual tax
 * rates (New York state and city, California, some EU VAT), three coupons and a membership plan.
 * Idempotent by natural key (region name, option code, tax rate country + name, coupon code, plan
 * name): what exists is left as it is, so a second run creates nothing. Amounts are whole numbers,
 * valid in any shop currency.
 */
import type { CatalogReadService } from '../domains/catalog/read-service.js';
import type { CouponInput, PlanInput, TaxRateInput } from '../domains/pricing/schemas.js';
import type { PricingService } from '../domains/pricing/service.js';
import type { OptionInput, RegionInput } from '../domains/pricing/shipping-schemas.js';
import { DomainError } from '../platform/errors.js';

export interface DemoPricingResult {
  regionsCreated: number;
  optionsCreated: number;
  taxRatesCreated: number;
  couponsCreated: number;
  plansCreated: number;
}

const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** The demo store's pickup counter. */
const STORE_ADDRESS = { addressLine: '148 Mercer St', city: 'New York', subdivision: 'US-NY', country: 'US', postalCode: '10012' };

/** Two pickup windows a day (10-12 and 16-18 New York time, as UTC) for the two weeks after `from`. */
export function pickupSlots(from: Date): { from: string; to: string }[] {
  const slots: { from: string; to: string }[] = [];
  const day0 = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let day = 1; day <= 14; day++) {
    for (const startHour of [15, 21]) {
      const start = day0 + day * 86_400_000 + startHour * 3_600_000;
      slots.push({ from: new Date(start).toISOString(), to: new Date(start + 2 * 3_600_000).toISOString() });
    }
  }
  return slots;
}

function demoRegions(now: Date): { region: RegionInput; options: OptionInput[] }[] {
  return [
    {
      region: { name: 'United States', countries: ['US'], position: 0 },
      options: [
        {
          code: 'us-standard',
          title: 'Standard',
          kind: 'FLAT',
          price: '5',
          freeAbove: '75',
          deliveryTime: '3-5 business days',
          position: 0,
        },
        {
          code: 'us-express',
          title: 'Express',
          kind: 'WEIGHT',
          weightTiers: [
            { upTo: '1', price: '12' },
            { upTo: '5', price: '20' },
            { upTo: '20', price: '35' },
          ],
          price: '60',
          deliveryTime: '1-2 business days',
          position: 1,
        },
        {
          code: 'us-store-pickup',
          title: 'Store pickup (New York)',
          kind: 'PICKUP',
          price: '0',
          pickup: {
            method: 'STORE_PICKUP',
            address: STORE_ADDRESS,
            instructions: 'Ask at the counter with your order number.',
            timeZone: 'America/New_York',
          },
          timeSlots: pickupSlots(now),
          position: 2,
        },
      ],
    },
    {
      region: { name: 'Europe', countries: EU, position: 1 },
      options: [
        { code: 'eu-standard', title: 'Standard (Europe)', kind: 'FLAT', price: '12', freeAbove: '120', deliveryTime: '4-8 business days' },
      ],
    },
    {
      region: { name: 'Rest of world', countries: ['*'], position: 9 },
      options: [
        {
          code: 'intl',
          title: 'International',
          kind: 'WEIGHT',
          weightTiers: [
            { upTo: '1', price: '25' },
            { upTo: '5', price: '45' },
          ],
          price: '80',
          deliveryTime: '7-14 business days',
        },
      ],
    },
  ];
}

const TAX_RATES: TaxRateInput[] = [
  { name: 'New York State', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' },
  { name: 'New York City', jurisdictionType: 'CITY', country: 'US', subdivision: 'US-NY', city: 'New York', rate: '0.045' },
  { name: 'California', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-CA', rate: '0.0725' },
  { name: 'VAT Germany', jurisdictionType: 'COUNTRY', country: 'DE', rate: '0.19' },
  { name: 'VAT France', jurisdictionType: 'COUNTRY', country: 'FR', rate: '0.2' },
  { name: 'VAT Italy', jurisdictionType: 'COUNTRY', country: 'IT', rate: '0.22' },
  { name: 'VAT Spain', jurisdictionType: 'COUNTRY', country: 'ES', rate: '0.21' },
  { name: 'VAT Netherlands', jurisdictionType: 'COUNTRY', country: 'NL', rate: '0.21' },
];

const COUPONS: CouponInput[] = [
  { code: 'WELCOME10', name: 'Welcome: 10 % off', kind: 'PERCENT', value: '10' },
  { code: 'SHIPFREE', name: 'Free shipping over 50', kind: 'FREE_SHIPPING', minimumSubtotal: '50' },
  { code: 'TENOFF', name: '10 off orders over 60', kind: 'AMOUNT', value: '10', minimumSubtotal: '60' },
];

const PLAN_NAME = 'Sticker Club';
const PLAN_COLLECTION_SLUG = 'stickers';

/** The server's services the demo pricing is written and read through (`createServices`). */
export interface DemoPricingDeps {
  pricing: Pick<PricingService, 'shipping' | 'tax' | 'coupons' | 'memberships'>;
  catalogReads: Pick<CatalogReadService, 'getCollection'>;
}

/** Seeds what is missing of the demo pricing configuration through the server's pricing service. */
export async function seedDemoPricing(deps: DemoPricingDeps, now = new Date()): Promise<DemoPricingResult> {
  const { pricing } = deps;
  const result: DemoPricingResult = { regionsCreated: 0, optionsCreated: 0, taxRatesCreated: 0, couponsCreated: 0, plansCreated: 0 };
  for (const { region, options } of demoRegions(now)) {
    let regionId = await missingAsUndefined(pricing.shipping.regionIdOf(region.name));
    if (!regionId) {
      regionId = (await pricing.shipping.createRegion(region)).id;
      result.regionsCreated++;
    }
    for (const option of options) {
      if (await pricing.shipping.optionByCode(option.code)) continue;
      await pricing.shipping.addOption(regionId, option);
      result.optionsCreated++;
    }
  }
  for (const rate of TAX_RATES) {
    if ((await pricing.tax.listRates(rate.country)).some((existing) => existing.name === rate.name)) continue;
    await pricing.tax.createRate(rate);
    result.taxRatesCreated++;
  }
  for (const coupon of COUPONS) {
    if (await missingAsUndefined(pricing.coupons.getByCode(coupon.code))) continue;
    await pricing.coupons.create(coupon);
    result.couponsCreated++;
  }
  if (!(await missingAsUndefined(pricing.memberships.planIdOf(PLAN_NAME)))) {
    await pricing.memberships.createPlan(await demoPlan(deps.catalogReads));
    result.plansCreated++;
  }
  return result;
}

/** Stickers paid with credits when the demo catalogue has its stickers collection; any item otherwise. */
async function demoPlan(catalogReads: DemoPricingDeps['catalogReads']): Promise<PlanInput> {
  const stickers = await missingAsUndefined(catalogReads.getCollection({ slug: PLAN_COLLECTION_SLUG }, { merchant: true }, 'v1'));
  const scope: Pick<PlanInput, 'scope' | 'scopeIds'> = stickers
    ? { scope: 'COLLECTIONS', scopeIds: [stickers.id as string] }
    : { scope: 'ALL' };
  return { name: PLAN_NAME, credits: 10, ...scope };
}

/** The answer, or undefined when the lookup found nothing (a `…_NOT_FOUND` domain error). */
async function missingAsUndefined<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.code.endsWith('_NOT_FOUND')) return undefined;
    throw error;
  }
}
