/**
 * What a buyer's address must name, beyond street, city and country, for a parcel to arrive: the
 * state (province, territory, prefecture) in the countries whose postal addresses always carry one,
 * and the postal code in those whose post sorts by it. Only the hosted checkout's form asks for them
 * (a buyer typing an address); addresses sent through the API are checked for their form only. What
 * each country calls these parts is worded in `@vitrine/sdk/wording`, which the storefront's forms share.
 */
import { postalCodeName, requiredRegionName } from '@vitrine/sdk/wording';

/** The countries whose post needs the postal code on every parcel, beyond those whose addresses name their state. */
const POSTAL_CODE_COUNTRIES: ReadonlySet<string> = new Set([
  'GB',
  'DE',
  'FR',
  'NL',
  'BE',
  'LU',
  'AT',
  'CH',
  'ES',
  'IT',
  'PT',
  'SE',
  'DK',
  'NO',
  'FI',
  'PL',
  'CZ',
  'NZ',
  'SG',
]);

/** Whether the country's post needs the postal code on every parcel (every country whose addresses name their state, and the list above). */
export function needsPostalCode(country: string | undefined): boolean {
  return country !== undefined && (requiredRegionName(country) !== undefined || POSTAL_CODE_COUNTRIES.has(country));
}

/**
 * What the buyer is told when the country's address lacks a part it needs ("Choose the state",
 * "Enter the ZIP code"); nothing when the part is not needed there.
 */
export function missingPartMessage(part: 'subdivision' | 'postalCode', country: string | undefined): string | undefined {
  if (!country) return undefined;
  if (part === 'subdivision') {
    const region = requiredRegionName(country);
    return region && `Choose the ${region.toLowerCase()}`;
  }
  if (!needsPostalCode(country)) return undefined;
  return `Enter the ${postalCodeName(country)}`;
}
