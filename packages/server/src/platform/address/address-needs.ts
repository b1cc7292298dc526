/**
 * What a buyer's address must name, beyond street, city and country, for a parcel to arrive: the
 * state (province, territory, prefecture) in the countries whose postal addresses always carry one,
 * and the postal code in those whose post sorts by it. Only the hosted checkout's form asks for them
 * (a buyer typing an address); addresses sent through the API are checked for their form only.
 */

/** The countries whose addresses always name their state, with what their people call it. */
const REGION_NAMES: Readonly<Record<string, string>> = {
  US: 'State',
  CA: 'Province or territory',
  AU: 'State or territory',
  BR: 'State',
  MX: 'State',
  IN: 'State',
  JP: 'Prefecture',
};

/** The countries whose post needs the postal code on every parcel (those above, and these). */
const POSTAL_CODE_COUNTRIES: ReadonlySet<string> = new Set([
  ...Object.keys(REGION_NAMES),
  ...['GB', 'DE', 'FR', 'NL', 'BE', 'LU', 'AT', 'CH', 'ES', 'IT', 'PT', 'SE', 'DK', 'NO', 'FI', 'PL', 'CZ', 'NZ', 'SG'],
]);

/** What the country calls its states ("State", "Province or territory") when its addresses must name one; else nothing. */
export function requiredRegionName(country: string | undefined): string | undefined {
  return country ? REGION_NAMES[country] : undefined;
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
  if (!POSTAL_CODE_COUNTRIES.has(country)) return undefined;
  if (country === 'US') return 'Enter the ZIP code';
  if (country === 'GB') return 'Enter the postcode';
  return 'Enter the postal code';
}
