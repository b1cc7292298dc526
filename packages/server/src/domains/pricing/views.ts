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

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function couponView(c: CouponRow, currency: string): WireCoupon {
  const money = c.kind === 'AMOUNT' || c.kind === 'FIXED_PRICE';
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    value: money ? moneyText(c.value, currency) : plainDecimal(c.value),
    scope: c.scope,
    scopeIds: c.scope_ids,
    minimumSubtotal: c.minimum_subtotal === null ? null : moneyText(c.minimum_subtotal, currency),
    startsAt: iso(c.starts_at),
    expiresAt: iso(c.expires_at),
    usageLimit: c.usage_limit,
    limitPerCustomer: c.limit_per_customer,
    timesUsed: c.times_used,
    active: c.active,
    createdDate: c.created_date.toISOString(),
    updatedDate: c.updated_date.toISOString(),
  };
}

export function optionView(o: OptionRow, currency: string): WireShippingOption {
  return {
    id: o.id,
    regionId: o.region_id,
    code: o.code,
    title: o.title,
    carrierId: o.carrier_id,
    kind: o.kind,
    price: moneyText(o.price, currency),
    weightTiers: o.weight_tiers.map((t) => ({ upTo: plainDecimal(String(t.upTo)), price: moneyText(String(t.price), currency) })),
    freeAbove: o.free_above === null ? null : moneyText(o.free_above, currency),
    deliveryTime: o.delivery_time,
    pickup: o.pickup,
    timeSlots: o.time_slots,
    position: o.position,
    active: o.active,
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
    options: options.map((o) => optionView(o, currency)),
  };
}

export function taxRateView(r: TaxRateRow): WireTaxRate {
  return {
    id: r.id,
    name: r.name,
    jurisdictionType: r.jurisdiction_type,
    country: r.country,
    subdivision: r.subdivision,
    county: r.county,
    city: r.city,
    postalCodes: r.postal_codes,
    rate: plainDecimal(r.rate),
    appliesToShipping: r.applies_to_shipping,
    createdDate: r.created_date.toISOString(),
  };
}

export function settingsView(s: SettingsRow): WireTaxSettings {
  return {
    taxIncludedInPrices: s.tax_included_in_prices,
    taxMode: s.tax_mode,
    taxShipping: s.tax_shipping,
    updatedDate: s.updated_date.toISOString(),
  };
}

export function planView(p: PlanRow): WirePlan {
  return {
    id: p.id,
    name: p.name,
    scope: p.scope,
    scopeIds: p.scope_ids,
    credits: p.credits,
    active: p.active,
    createdDate: p.created_date.toISOString(),
  };
}

export function membershipView(m: HeldMembershipRow, now: Date): WireMembership {
  const invalidReason = membershipProblem(m, now) ?? null;
  return {
    id: m.id,
    planId: m.plan_id,
    planName: m.plan_name,
    memberId: m.member_id,
    memberEmail: m.member_email,
    scope: m.plan_scope,
    scopeIds: m.plan_scope_ids,
    expiresAt: iso(m.expires_at),
    creditsRemaining: m.credits_remaining,
    creditsTotal: m.plan_credits,
    createdDate: m.created_date.toISOString(),
    valid: invalidReason === null,
    invalidReason,
  };
}
