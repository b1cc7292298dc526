/**
 * Request and answer schemas of product search (issue #22), a Vitrine extension under
 * `/_api/vitrine/v1/search` (the reference has no search; its `queryProducts` stays as it is).
 */
import { z } from 'zod';
import { PlatformQuery, WireProduct } from './read-schemas.js';
import { MAX_TEXT_LENGTH } from './search-text.js';

/** The deepest offset a search pages to: deeper pages cost the database more than any shopper reads. */
const MAX_SEARCH_OFFSET = 10_000;
/** Products a page holds at most. */
const MAX_SEARCH_LIMIT = 100;

const Text = z.string().max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`);
const Decimal = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a decimal amount such as 19.99');

/** Prices from `from` (included) up to `to` (left out); either end may be open. */
const PriceRange = z.object({ from: Decimal.nullish(), to: Decimal.nullish() });
export type PriceRange = z.infer<typeof PriceRange>;

/** What the shopper chose in the facets: within a facet any value, across facets all of them. */
const Selected = z.object({
  collectionIds: z.array(z.string().max(100)).max(50, 'must have at most 50 ids').nullish(),
  /** option name → choice labels (as facets list them: "Forest green", not "#2e6b3f") */
  choices: z
    .record(z.string().max(100), z.array(z.string().max(200)).max(50, 'must have at most 50 choices'))
    .refine((choices) => Object.keys(choices).length <= 20, 'must name at most 20 options')
    .nullish(),
  priceRanges: z.array(PriceRange).max(10, 'must have at most 10 ranges').nullish(),
  inStock: z.boolean().nullish(),
  onSale: z.boolean().nullish(),
});
export type Selected = z.infer<typeof Selected>;

/** Which facets to count; `priceRanges: true` counts the default ranges. */
const FacetsAsked = z.object({
  collections: z.boolean().nullish(),
  choices: z.boolean().nullish(),
  priceRanges: z.union([z.boolean(), z.array(PriceRange).min(1).max(10, 'must have at most 10 ranges')]).nullish(),
  inStock: z.boolean().nullish(),
  onSale: z.boolean().nullish(),
});
export type FacetsAsked = z.infer<typeof FacetsAsked>;

const SearchPaging = z.object({
  limit: z.number().int().min(1, 'must be at least 1').max(MAX_SEARCH_LIMIT, `must be at most ${MAX_SEARCH_LIMIT}`).nullish(),
  offset: z.number().int().min(0, 'must not be negative').max(MAX_SEARCH_OFFSET, `must be at most ${MAX_SEARCH_OFFSET}`).nullish(),
  /** the `nextCursor` of the previous page of the same search (instead of `offset`) */
  cursor: z.string().max(500).nullish(),
});

/**
 * A search: `text` (at most 200 characters), `query.filter` and `query.sort` as `queryProducts`
 * takes them (or `relevance` as the first sort key, the default when there is text: then by id),
 * `selected` facet values,
 * the `facets` to count, and `paging` by offset or cursor (default 20 products).
 */
export const SearchProductsRequest = z.object({
  text: Text.nullish(),
  query: PlatformQuery.omit({ paging: true }).nullish(),
  selected: Selected.nullish(),
  facets: FacetsAsked.nullish(),
  paging: SearchPaging.nullish(),
});
export type SearchProductsRequest = z.infer<typeof SearchProductsRequest>;

const Counted = { count: z.number().int(), selected: z.boolean() };

const Facets = z.object({
  collections: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), ...Counted })).optional(),
  choices: z
    .array(
      z.object({
        optionName: z.string(),
        optionType: z.enum(['drop_down', 'color']),
        values: z.array(z.object({ value: z.string(), swatch: z.string().optional(), ...Counted })),
      }),
    )
    .optional(),
  priceRanges: z.array(z.object({ from: z.string().optional(), to: z.string().optional(), ...Counted })).optional(),
  inStock: z.object(Counted).optional(),
  onSale: z.object(Counted).optional(),
  exhaustive: z
    .boolean()
    .optional()
    .describe(
      'true: every count is exact. false: the search matched more products than the server counts exactly ' +
        '(SEARCH_EXACT_FACETS_UP_TO), so each count is estimated from that many of them, scaled to the whole match set. ' +
        'Present whenever a facet was asked for.',
    ),
});
export type Facets = z.infer<typeof Facets>;

/**
 * Products (without `variants`, as `queryProducts` answers them), the paging of the whole result,
 * and each asked facet's values with the count a shopper would get by choosing it.
 */
export const SearchProductsResponse = z.object({
  /** the text searched, trimmed */
  text: z.string(),
  products: z.array(WireProduct),
  metadata: z.object({
    count: z.number().int(),
    offset: z.number().int(),
    total: z
      .number()
      .int()
      .describe(
        'Exact, except for a listing without text but with a filter or selection past SEARCH_EXACT_FACETS_UP_TO visible ' +
          'products (totalExact false): estimated as its facets are, and never below the products paged so far.',
      ),
    totalExact: z
      .boolean()
      .describe('false: total is an estimate (a listing narrowed past SEARCH_EXACT_FACETS_UP_TO): show it as approximate.'),
    /** the next page's cursor, while there is one */
    nextCursor: z.string().optional(),
  }),
  facets: Facets,
});
export type SearchProductsResponse = z.infer<typeof SearchProductsResponse>;

/** Suggestions as the shopper types: `text`, and at most `limit` products (1–10, default 5). */
export const SuggestionsQuery = z.object({
  text: Text,
  limit: z.coerce.number().int().min(1, 'must be at least 1').max(10, 'must be at most 10').optional(),
});

const Suggestion = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** the product's price after its discount, formatted in the display currency */
  formattedPrice: z.string(),
  mainMedia: z.looseObject({}).optional(),
  productPageUrl: z.object({ base: z.string(), path: z.string() }),
});

/** The best matching products and up to 3 matching collections. */
export const SuggestionsResponse = z.object({
  products: z.array(Suggestion),
  collections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      /** the collection's picture (its main media, else its first), when it has one */
      mainMedia: z.looseObject({}).optional(),
    }),
  ),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;
