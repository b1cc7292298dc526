/**
 * The one check of an address's place, used by every address the server takes (cart estimate,
 * create-checkout, the hosted checkout form, profiles, the merchant's shipping and tax places): the
 * country must be an ISO 3166-1 alpha-2 code, the subdivision an ISO 3166-2 code of that country,
 * and the postal code must have the country's form. Input is read without regard to case and
 * surrounding spaces ("us", "ny" → "US", "US-NY").
 */
import { z } from 'zod';
import { findSubdivision, isCountry, isSubdivisionOf, normaliseCode, subdivisionCode } from './countries.js';
import { countryName } from './country-names.js';
import { postalCodeFits, postalCodeName } from './postal-codes.js';

/** The parts of an address the rules look at. */
export interface AddressPlace {
  country?: string | null;
  subdivision?: string | null;
  postalCode?: string | null;
}

/** A part of an address that breaks a rule: what an API caller reads, and what a shopper reads. */
export interface AddressIssue {
  field: keyof AddressPlace;
  description: string;
  shopperMessage: string;
}

/** The address with its codes as stored: country upper-case, subdivision with its country ("US-NY"), postal code trimmed. */
export function normaliseAddress<T extends AddressPlace>(address: T): T {
  const out = { ...address };
  if (typeof address.country === 'string') out.country = normaliseCode(address.country) ?? '';
  const country = normaliseCode(address.country);
  if (typeof address.subdivision === 'string') out.subdivision = subdivisionCode(address.subdivision, country) ?? '';
  if (typeof address.postalCode === 'string') out.postalCode = address.postalCode.trim().toUpperCase();
  return out;
}

/** What is wrong with an address's place (nothing when it is right or left empty). */
export function addressIssues(address: AddressPlace, lang = 'en'): AddressIssue[] {
  const country = normaliseCode(address.country);
  const subdivision = subdivisionCode(address.subdivision, country);
  const postalCode = address.postalCode?.trim();
  if (country && !isCountry(country)) {
    return [
      {
        field: 'country',
        description: `"${address.country}" is not an ISO 3166-1 alpha-2 country code (such as "US" or "DE")`,
        shopperMessage: 'Choose a country from the list',
      },
    ];
  }
  const issues: AddressIssue[] = [];
  if (subdivision && !(country ? isSubdivisionOf(subdivision, country) : findSubdivision(subdivision))) {
    issues.push({
      field: 'subdivision',
      description: country
        ? `"${address.subdivision}" is not an ISO 3166-2 subdivision of ${country} (such as "US-NY" of "US")`
        : `"${address.subdivision}" is not an ISO 3166-2 subdivision code (such as "US-NY")`,
      shopperMessage: country
        ? `Choose a state or region of ${countryName(country, lang)} from the list`
        : 'Choose a country first, then its state or region',
    });
  }
  if (postalCode && country && !postalCodeFits(postalCode, country)) {
    issues.push({
      field: 'postalCode',
      description: `"${postalCode}" is not a postal code of ${country}`,
      shopperMessage: `This postal code does not look like ${postalCodeName(country, countryName(country, lang))}`,
    });
  }
  return issues;
}

/**
 * An address schema with the rules: its codes normalised, then each broken rule a violation at its
 * field (`shippingAddress.country`, ...).
 */
export function withAddressRules<T extends z.ZodType<AddressPlace>>(schema: T): T {
  return schema
    .overwrite((address) => normaliseAddress(address))
    .superRefine((address, ctx) => {
      for (const issue of addressIssues(address)) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.description, input: address[issue.field] });
      }
    }) as T;
}

/** Configuration codes keep the rule their format check had (a code of the wrong form is a FORMAT violation). */
const FORMAT = { params: { rule: 'FORMAT' } } as const;

/** A country as the merchant's configuration names it (ISO 3166-1 alpha-2, upper-case). */
export const CountryCode = z
  .string()
  .refine(isCountry, { ...FORMAT, message: 'must be an ISO 3166-1 alpha-2 country code (two capital letters)' });

/** A country of a shipping region: an ISO 3166-1 alpha-2 code, or '*' for the rest of the world. */
export const RegionCountryCode = z.string().refine((code) => code === '*' || isCountry(code), {
  ...FORMAT,
  message: "must be an ISO 3166-1 alpha-2 country code (two capital letters) or '*' (rest of the world)",
});

/** A subdivision as the merchant's configuration names it (ISO 3166-2 with its country, upper-case: "US-NY"). */
export const SubdivisionCode = z
  .string()
  .refine((code) => findSubdivision(code) !== undefined, { ...FORMAT, message: 'must be an ISO 3166-2 subdivision code, e.g. "US-NY"' });
