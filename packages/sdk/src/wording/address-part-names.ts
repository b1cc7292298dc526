/**
 * What a country's people call two parts of an address, for the labels and messages of address forms
 * (the hosted checkout's and the storefront's estimate): the state, in the countries whose addresses
 * always name one, and the postal code.
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

/** What the country calls its states ("State", "Province or territory") when its addresses must name one; else nothing. */
export function requiredRegionName(country: string | undefined): string | undefined {
  // own keys only: the country may be anything a form posted ("constructor")
  return country && Object.hasOwn(REGION_NAMES, country) ? REGION_NAMES[country] : undefined;
}

/** What people call the postal codes where they differ from "postal code", as written mid-sentence. */
const POSTAL_CODE_NAMES: Readonly<Record<string, string>> = { US: 'ZIP code', GB: 'postcode' };

/** What the country's people call their postal codes, as written mid-sentence: "ZIP code", "postcode", "postal code". */
export function postalCodeName(country: string | undefined): string {
  return country && Object.hasOwn(POSTAL_CODE_NAMES, country) ? POSTAL_CODE_NAMES[country] : 'postal code';
}

/** The same name as a label, at the start of a line: "ZIP code", "Postcode", "Postal code". */
export function postalCodeLabel(country: string | undefined): string {
  const name = postalCodeName(country);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
