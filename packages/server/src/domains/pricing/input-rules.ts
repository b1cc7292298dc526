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

export function couponViolations(c: CouponShape, currency: string): Violations {
  const out: Violations = [];
  if (c.kind === 'PERCENT') {
    if (compareDecimals(c.value, '100') > 0) {
      out.push({ field: 'value', description: 'must be a percentage from 0 to 100', violatedRule: 'DECIMAL_LTE', data: { max: '100' } });
    } else if (compareDecimals(c.value, '0') <= 0) {
      out.push({ field: 'value', description: 'must be more than 0 %', violatedRule: 'DECIMAL_GT', data: { min: '0' } });
    }
  } else if (c.kind === 'FREE_SHIPPING') {
    if (compareDecimals(c.value, '0') !== 0)
      out.push({ field: 'value', description: 'must be "0" or absent for FREE_SHIPPING', violatedRule: 'VALIDATION' });
  } else {
    moneyScale(out, 'value', c.value, currency);
    if (c.kind === 'AMOUNT' && compareDecimals(c.value, '0') <= 0) {
      out.push({ field: 'value', description: 'must be more than 0', violatedRule: 'DECIMAL_GT', data: { min: '0' } });
    }
  }
  moneyScale(out, 'minimumSubtotal', c.minimumSubtotal, currency);
  scopeRules(out, c.scope, c.scopeIds);
  periodRule(out, c.startsAt, c.expiresAt);
  return out;
}

export function planViolations(p: { scope: string; scopeIds: string[] }): Violations {
  const out: Violations = [];
  scopeRules(out, p.scope, p.scopeIds);
  return out;
}

export function regionViolations(r: { countries: string[]; subdivisions: string[] }): Violations {
  const out: Violations = [];
  const world = r.countries.includes(REST_OF_WORLD);
  if (world && r.countries.length > 1) {
    out.push({ field: 'countries', description: "'*' (rest of the world) must be the only entry", violatedRule: 'VALIDATION' });
  }
  r.subdivisions.forEach((s, i) => {
    if (world || !r.countries.includes(s.slice(0, 2))) {
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

export function optionViolations(o: OptionShape, currency: string): Violations {
  const out: Violations = [];
  moneyScale(out, 'price', o.price, currency);
  moneyScale(out, 'freeAbove', o.freeAbove, currency);
  if (o.kind === 'WEIGHT') {
    if (o.weightTiers.length === 0) {
      out.push({ field: 'weightTiers', description: 'must have at least one tier for WEIGHT', violatedRule: 'MIN_SIZE', data: { min: 1 } });
    }
    o.weightTiers.forEach((t, i) => {
      moneyScale(out, `weightTiers[${i}].price`, t.price, currency);
      if (i > 0 && compareDecimals(t.upTo, o.weightTiers[i - 1].upTo) <= 0) {
        out.push({
          field: `weightTiers[${i}].upTo`,
          description: "must be greater than the previous tier's (tiers ascend)",
          violatedRule: 'VALIDATION',
        });
      }
    });
  } else if (o.weightTiers.length > 0) {
    out.push({ field: 'weightTiers', description: 'is only for WEIGHT options', violatedRule: 'FIELD_NOT_ALLOWED' });
  }
  if (o.kind === 'PICKUP' && !o.pickup)
    out.push({ field: 'pickup', description: 'is required for PICKUP options', violatedRule: 'REQUIRED_FIELD' });
  if (o.kind !== 'PICKUP' && o.pickup)
    out.push({ field: 'pickup', description: 'is only for PICKUP options', violatedRule: 'FIELD_NOT_ALLOWED' });
  o.timeSlots.forEach((s, i) => {
    if (Date.parse(s.from) >= Date.parse(s.to))
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

export function taxRateViolations(t: TaxRateShape): Violations {
  const out: Violations = [];
  const type = t.jurisdictionType;
  const required = (field: keyof TaxRateShape, value: unknown) => {
    if (!value) out.push({ field, description: `is required for ${type} rates`, violatedRule: 'REQUIRED_FIELD' });
  };
  const notAllowed = (field: keyof TaxRateShape, value: unknown) => {
    if (value) out.push({ field, description: `is not allowed for ${type} rates`, violatedRule: 'FIELD_NOT_ALLOWED' });
  };
  if (type === 'COUNTRY') {
    notAllowed('subdivision', t.subdivision);
    notAllowed('county', t.county);
    notAllowed('city', t.city);
  }
  if (type === 'STATE' || type === 'COUNTY') required('subdivision', t.subdivision);
  if (type === 'STATE') {
    notAllowed('county', t.county);
    notAllowed('city', t.city);
  }
  if (type === 'COUNTY') {
    required('county', t.county);
    // The spec's Address names no county: a cart reaches a county rate by the postal codes it covers.
    required('postalCodes', t.postalCodes.length > 0);
  }
  if (type === 'CITY') required('city', t.city);
  if (type !== 'SPECIAL' && type !== 'COUNTY') notAllowed('postalCodes', t.postalCodes.length > 0);
  if (t.subdivision && t.subdivision.slice(0, 2) !== t.country) {
    out.push({ field: 'subdivision', description: `must be a subdivision of ${t.country}`, violatedRule: 'VALIDATION' });
  }
  return out;
}
