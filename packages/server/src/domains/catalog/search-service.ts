/**
 * Product search for shoppers (issue #22): text over the products' weighted documents, with typos
 * corrected from the shop's own words and the last word read as a prefix; `queryProducts`' filter
 * and sort; facets with counts; and suggestions as the shopper types. Only visible products (and
 * visible collections) are ever searched or counted, whoever asks.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ProductRow, SuggestedProduct, WireProduct } from './product-view.js';
import { compileFilter, compileSort, FALSE } from './query/compile-sql.js';
import type { SortTerm } from './query/filter-types.js';
import { parseQuery } from './query/parse-query.js';
import { PRODUCT_QUERY } from './query/product-query.js';
import { decodeCursor, encodeCursor, searchDigest } from './search-cursor.js';
import { allSelections, facetColumns, selectionPredicates } from './search-facets.js';
import type { SearchProductsRequest, SearchProductsResponse, SuggestionsResponse } from './search-schemas.js';
import {
  countVisibleProducts,
  findCompletions,
  findCorrections,
  MATCHED_SORT,
  runSearch,
  selectCollectionsMatching,
  selectSuggested,
  textQueries,
} from './search-store.js';
import { selectSuggestedByName } from './search-suggest-store.js';
import { hasTerms, readSearchText, type SearchText } from './search-text.js';

/** Products a search page holds when the request does not say. */
const DEFAULT_SEARCH_LIMIT = 20;
/**
 * Matches a search counts its facets over exactly, by default (`SEARCH_EXACT_FACETS_UP_TO`). Counting
 * costs about 1.4 ms of database time per 1,000 matches on 100k generated products (a one-word search
 * matches ~7,000; a listing without text every product); beyond this many the counts are estimated
 * from the first this many matches and the answer says so (`facets.exhaustive: false`).
 */
const DEFAULT_EXACT_FACETS_UP_TO = 2000;
/** Collections a suggestion answer names at most. */
const SUGGESTED_COLLECTIONS = 3;

/** The catalogue reads search hands its page of ids to, to answer them as `queryProducts` does. */
interface SearchProductViews {
  visibleProducts(ids: readonly string[]): Promise<WireProduct[]>;
  suggestedProducts(rows: readonly ProductRow[]): SuggestedProduct[];
}

/** Where search keeps the shop's words (corrections and completions) and its count of visible products between catalogue changes (`CatalogCache`). */
interface SearchCache {
  searchWordsOf(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, readonly string[]>>,
  ): Promise<Map<string, readonly string[]>>;
  visibleProductCount(load: () => Promise<number>): number | Promise<number>;
}

export interface CatalogSearchDeps {
  db: Kysely<Database>;
  views: SearchProductViews;
  /** keeps the shop's words and the count of visible products in memory (absent: every search looks them up) */
  cache?: SearchCache;
  /** matches counted exactly for facets (default `DEFAULT_EXACT_FACETS_UP_TO`) */
  exactFacetsUpTo?: number;
}

/**
 * A catalogue order: over the match set when it holds every key (`MATCHED_SORT`: id, price, creation
 * date, name; `product_search` has an index of visible products in each order, so a listing walks it
 * and stops at its page),
 * else over the products, along the order's index.
 */
function catalogueOrder(sort: SortTerm[]) {
  const overMatched = sort.every((term) => Object.hasOwn(MATCHED_SORT, term.fieldName));
  return overMatched
    ? { over: 'matched' as const, items: compileSort(sort, { ...PRODUCT_QUERY, sort: MATCHED_SORT }) }
    : { over: 'products' as const, items: compileSort(sort, PRODUCT_QUERY) };
}

export class CatalogSearchService {
  private readonly facetBound: number;

  constructor(private readonly deps: CatalogSearchDeps) {
    this.facetBound = deps.exactFacetsUpTo ?? DEFAULT_EXACT_FACETS_UP_TO;
  }

  /**
   * The shop's corrections of the text's words (the word being typed only when no known word starts
   * with it), and the lexemes the word being typed completes to (`findCompletions`), from the cache
   * when there is one: shoppers type the same few hundred words, and both only change when the
   * catalogue does.
   */
  private async shopWords(text: SearchText): Promise<{ corrections: Map<string, string[]>; completions: readonly string[] }> {
    const { db, cache } = this.deps;
    const typing = text.lastIsPrefix ? text.words.at(-1) : undefined;
    if (!cache) {
      const [corrections, completions] = await Promise.all([
        findCorrections(db, text.words, typing),
        typing ? findCompletions(db, typing) : [],
      ]);
      return { corrections, completions };
    }
    const keyOf = (word: string) => `${word === typing ? 'typing' : 'typed'}:${word}`;
    const completionKey = typing === undefined ? undefined : `completing:${typing}`;
    const keys = [...text.words.map(keyOf), ...(completionKey ? [completionKey] : [])];
    const byKey = await cache.searchWordsOf(keys, async (missing) => {
      const words = text.words.filter((word) => missing.includes(keyOf(word)));
      const [found, completions] = await Promise.all([
        findCorrections(db, words, typing),
        typing && completionKey && missing.includes(completionKey) ? findCompletions(db, typing) : undefined,
      ]);
      const loaded = new Map<string, readonly string[]>(words.map((word) => [keyOf(word), found.get(word) ?? []]));
      if (completionKey && completions) loaded.set(completionKey, completions);
      return loaded;
    });
    const corrections = new Map<string, string[]>();
    for (const word of text.words) {
      const known = byKey.get(keyOf(word)) ?? [];
      if (known.length) corrections.set(word, [...known]);
    }
    return { corrections, completions: (completionKey && byKey.get(completionKey)) || [] };
  }

  /** The text's two `tsquery` readings, with the shop's corrections and completions of its words; none for no terms. */
  private async queries(text: SearchText) {
    if (!hasTerms(text)) return undefined;
    const { corrections, completions } = await this.shopWords(text);
    return textQueries(text, corrections, completions);
  }

  /**
   * One page of a search with its total and the asked facets. Text without a word or phrase (only
   * punctuation) finds nothing; no text at all is the listing of `query.filter`.
   * @throws ValidationFailure for a filter or sort `queryProducts` would refuse, or a cursor of another search
   */
  async search(req: SearchProductsRequest): Promise<SearchProductsResponse> {
    const text = readSearchText(req.text ?? '');
    const sortAsked = req.query?.sort ?? [];
    const byRelevanceAsked = sortAsked[0]?.fieldName === 'relevance';
    const parsed = parseQuery(
      { filter: req.query?.filter, sort: sortAsked.filter((term) => term.fieldName !== 'relevance') },
      PRODUCT_QUERY,
    );
    const digest = searchDigest(req);
    const limit = req.paging?.limit ?? DEFAULT_SEARCH_LIMIT;
    const offset = req.paging?.cursor ? decodeCursor(req.paging.cursor, digest) : (req.paging?.offset ?? 0);

    const tsq = await this.queries(text);
    const facets = facetColumns(req.facets, req.selected);
    const noFilter = parsed.filter.kind === 'and' && parsed.filter.items.length === 0;
    // Text of punctuation only finds nothing (and every facet counts nothing).
    const nothing = text.text !== '' && !tsq;
    const filtered = nothing ? FALSE : noFilter ? undefined : compileFilter(parsed.filter, PRODUCT_QUERY);
    // Relevance (then id) when there is text and no other order is asked for first.
    const byRelevance = tsq && (byRelevanceAsked || sortAsked.length === 0);
    const { db, cache } = this.deps;
    const found = await runSearch(db, {
      text: tsq,
      filter: filtered,
      where: allSelections(selectionPredicates(req.selected)),
      order: byRelevance ? 'relevance' : catalogueOrder(parsed.sort),
      page: { limit, offset },
      columns: facets.columns,
      facetBound: this.facetBound,
      visibleProducts: () => (cache ? cache.visibleProductCount(() => countVisibleProducts(db)) : countVisibleProducts(db)),
    });
    const { ids, total, totalExact } = found;
    const products = await this.deps.views.visibleProducts(ids);
    const next = offset + products.length;
    return {
      text: text.text,
      products,
      metadata: {
        count: products.length,
        offset,
        total,
        totalExact,
        ...(next < total && products.length > 0 ? { nextCursor: encodeCursor(next, digest) } : {}),
      },
      facets: facets.read(found.values, { matches: found.matches, bound: this.facetBound }),
    };
  }

  /**
   * The best few visible products and collections for what the shopper has typed so far. Words
   * are looked up in the products' names first, in the order typed (search-suggest-store.ts); a
   * phrase, an exclusion, or words no name has in that order, in the documents. Typos are corrected
   * only when that finds no product.
   */
  async suggest(rawText: string, limit: number): Promise<SuggestionsResponse> {
    const text = readSearchText(rawText);
    if (!hasTerms(text)) return { products: [], collections: [] };
    const { db } = this.deps;
    const plain = textQueries(text, new Map());
    const onlyWords = text.phrases.length === 0 && text.excluded.length === 0;
    const byName = async () => (onlyWords ? selectSuggestedByName(db, text, plain, limit) : []);
    let [rows, collections] = await Promise.all([
      byName().then(async (named) => (named.length ? named : selectSuggested(db, plain, limit))),
      selectCollectionsMatching(db, plain.any, SUGGESTED_COLLECTIONS),
    ]);
    // Without a correction, the corrected readings would be `plain` again: nothing more to find.
    const { corrections, completions } = rows.length === 0 ? await this.shopWords(text) : { corrections: new Map(), completions: [] };
    if (corrections.size > 0) {
      const corrected = textQueries(text, corrections, completions);
      [rows, collections] = await Promise.all([
        selectSuggested(db, corrected, limit),
        selectCollectionsMatching(db, corrected.any, SUGGESTED_COLLECTIONS),
      ]);
    }
    return { products: this.deps.views.suggestedProducts(rows), collections };
  }
}
