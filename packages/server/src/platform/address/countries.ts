/**
 * The countries (ISO 3166-1 alpha-2) and their subdivisions (ISO 3166-2) an address may name, from
 * the `iso-3166` package (maintained, updated with each ISO newsletter). Codes are compared
 * upper-case; a subdivision is kept with its country prefix ("US-NY").
 */
import { iso31661, iso31662 } from 'iso-3166';

/** A subdivision of a country: its ISO 3166-2 code and its English name. */
export interface Subdivision {
  code: string;
  name: string;
}

const COUNTRY_CODES: ReadonlySet<string> = new Set(iso31661.map((country) => country.alpha2));

/** Each country's subdivisions (those nested in another subdivision too), by code. */
const SUBDIVISIONS: ReadonlyMap<string, ReadonlyMap<string, Subdivision>> = (() => {
  const byCountry = new Map<string, Map<string, Subdivision>>();
  for (const subdivision of iso31662) {
    const country = subdivision.code.slice(0, 2);
    const list = byCountry.get(country) ?? new Map<string, Subdivision>();
    list.set(subdivision.code, { code: subdivision.code, name: subdivision.name });
    byCountry.set(country, list);
  }
  return byCountry;
})();

/** Every ISO 3166-1 alpha-2 code. */
export function countryCodes(): string[] {
  return [...COUNTRY_CODES];
}

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code (upper-case). */
export function isCountry(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/** The subdivisions of a country (empty where ISO 3166-2 lists none). */
export function subdivisionsOf(country: string): Subdivision[] {
  return [...(SUBDIVISIONS.get(country)?.values() ?? [])];
}

/** Whether `code` ("US-NY") is a subdivision of `country` ("US"). */
export function isSubdivisionOf(code: string, country: string): boolean {
  return SUBDIVISIONS.get(country)?.has(code) ?? false;
}

/** A subdivision by its full code ("US-NY"), whatever its country. */
export function findSubdivision(code: string): Subdivision | undefined {
  return SUBDIVISIONS.get(code.slice(0, 2))?.get(code);
}

/** Upper-case without surrounding spaces; undefined when nothing is left. */
export function normaliseCode(text: string | null | undefined): string | undefined {
  return text?.trim().toUpperCase() || undefined;
}

/** "ny" in the US is "US-NY"; a code with its country prefix stays as it is (upper-cased). */
export function subdivisionCode(subdivision: string | null | undefined, country: string | undefined): string | undefined {
  const code = normaliseCode(subdivision);
  if (!code) return undefined;
  return code.includes('-') || !country ? code : `${country}-${code}`;
}
