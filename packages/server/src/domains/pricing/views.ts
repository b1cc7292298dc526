/** Rows of the pricing configuration → the merchant wire (camelCase, money in the shop currency's digits, ISO dates). */
import { toDecimal, toMinor } from '../../platform/money/money.js';
import { plainDecimal } from './decimal-text.js';
import { membershipProblem } from './membership-rules.js';
import type { WireCoupon, WireMembership, WirePlan, WireTaxRate, WireTaxSettings } from './schemas.js';
import type { WireShippingOption, WireShippingRegion } from './shipping-schemas.js';
import type { OptionRow, RegionRow } from './shipping-store.js';
import type { CouponRow, HeldMembershipRow, PlanRow, SettingsRow, TaxRateRow } from './store.js';

/** An amount as stored ("5.0000") in the currency's digits ("5.00"). */
function moneyText(amount: string, currency: string): string {
  return toDecimal(toMinor(amount, currency), currency);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function couponView(coupon: CouponRow, currency: string): WireCoupon {
  const money = coupon.kind === 'AMOUNT' || coupon.kind === 'FIXED_PRICE';
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    value: money ? moneyText(coupon.value, currency) : plainDecimal(coupon.value),
    scope: coupon.scope,
    scopeIds: coupon.scope_ids,
    minimumSubtotal: coupon.minimum_subtotal === null ? null : moneyText(coupon.minimum_subtotal, currency),
    startsAt: iso(coupon.starts_at),
    expiresAt: iso(coupon.expires_at),
    usageLimit: coupon.usage_limit,
    limitPerCustomer: coupon.limit_per_customer,
    timesUsed: coupon.times_used,
    active: coupon.active,
    createdDate: coupon.created_date.toISOString(),
    updatedDate: coupon.updated_date.toISOString(),
  };
}

export function optionView(option: OptionRow, currency: string): WireShippingOption {
  return {
    id: option.id,
    regionId: option.region_id,
    code: option.code,
    title: option.title,
    carrierId: option.carrier_id,
    kind: option.kind,
    price: moneyText(option.price, currency),
    weightTiers: option.weight_tiers.map((tier) => ({
      upTo: plainDecimal(String(tier.upTo)),
      price: moneyText(String(tier.price), currency),
    })),
    freeAbove: option.free_above === null ? null : moneyText(option.free_above, currency),
    deliveryTime: option.delivery_time,
    pickup: option.pickup,
    timeSlots: option.time_slots,
    position: option.position,
    active: option.active,
  };
}

export function regionView(region: RegionRow, options: OptionRow[], currency: string): WireShippingRegion {
  return {
    id: region.id,
    name: region.name,
    countries: region.countries,
    subdivisions: region.subdivisions,
    position: region.position,
    createdDate: region.created_date.toISOString(),
    options: options.map((option) => optionView(option, currency)),
  };
}

export function taxRateView(rate: TaxRateRow): WireTaxRate {
  return {
    id: rate.id,
    name: rate.name,
    jurisdictionType: rate.jurisdiction_type,
    country: rate.country,
    subdivision: rate.subdivision,
    county: rate.county,
    city: rate.city,
    postalCodes: rate.postal_codes,
    rate: plainDecimal(rate.rate),
    appliesToShipping: rate.applies_to_shipping,
    createdDate: rate.created_date.toISOString(),
  };
}

export function settingsView(settings: SettingsRow): WireTaxSettings {
  return {
    taxIncludedInPrices: settings.tax_included_in_prices,
    taxMode: settings.tax_mode,
    taxShipping: settings.tax_shipping,
    updatedDate: settings.updated_date.toISOString(),
  };
}

export function planView(plan: PlanRow): WirePlan {
  return {
    id: plan.id,
    name: plan.name,
    scope: plan.scope,
    scopeIds: plan.scope_ids,
    credits: plan.credits,
    active: plan.active,
    createdDate: plan.created_date.toISOString(),
  };
}

export function membershipView(membership: HeldMembershipRow, now: Date): WireMembership {
  const invalidReason = membershipProblem(membership, now) ?? null;
  return {
    id: membership.id,
    planId: membership.plan_id,
    planName: membership.plan_name,
    memberId: membership.member_id,
    memberEmail: membership.member_email,
    scope: membership.plan_scope,
    scopeIds: membership.plan_scope_ids,
    expiresAt: iso(membership.expires_at),
    creditsRemaining: membership.credits_remaining,
    creditsTotal: membership.plan_credits,
    createdDate: membership.created_date.toISOString(),
    valid: invalidReason === null,
    invalidReason,
  };
}
