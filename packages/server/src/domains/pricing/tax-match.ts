/**
 * Which manual tax rates apply at an address: every rate whose place contains it (country; then the
 * subdivision and city the rate names; counties and SPECIAL districts by their postal codes, as the spec's
 * Address names no county). They add up.
 */
import type { JurisdictionType, TaxRateRule } from '../cart/totals/model.js';
import { normalisePostalCode, type Place } from './address.js';
import { plainDecimal } from './decimal-text.js';
import type { TaxRateRow } from './store.js';

/** Broadest first: the order rates are listed and summed in. */
const BREADTH: Record<JurisdictionType, number> = { COUNTRY: 0, STATE: 1, COUNTY: 2, CITY: 3, SPECIAL: 4 };

/** Whether the rate's place contains the address's place. */
function rateApplies(rate: TaxRateRow, place: Place): boolean {
  if (rate.country !== place.country) return false;
  if (rate.subdivision && rate.subdivision !== place.subdivision) return false;
  // An address that names its county (an internal caller's) must name this one.
  if (rate.county && place.county && rate.county.toLowerCase() !== place.county) return false;
  if (rate.city && rate.city.toLowerCase() !== place.city) return false;
  if (rate.postal_codes.length > 0) {
    if (!place.postalCode || !rate.postal_codes.some((code) => normalisePostalCode(code) === place.postalCode)) return false;
  }
  return true;
}

/** The rates that apply at the place, broadest first (then by name), as the engine takes them. */
export function ratesAt(rows: TaxRateRow[], place: Place): TaxRateRule[] {
  return rows
    .filter((rate) => rateApplies(rate, place))
    .sort((left, right) => BREADTH[left.jurisdiction_type] - BREADTH[right.jurisdiction_type] || left.name.localeCompare(right.name))
    .map(toTaxRateRule);
}

/** The jurisdiction a rate is summed under: the code or name of its place. */
function jurisdictionOf(rate: TaxRateRow): string {
  switch (rate.jurisdiction_type) {
    case 'COUNTRY':
      return rate.country;
    case 'STATE':
      return rate.subdivision ?? rate.country;
    case 'COUNTY':
      return rate.county ?? rate.name;
    case 'CITY':
      return rate.city ?? rate.name;
    case 'SPECIAL':
      return rate.name;
  }
}

function toTaxRateRule(rate: TaxRateRow): TaxRateRule {
  return {
    id: rate.id,
    name: rate.name,
    jurisdiction: jurisdictionOf(rate),
    jurisdictionType: rate.jurisdiction_type,
    rate: plainDecimal(rate.rate),
    appliesToShipping: rate.applies_to_shipping,
  };
}
