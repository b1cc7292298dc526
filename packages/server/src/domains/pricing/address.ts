import type { PricingAddress } from '../cart/pricing-port.js';

/** An address's place as pricing compares it: codes upper-case, names lower-case, subdivision ISO 3166-2. */
export interface Place {
  country?: string;
  /** "US-NY" (a bare "NY" is read as a subdivision of the address's country) */
  subdivision?: string;
  county?: string;
  city?: string;
  /** upper-case without spaces ("SW1A1AA") */
  postalCode?: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** The place of an address, normalised for comparison with the configuration. */
export function placeOf(address: PricingAddress): Place {
  const country = text(address.country).toUpperCase() || undefined;
  let subdivision = text(address.subdivision).toUpperCase() || undefined;
  if (subdivision && country && !subdivision.includes('-')) subdivision = `${country}-${subdivision}`;
  return {
    country,
    subdivision,
    county: text(address.county).toLowerCase() || undefined,
    city: text(address.city).toLowerCase() || undefined,
    postalCode: normalisePostalCode(address.postalCode),
  };
}

/** Postal codes compare without case and spaces ("sw1a 1aa" = "SW1A1AA"). */
export function normalisePostalCode(code: string | null | undefined): string | undefined {
  return text(code).replace(/\s+/g, '').toUpperCase() || undefined;
}
