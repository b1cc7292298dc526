/**
 * Product search (`@vitrine/sdk/search`, issue #22): a Vitrine extension, not part of the
 * reference's API. Money in ranges is decimal text in the shop's currency.
 */
import type { Product } from './catalog-product.js';

/** Prices from `from` (included) up to `to` (left out); either end may be open. */
export interface PriceRange {
  from?: string | null;
  to?: string | null;
}

/** What the shopper chose in the facets: within a facet any value, across facets all of them. */
export interface SearchSelection {
  collectionIds?: string[] | null;
  /** option name → choice labels, as the facets list them ("Forest green", not "#2e6b3f") */
  choices?: Record<string, string[]> | null;
  priceRanges?: PriceRange[] | null;
  inStock?: boolean | null;
  onSale?: boolean | null;
}

/** Which facets to count; `priceRanges: true` counts the server's default ranges. */
export interface SearchFacetsRequest {
  collections?: boolean | null;
  choices?: boolean | null;
  priceRanges?: boolean | PriceRange[] | null;
  inStock?: boolean | null;
  onSale?: boolean | null;
}

/** A product search: text (at most 200 characters), `queryProducts`' filter and sort, facets, paging. */
export interface SearchProductsRequest {
  /** at most 200 characters: longer is a 400 naming `request.text` (the SDK's argument name) */
  text?: string | null;
  /** the filter language of `queryProducts`; sort also by `relevance` (the default with text) */
  query?: {
    filter?: Record<string, unknown> | null;
    sort?: { fieldName?: string | null; order?: 'ASC' | 'DESC' | null }[] | null;
  } | null;
  selected?: SearchSelection | null;
  facets?: SearchFacetsRequest | null;
  /** `limit` 1–100 (default 20); `offset` up to 10,000, or the previous answer's `nextCursor` */
  paging?: { limit?: number | null; offset?: number | null; cursor?: string | null } | null;
}

/** A facet value's count: the products the shopper would get by choosing it too. */
export interface FacetCount {
  count: number;
  selected: boolean;
}

export interface SearchFacets {
  collections?: ({ _id: string; name: string; slug: string } & FacetCount)[];
  choices?: {
    optionName: string;
    optionType: 'drop_down' | 'color';
    /** `swatch`: the colour code (`#2e6b3f`) of a colour choice that has one */
    values: ({ value: string; swatch?: string } & FacetCount)[];
  }[];
  priceRanges?: ({ from?: string; to?: string } & FacetCount)[];
  inStock?: FacetCount;
  onSale?: FacetCount;
  /**
   * Present when any facet was asked for. `false`: the search matched more products than the server
   * counts exactly (its `SEARCH_EXACT_FACETS_UP_TO`), so the counts are estimates scaled from a part
   * of the matches (show them as approximate). `metadata.total` stays exact, except for a listing
   * without text but with a filter or selection, whose total is estimated the same way (`metadata.totalExact`).
   */
  exhaustive?: boolean;
}

export interface SearchProductsResponse {
  /** the text searched, trimmed */
  text: string;
  /** products as `queryProducts` answers them (without `variants`) */
  products: Product[];
  /** `totalExact` false: `total` is an estimate (a listing narrowed past the server's exact bound): show it as approximate */
  metadata: { count: number; offset: number; total: number; totalExact: boolean; nextCursor?: string };
  facets: SearchFacets;
}

/** A product suggested while typing. */
export interface ProductSuggestion {
  _id: string;
  name: string;
  slug: string;
  /** its price after discount, formatted in the display currency */
  formattedPrice: string;
  mainMedia?: Record<string, unknown>;
  productPageUrl: { base: string; path: string };
}

export interface SearchSuggestions {
  products: ProductSuggestion[];
  /** `mainMedia`: the collection's picture (its main media, else its first), when it has one */
  collections: { _id: string; name: string; slug: string; mainMedia?: Record<string, unknown> }[];
}
