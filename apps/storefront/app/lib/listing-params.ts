/**
 * A listing's state as it lives in the URL
 * (`?q=mug&collection=mugs&o.Colour=White&price=25-50&min=10&max=40&inStock=1&onSale=1&sort=price-asc&page=2`):
 * parsed leniently (a bad value is dropped, never an error page) and written back for links.
 * Repeated parameters (`collection`, `o.<option>`, `price`) select any of their values (facets).
 */

export const SORTS = {
  relevance: { label: 'Relevance', fieldName: 'relevance', order: 'DESC' },
  newest: { label: 'Newest', fieldName: 'createdDate', order: 'DESC' },
  'price-asc': { label: 'Price: low to high', fieldName: 'price', order: 'ASC' },
  'price-desc': { label: 'Price: high to low', fieldName: 'price', order: 'DESC' },
  'name-asc': { label: 'Name: A to Z', fieldName: 'name', order: 'ASC' },
  'name-desc': { label: 'Name: Z to A', fieldName: 'name', order: 'DESC' },
} as const;

export type SortKey = keyof typeof SORTS;

export const PAGE_SIZE = 12;
const MAX_PAGE = 1000;
/** the prefix of an option's parameter: `o.Size=M` */
export const OPTION_PARAM = 'o.';
const MAX_VALUES = 20;
/** the longest search words kept (the API takes 200) */
export const MAX_QUERY_LENGTH = 100;

/** A price range as the URL writes it (`25-50`, `-25`, `200-`): decimal text, either end open. */
export interface PriceRangeParam {
  from?: string;
  to?: string;
}

export interface ListingParams {
  /** collection slugs (on /products and /search; a collection page fixes its own) */
  collections: string[];
  /** option name → chosen choice names */
  choices: Record<string, string[]>;
  prices: PriceRangeParam[];
  min?: number;
  max?: number;
  inStock: boolean;
  onSale: boolean;
  sort: SortKey;
  /** 1-based */
  page: number;
  /** search words (/search) */
  q?: string;
}

function amount(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const parsed = Number(raw);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 1e9 ? parsed : undefined;
}

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** `25-50` → { from: '25', to: '50' }; undefined when malformed. */
export function parsePriceRange(raw: string): PriceRangeParam | undefined {
  const match = /^([\d.]*)-([\d.]*)$/.exec(raw);
  if (!match || (!match[1] && !match[2])) return undefined;
  const [, from, to] = match;
  if ((from && !DECIMAL.test(from)) || (to && !DECIMAL.test(to))) return undefined;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const priceRangeParam = (range: PriceRangeParam): string => `${range.from ?? ''}-${range.to ?? ''}`;

/** A shopper's words: trimmed, at most 100 characters (the API takes 200), no control characters. */
function cleanText(raw: string | null | undefined, max: number): string | undefined {
  const text = raw
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max);
  return text || undefined;
}

const distinct = (values: string[]) => [...new Set(values)].slice(0, MAX_VALUES);

/** Reads a listing's URL parameters; anything malformed falls back to the default. */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page'));
  const query = cleanText(search.get('q'), MAX_QUERY_LENGTH);
  let min = amount(search.get('min'));
  let max = amount(search.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const choices: Record<string, string[]> = {};
  for (const [key, raw] of search) {
    const name = key.startsWith(OPTION_PARAM) ? cleanText(key.slice(OPTION_PARAM.length), 50) : undefined;
    const value = cleanText(raw, 50);
    if (name && value && Object.keys(choices).length < MAX_VALUES) choices[name] = distinct([...(choices[name] ?? []), value]);
  }
  const defaultSort: SortKey = query ? 'relevance' : 'newest';
  const sortKey = Object.hasOwn(SORTS, sort) ? (sort as SortKey) : defaultSort;
  return {
    collections: distinct(search.getAll('collection').filter((collection) => /^[\w-]{1,200}$/.test(collection))),
    choices,
    prices: distinct(search.getAll('price'))
      .map(parsePriceRange)
      .filter((range) => range !== undefined),
    min,
    max,
    inStock: search.get('inStock') === '1',
    onSale: search.get('onSale') === '1',
    // relevance needs words to be relevant to
    sort: sortKey === 'relevance' && !query ? 'newest' : sortKey,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    q: query,
  };
}

/** The URL query of a listing state (defaults left out), e.g. for pagination links. */
export function listingSearch(params: ListingParams, change: Partial<ListingParams> = {}): string {
  const merged = { ...params, ...change };
  const search = new URLSearchParams();
  if (merged.q) search.set('q', merged.q);
  for (const collection of merged.collections) search.append('collection', collection);
  for (const [name, values] of Object.entries(merged.choices)) for (const value of values) search.append(`${OPTION_PARAM}${name}`, value);
  for (const range of merged.prices) search.append('price', priceRangeParam(range));
  if (merged.min !== undefined) search.set('min', String(merged.min));
  if (merged.max !== undefined) search.set('max', String(merged.max));
  if (merged.inStock) search.set('inStock', '1');
  if (merged.onSale) search.set('onSale', '1');
  if (merged.sort !== (merged.q ? 'relevance' : 'newest')) search.set('sort', merged.sort);
  if (merged.page > 1) search.set('page', String(merged.page));
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** Whether a filter beside the words narrows the listing: what "Clear filters" would take away. */
export const narrowedBeyondWords = (params: ListingParams): boolean => hasFilters({ ...params, q: undefined });

/** Whether any filter narrows the listing (an empty result then says "no match", not "no products"). */
export function hasFilters(params: ListingParams): boolean {
  return (
    params.min !== undefined ||
    params.max !== undefined ||
    params.inStock ||
    params.onSale ||
    params.collections.length > 0 ||
    params.prices.length > 0 ||
    Object.keys(params.choices).length > 0 ||
    !!params.q
  );
}

/** The same listing without any filter: its words and sort kept, back on page 1 ("Clear all"). */
export function withoutFilters(params: ListingParams): ListingParams {
  return { ...params, collections: [], choices: {}, prices: [], min: undefined, max: undefined, inStock: false, onSale: false, page: 1 };
}
