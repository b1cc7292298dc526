/**
 * The tax rate form's state and conversions. Rates are typed as percentages ("7.25") and sent as
 * exact fractions ("0.0725"): the conversion moves the decimal point in the string, never through
 * floating point.
 */
import type { TaxJurisdictionType, TaxRate } from '@vitrine/sdk';
import { listItems } from './format.js';

export interface TaxRateDraft {
  name: string;
  jurisdictionType: TaxJurisdictionType;
  country: string;
  subdivision: string;
  county: string;
  city: string;
  /** as typed: separated by commas, spaces or lines */
  postalCodes: string;
  percent: string;
  appliesToShipping: boolean;
}

export type TaxRateErrors = Partial<Record<keyof TaxRateDraft, string>>;

/** "7.25" (percent, up to 4 decimals, at most 100) → "0.0725"; undefined when not such a number. */
export function percentToFraction(percent: string): string | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent.trim().replace(',', '.'));
  if (!match) return undefined;
  const millionths = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (millionths > 1_000_000) return undefined;
  if (millionths === 1_000_000) return '1';
  return `0.${String(millionths).padStart(6, '0')}`.replace(/\.?0+$/, '') || '0';
}

/** "0.0725" → "7.25". */
export function fractionToPercent(fraction: string): string {
  const [whole, decimals = ''] = fraction.split('.');
  const millionths = Number(whole) * 1_000_000 + Number(decimals.padEnd(6, '0'));
  const text = `${Math.floor(millionths / 10_000)}.${String(millionths % 10_000).padStart(4, '0')}`;
  return text.replace(/\.?0+$/, '');
}

export function taxRateDraftOf(rate?: TaxRate): TaxRateDraft {
  return {
    name: rate?.name ?? '',
    jurisdictionType: rate?.jurisdictionType ?? 'COUNTRY',
    country: rate?.country ?? '',
    subdivision: rate?.subdivision ?? '',
    county: rate?.county ?? '',
    city: rate?.city ?? '',
    postalCodes: (rate?.postalCodes ?? []).join(', '),
    percent: rate?.rate ? fractionToPercent(rate.rate) : '',
    appliesToShipping: rate?.appliesToShipping ?? true,
  };
}

/** Which place fields a jurisdiction uses. */
export const placeFields = (type: TaxJurisdictionType) => ({
  subdivision: type === 'STATE' || type === 'COUNTY' || type === 'CITY',
  county: type === 'COUNTY',
  city: type === 'CITY',
  postalCodes: type === 'COUNTY' || type === 'SPECIAL',
});

/** The rate to send (fields the jurisdiction does not use cleared), or the problems by field. */
export function taxRateOf(draft: TaxRateDraft): { value: TaxRate } | { errors: TaxRateErrors } {
  const errors: TaxRateErrors = {};
  const uses = placeFields(draft.jurisdictionType);
  const country = draft.country.trim().toUpperCase();
  const subdivision = draft.subdivision.trim().toUpperCase();
  const postalCodes = listItems(draft.postalCodes);
  if (!draft.name.trim()) errors.name = 'Name the rate, like “New York State”.';
  if (!/^[A-Z]{2}$/.test(country)) errors.country = 'Two letters, like US or DE.';
  if (uses.subdivision && !/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(subdivision))
    errors.subdivision = 'Like US-NY: the country, a hyphen, the region’s code.';
  else if (uses.subdivision && !subdivision.startsWith(`${country}-`))
    errors.subdivision = `A region of ${country || 'the country'}: it starts with ${country || 'its code'}-.`;
  if (uses.county && !draft.county.trim()) errors.county = 'Name the county.';
  if (uses.city && !draft.city.trim()) errors.city = 'Name the city.';
  if (draft.jurisdictionType === 'COUNTY' && !postalCodes.length) errors.postalCodes = 'List the postal codes the county covers.';
  if (postalCodes.some((postalCode) => postalCode.length > 20)) errors.postalCodes = 'A postal code has at most 20 characters.';
  const rate = percentToFraction(draft.percent);
  if (rate === undefined) errors.percent = 'A percentage from 0 to 100, like 7.25.';
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      name: draft.name.trim(),
      jurisdictionType: draft.jurisdictionType,
      country,
      subdivision: uses.subdivision ? subdivision : null,
      county: uses.county ? draft.county.trim() : null,
      city: uses.city ? draft.city.trim() : null,
      postalCodes: uses.postalCodes ? postalCodes : [],
      rate,
      appliesToShipping: draft.appliesToShipping,
    },
  };
}
