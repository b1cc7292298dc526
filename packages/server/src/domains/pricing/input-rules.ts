/**
 * Rules of the merchant's pricing input that join several fields. They run on the entity as it
 * would be after the write (stored fields merged with the patch), so creates and updates keep the
 * same invariants. Each answers field violations named as on the wire (`weightTiers[1].upTo`).
 */
import type { FieldViolation } from '../../platform/errors.js';
import { currencyExponent } from '../../platform/money/money.js';
import { compareDecimals, decimalScale, plainDecimal } from './decimal-text.js';
import { REST_OF_WORLD } from './shipping-match.js';

type Violations = FieldViolation[];
export type ScopeKindName = 'ALL' | 'PRODUCTS' | 'COLLECTIONS';

/** An amount with more digits than the currency has (5.001 USD). */
function moneyScale(out: Violations, field: string, amount: string | null | undefined, currency: string): void {
  const max = currencyExponent(currency);
  if (amount && decimalScale(plainDecimal(amount)) > max) {
    out.push({ field, description: `must have at most ${max} decimals (${currency})`, violatedRule: 'DECIMAL_MAX_SCALE', data: { max } });
  }
}

function scopeRules(out: Violations, scope: string, ids: string[]): void {
  if (scope === 'ALL' && ids.length > 0) {
    out.push({ field: 'scopeIds', description: 'must be empty when scope is ALL', violatedRule: 'VALIDATION' });
  }
  if (scope !== 'ALL' && ids.length === 0) {
    out.push({
      field: 'scopeIds',
      description: `must name at least one id when scope is ${scope}`,
      violatedRule: 'MIN_SIZE',
      data: { min: 1 },
    });
  }
}

function periodRule(out: Violations, startsAt: string | null | undefined, expiresAt: string | null | undefined): void {
  if (startsAt && expiresAt && Date.parse(startsAt) >= Date.parse(expiresAt)) {
    out.push({ field: 'expiresAt', description: 'must be after startsAt', violatedRule: 'VALIDATION' });
  }
}

export interface CouponShape {
  kind: 'PERCENT' | 'AMOUNT' | 'FREE_SHIPPING' | 'FIXED_PRICE';
  value: string;
  scope: ScopeKindName;
  scopeIds: string[];
  minimumSubtotal: string | null;
  startsAt: string | null;
  expiresAt: string | null;
}

export function couponViolations(coupon: CouponShape, currency: string): Violations {
  const out: Violations = [];
  if (coupon.kind === 'PERCENT') {
    if (compareDecimals(coupon.value, '100') > 0) {
      out.push({ field: 'value', description: 'must be a percentage from 0 to 100', violatedRule: 'DECIMAL_LTE', data: { max: '100' } });
    } else if (compareDecimals(coupon.value, '0') <= 0) {
      out.push({ field: 'value', description: 'must be more than 0 %', violatedRule: 'DECIMAL_GT', data: { min: '0' } });
    }
  } else if (coupon.kind === 'FREE_SHIPPING') {
    if (compareDecimals(coupon.value, '0') !== 0)
      out.push({ field: 'value', description: 'must be "0" or absent for FREE_SHIPPING', violatedRule: 'VALIDATION' });
  } else {
    moneyScale(out, 'value', coupon.value, currency);
    if (coupon.kind === 'AMOUNT' && compareDecimals(coupon.value, '0') <= 0) {
      out.push({ field: 'value', description: 'must be more than 0', violatedRule: 'DECIMAL_GT', data: { min: '0' } });
    }
  }
  moneyScale(out, 'minimumSubtotal', coupon.minimumSubtotal, currency);
  scopeRules(out, coupon.scope, coupon.scopeIds);
  periodRule(out, coupon.startsAt, coupon.expiresAt);
  return out;
}

export function planViolations(plan: { scope: string; scopeIds: string[] }): Violations {
  const out: Violations = [];
  scopeRules(out, plan.scope, plan.scopeIds);
  return out;
}

export function regionViolations(region: { countries: string[]; subdivisions: string[] }): Violations {
  const out: Violations = [];
  const world = region.countries.includes(REST_OF_WORLD);
  if (world && region.countries.length > 1) {
    out.push({ field: 'countries', description: "'*' (rest of the world) must be the only entry", violatedRule: 'VALIDATION' });
  }
  region.subdivisions.forEach((subdivision, i) => {
    if (world || !region.countries.includes(subdivision.slice(0, 2))) {
      out.push({
        field: `subdivisions[${i}]`,
        description: "must be a subdivision of one of the region's countries",
        violatedRule: 'VALIDATION',
      });
    }
  });
  return out;
}

export interface OptionShape {
  kind: 'FLAT' | 'WEIGHT' | 'PICKUP';
  price: string;
  weightTiers: { upTo: string; price: string }[];
  freeAbove: string | null;
  pickup: object | null;
  timeSlots: { from: string; to: string }[];
}

export function optionViolations(option: OptionShape, currency: string): Violations {
  const out: Violations = [];
  moneyScale(out, 'price', option.price, currency);
  moneyScale(out, 'freeAbove', option.freeAbove, currency);
  if (option.kind === 'WEIGHT') {
    if (option.weightTiers.length === 0) {
      out.push({ field: 'weightTiers', description: 'must have at least one tier for WEIGHT', violatedRule: 'MIN_SIZE', data: { min: 1 } });
    }
    option.weightTiers.forEach((tier, i) => {
      moneyScale(out, `weightTiers[${i}].price`, tier.price, currency);
      if (i > 0 && compareDecimals(tier.upTo, option.weightTiers[i - 1].upTo) <= 0) {
        out.push({
          field: `weightTiers[${i}].upTo`,
          description: "must be greater than the previous tier's (tiers ascend)",
          violatedRule: 'VALIDATION',
        });
      }
    });
  } else if (option.weightTiers.length > 0) {
    out.push({ field: 'weightTiers', description: 'is only for WEIGHT options', violatedRule: 'FIELD_NOT_ALLOWED' });
  }
  if (option.kind === 'PICKUP' && !option.pickup)
    out.push({ field: 'pickup', description: 'is required for PICKUP options', violatedRule: 'REQUIRED_FIELD' });
  if (option.kind !== 'PICKUP' && option.pickup)
    out.push({ field: 'pickup', description: 'is only for PICKUP options', violatedRule: 'FIELD_NOT_ALLOWED' });
  option.timeSlots.forEach((slot, i) => {
    if (Date.parse(slot.from) >= Date.parse(slot.to))
      out.push({ field: `timeSlots[${i}].to`, description: 'must be after from', violatedRule: 'VALIDATION' });
  });
  return out;
}

export interface TaxRateShape {
  jurisdictionType: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  country: string;
  subdivision: string | null;
  county: string | null;
  city: string | null;
  postalCodes: string[];
}

export function taxRateViolations(rate: TaxRateShape): Violations {
  const out: Violations = [];
  const type = rate.jurisdictionType;
  const required = (field: keyof TaxRateShape, value: unknown) => {
    if (!value) out.push({ field, description: `is required for ${type} rates`, violatedRule: 'REQUIRED_FIELD' });
  };
  const notAllowed = (field: keyof TaxRateShape, value: unknown) => {
    if (value) out.push({ field, description: `is not allowed for ${type} rates`, violatedRule: 'FIELD_NOT_ALLOWED' });
  };
  if (type === 'COUNTRY') {
    notAllowed('subdivision', rate.subdivision);
    notAllowed('county', rate.county);
    notAllowed('city', rate.city);
  }
  if (type === 'STATE' || type === 'COUNTY') required('subdivision', rate.subdivision);
  if (type === 'STATE') {
    notAllowed('county', rate.county);
    notAllowed('city', rate.city);
  }
  if (type === 'COUNTY') {
    required('county', rate.county);
    // The spec's Address names no county: a cart reaches a county rate by the postal codes it covers.
    required('postalCodes', rate.postalCodes.length > 0);
  }
  if (type === 'CITY') required('city', rate.city);
  if (type !== 'SPECIAL' && type !== 'COUNTY') notAllowed('postalCodes', rate.postalCodes.length > 0);
  if (rate.subdivision && rate.subdivision.slice(0, 2) !== rate.country) {
    out.push({ field: 'subdivision', description: `must be a subdivision of ${rate.country}`, violatedRule: 'VALIDATION' });
  }
  return out;
}
