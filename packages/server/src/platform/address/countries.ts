/**
 * The countries (ISO 3166-1 alpha-2) and their subdivisions (ISO 3166-2) an address may name, from
 * the `iso-3166` package (maintained, updated with each ISO newsletter). Codes are compared
 * upper-case; a subdivision is kept with its country prefix ("US-NY").
 */
import { createRequire } from 'node:module';
import { iso31661 } from 'iso-3166/1.js';

const require = createRequire(import.meta.url);

/** A subdivision of a country: its ISO 3166-2 code and its English name. */
export interface Subdivision {
  code: string;
  name: string;
}

const COUNTRY_CODES: ReadonlySet<string> = new Set(iso31661.map((country) => country.alpha2));

let subdivisions: ReadonlyMap<string, ReadonlyMap<string, Subdivision>> | undefined;

/**
 * Each country's subdivisions (those nested in another subdivision too), by code. The ISO 3166-2 table
 * (~5,000 entries, 0.7 MiB of source that V8 keeps once loaded, ~2 MiB of heap with the maps) is loaded
 * at the first address or region check, not at start: a server that only answers catalogue reads never
 * needs it. It is an ES module: `require` loads it synchronously (Node 20.19, 22.12 and later), so the
 * checks, which run inside zod's synchronous refinements, stay synchronous.
 */
function subdivisionTable(): ReadonlyMap<string, ReadonlyMap<string, Subdivision>> {
  subdivisions ??= bySubdivisionCountry((require('iso-3166/2.js') as typeof import('iso-3166/2.js')).iso31662);
  return subdivisions;
}

function bySubdivisionCountry(table: readonly Subdivision[]): ReadonlyMap<string, ReadonlyMap<string, Subdivision>> {
  const byCountry = new Map<string, Map<string, Subdivision>>();
  for (const subdivision of table) {
    const country = subdivision.code.slice(0, 2);
    const list = byCountry.get(country) ?? new Map<string, Subdivision>();
    list.set(subdivision.code, { code: subdivision.code, name: subdivision.name });
    byCountry.set(country, list);
  }
  return byCountry;
}

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
  return [...(subdivisionTable().get(country)?.values() ?? [])];
}

/** Whether `code` ("US-NY") is a subdivision of `country` ("US"). */
export function isSubdivisionOf(code: string, country: string): boolean {
  return subdivisionTable().get(country)?.has(code) ?? false;
}

/** A subdivision by its full code ("US-NY"), whatever its country. */
export function findSubdivision(code: string): Subdivision | undefined {
  return subdivisionTable().get(code.slice(0, 2))?.get(code);
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
