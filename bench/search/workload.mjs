// bench/search: what the load asks. Built from the words `vitrine seed --generate` names products
// with (adjective, material, noun; sizes, colours, brands), so every query can find something; a
// share of them carry a typo or stop mid-word, as shoppers type. Deterministic (seeded).

import { prng } from '../support/prng.mjs';

const productWords = await import(new URL('../../packages/server/dist/seed/product-words.js', import.meta.url).href);

const lowerCased = (words) => words.map((word) => word.toLowerCase());
const ADJECTIVES = lowerCased(productWords.ADJECTIVES);
const MATERIALS = lowerCased(productWords.MATERIALS);
const NOUNS = lowerCased(productWords.NOUNS);
/** Words of the generated brands, colours and sizes a query may add. */
const EXTRAS = ['navy', 'red', 'forest', 'xl', 'acme', 'northwind', 'harbor', 'loam'];

const pick = (list, random) => list[Math.floor(random * list.length)];

/** A typo: one letter dropped or doubled. */
function typo(word, random) {
  const at = 1 + Math.floor(random * (word.length - 1));
  return random < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at - 1] + word.slice(at);
}

/** `count` distinct search texts of one to three words. */
export function searchTexts(count, seed = 7) {
  const next = prng(seed);
  const out = new Set();
  while (out.size < count) {
    const words = [];
    const shape = next();
    if (shape < 0.4) words.push(pick(ADJECTIVES, next()));
    if (shape < 0.8) words.push(pick(MATERIALS, next()));
    words.push(pick(NOUNS, next()));
    if (next() < 0.25) words.push(pick(EXTRAS, next()));
    if (next() < 0.3) {
      const i = Math.floor(next() * words.length);
      words[i] = typo(words[i], next());
    }
    out.add(words.join(' '));
  }
  return [...out];
}

/** `count` distinct texts as typed so far: a word or two, the last one cut (at least two letters). */
export function typedPrefixes(count, seed = 11) {
  const next = prng(seed);
  const out = new Set();
  let guard = 0;
  while (out.size < count && guard++ < count * 50) {
    const first = next() < 0.5 ? `${pick(ADJECTIVES, next())} ` : '';
    const word = pick(next() < 0.5 ? MATERIALS : NOUNS, next());
    out.add(first + word.slice(0, 2 + Math.floor(next() * (word.length - 1))));
  }
  return [...out];
}

/** A search request with every facet, on page 1 (a third sorted by price instead of relevance). */
export function searchRequest(text, i) {
  return {
    text,
    facets: { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true },
    ...(i % 3 === 2 ? { query: { sort: [{ fieldName: 'price', order: 'ASC' }] } } : {}),
    paging: { limit: 20 },
  };
}

/** The sorts a listing page offers, none being the catalogue's default order. */
const LISTING_SORTS = [
  undefined,
  { fieldName: 'price', order: 'ASC' },
  { fieldName: 'price', order: 'DESC' },
  { fieldName: 'name', order: 'ASC' },
];
/** Pages a shopper reaches in a listing (20 products each). */
const LISTING_PAGES = 10;

/** A page as shoppers page through a listing: half stay on the first, half of the rest stop at the second, and so on. */
const shopperPage = (random) => Math.min(LISTING_PAGES - 1, Math.floor(-Math.log2(1 - random)));

/**
 * `count` listing requests without text, as the storefront's collection and filtered listings send
 * them: a collection, a colour, a size, or a collection and a size, chosen from `facets` (a listing's
 * answer), each with every facet, one of `LISTING_SORTS` and a page of the first `LISTING_PAGES` (`shopperPage`).
 */
export function listingRequests(facets, count, seed = 13) {
  const next = prng(seed);
  const collections = facets.collections.map((collection) => collection.id);
  const valuesOf = (name) => facets.choices.find((option) => option.optionName === name)?.values.map((value) => value.value) ?? [];
  const [colours, sizes] = [valuesOf('Color'), valuesOf('Size')];
  return Array.from({ length: count }, () => {
    const shape = next();
    const selected =
      shape < 0.4
        ? { collectionIds: [pick(collections, next())] }
        : shape < 0.7
          ? { choices: { Color: [pick(colours, next())] } }
          : shape < 0.9
            ? { choices: { Size: [pick(sizes, next())] } }
            : { collectionIds: [pick(collections, next())], choices: { Size: [pick(sizes, next())] } };
    const sort = pick(LISTING_SORTS, next());
    return {
      selected,
      facets: { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true },
      ...(sort ? { query: { sort: [sort] } } : {}),
      paging: { limit: 20, offset: 20 * shopperPage(next()) },
    };
  });
}
