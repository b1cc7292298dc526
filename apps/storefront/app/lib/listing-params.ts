/**
 * A listing's state as it lives in the URL (`?collection=mugs&min=10&max=40&inStock=1&sort=price-asc&page=2`):
 * parsed leniently (a bad value is dropped, never an error page) and written back for links.
 */

export const SORTS = {
  newest: { label: 'Newest', fieldName: 'createdDate', order: 'DESC' },
  'price-asc': { label: 'Price: low to high', fieldName: 'price', order: 'ASC' },
  'price-desc': { label: 'Price: high to low', fieldName: 'price', order: 'DESC' },
  'name-asc': { label: 'Name: A to Z', fieldName: 'name', order: 'ASC' },
  'name-desc': { label: 'Name: Z to A', fieldName: 'name', order: 'DESC' },
} as const;

export type SortKey = keyof typeof SORTS;

export const PAGE_SIZE = 12;
const MAX_PAGE = 1000;

export interface ListingParams {
  /** collection slug (on /products; a collection page fixes its own) */
  collection?: string;
  min?: number;
  max?: number;
  inStock: boolean;
  sort: SortKey;
  /** 1-based */
  page: number;
  /** search words (/search) */
  q?: string;
}

function amount(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 1e9 ? n : undefined;
}

/** Reads a listing's URL parameters; anything malformed falls back to the default. */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page'));
  const collection = search.get('collection')?.trim();
  const q = search.get('q')?.trim().slice(0, 100);
  let min = amount(search.get('min'));
  let max = amount(search.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    collection: collection && /^[\w-]{1,200}$/.test(collection) ? collection : undefined,
    min,
    max,
    inStock: search.get('inStock') === '1',
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortKey) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    q: q || undefined,
  };
}

/** The URL query of a listing state (defaults left out), e.g. for pagination links. */
export function listingSearch(params: ListingParams, change: Partial<ListingParams> = {}): string {
  const p = { ...params, ...change };
  const s = new URLSearchParams();
  if (p.q) s.set('q', p.q);
  if (p.collection) s.set('collection', p.collection);
  if (p.min !== undefined) s.set('min', String(p.min));
  if (p.max !== undefined) s.set('max', String(p.max));
  if (p.inStock) s.set('inStock', '1');
  if (p.sort !== 'newest') s.set('sort', p.sort);
  if (p.page > 1) s.set('page', String(p.page));
  const query = s.toString();
  return query ? `?${query}` : '';
}

/** Whether any filter narrows the listing (an empty result then says "no match", not "no products"). */
export function hasFilters(p: ListingParams): boolean {
  return p.min !== undefined || p.max !== undefined || p.inStock || !!p.collection || !!p.q;
}
