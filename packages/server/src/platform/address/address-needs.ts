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
  // own keys only: the country may be anything a form posted ("constructor")
  return country && Object.hasOwn(REGION_NAMES, country) ? REGION_NAMES[country] : undefined;
}

/** Whether the country's post needs the postal code on every parcel. */
export function needsPostalCode(country: string | undefined): boolean {
  return country !== undefined && POSTAL_CODE_COUNTRIES.has(country);
}

/** What people call the postal codes where they differ from "postal code", as written mid-sentence. */
const POSTAL_CODE_NAMES: Readonly<Record<string, string>> = { US: 'ZIP code', GB: 'postcode' };

/** What the country's people call their postal codes, as written mid-sentence: "ZIP code", "postcode", "postal code". */
export function postalCodeName(country: string | undefined): string {
  return country && Object.hasOwn(POSTAL_CODE_NAMES, country) ? POSTAL_CODE_NAMES[country] : 'postal code';
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
