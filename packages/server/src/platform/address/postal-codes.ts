/**
 * Postal codes checked per country with `postcode-validator` (its patterns per ISO 3166-1 code).
 * A country it has no pattern for (most have none: no postal codes, or no fixed form) accepts any.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/** Whether the postal code has the form of the country's codes (case and surrounding spaces aside). */
export function postalCodeFits(postalCode: string, country: string): boolean {
  if (!postcodeValidatorExistsForCountry(country)) return true;
  return postcodeValidator(postalCode.trim().toUpperCase(), country);
}

/** What a shopper calls the country's postal codes: "a US ZIP code", "a UK postcode", "a postal code from Germany". */
export function postalCodeName(country: string, countryName: string): string {
  if (country === 'US') return 'a US ZIP code';
  if (country === 'GB') return 'a UK postcode';
  return `a postal code from ${countryName}`;
}
