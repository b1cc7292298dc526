/**
 * Countries and subdivisions as a shopper reads them: country names in the page's language from
 * `Intl.DisplayNames` (Node's ICU), subdivision names as ISO 3166-2 lists them.
 */
import { countryCodes, subdivisionsOf } from './countries.js';

/** A choice of a list: the code it posts and the name it shows. */
export interface PlaceChoice {
  code: string;
  name: string;
}

const displayNames = new Map<string, Intl.DisplayNames>();

function namesIn(lang: string): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  return names;
}

/** "Germany" for DE in English, "Deutschland" in German. */
export function countryName(code: string, lang = 'en'): string {
  return namesIn(lang).of(code) ?? code;
}

/** Every country, by name in the page's language, sorted as that language sorts. */
export function countryChoices(lang = 'en'): PlaceChoice[] {
  const collator = new Intl.Collator([lang, 'en']);
  return countryCodes()
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((left, right) => collator.compare(left.name, right.name));
}

/** A country's subdivisions sorted by name (empty where it has none). */
export function subdivisionChoices(country: string, lang = 'en'): PlaceChoice[] {
  const collator = new Intl.Collator([lang, 'en']);
  return subdivisionsOf(country).sort((left, right) => collator.compare(left.name, right.name));
}
