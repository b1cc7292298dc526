/**
 * SQL of product search over the documents `catalog/search-document-store.ts` keeps: typo
 * corrections from the known words, the text's `tsquery`, and the ranked page. Predicates are over
 * `products p` (the catalogue's alias, so its compiled filters apply unchanged).
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ProductRow } from './product-view.js';
import { FALSE, TRUE } from './query/compile-sql.js';
import type { EntityQuerySpec } from './query/filter-types.js';
import type { OrderItem, Page } from './read-store.js';
import { type FacetSample, scaleTo } from './search-facets.js';
import type { SearchText } from './search-text.js';

type Predicate = RawBuilder<SqlBool>;
type TsQuery = RawBuilder<unknown>;

/** Known words offered for a typed word that is not one (nearest first). */
const CORRECTIONS_PER_WORD = 3;

/**
 * Known words close to each typed word that is not itself known (`pg_trgm` similarity at its
 * default threshold, 0.3): "hodie" → ["hoodie"]. The word being typed is corrected only when no
 * known word starts with it. Words shorter than 3 letters are never corrected.
 */
export async function findCorrections(db: Kysely<Database>, words: readonly string[], prefix?: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const typed = words.filter((word) => word.length >= 3);
  if (typed.length === 0) return out;
  const { rows } = await sql<{ typed: string; known: string }>`
    SELECT asked.word AS typed, alternative.word AS known
    FROM unnest(CAST(${typed} AS text[])) AS asked(word)
    CROSS JOIN LATERAL (
      SELECT candidate.word FROM search_words candidate
      WHERE candidate.word % asked.word
        AND NOT EXISTS (
          SELECT 1 FROM search_words existing
          WHERE CASE WHEN asked.word = ${prefix ?? null} THEN existing.word LIKE asked.word || '%' ELSE existing.word = asked.word END
        )
      ORDER BY candidate.word <-> asked.word, candidate.word
      LIMIT ${CORRECTIONS_PER_WORD}
    ) AS alternative`.execute(db);
  for (const row of rows) out.set(row.typed, [...(out.get(row.typed) ?? []), row.known]);
  return out;
}

/** Lexemes a word being typed is read as at most (`findCompletions`); with more, it stays a prefix. */
const COMPLETIONS_AT_MOST = 16;

/**
 * The lexemes of the search documents (migration 0038) that start with the stem of `word`, the word
 * being typed: what `word:*` matches, as whole lexemes the GIN index intersects with the other words
 * as it reads them. None when there are more than `COMPLETIONS_AT_MOST` (or none at all, or the word
 * is a stop word): the word then stays a prefix.
 */
export async function findCompletions(db: Kysely<Database>, word: string): Promise<string[]> {
  // The stem `to_tsquery` would take the prefix as (none for a stop word or a word of several
  // stems); the range is the btree's (collation "C"). The bounds are scalar subqueries, read once
  // before the scan: joined to the lexemes instead, they led the planner to walk the whole index in
  // order for the LIMIT (30 ms at 100k products, against 0.2 ms for the range).
  const { rows } = await sql<{ lexeme: string }>`
    WITH typed AS (
      SELECT CASE WHEN count(*) = 1 THEN min(stem.lexeme) END AS lexeme
      FROM unnest(to_tsvector('vitrine_search', ${word})) AS stem
    )
    SELECT known.lexeme FROM search_lexemes known
    WHERE known.lexeme >= (SELECT typed.lexeme FROM typed)
      AND known.lexeme < (SELECT typed.lexeme || chr(1114111) FROM typed)
    ORDER BY known.lexeme
    LIMIT ${COMPLETIONS_AT_MOST + 1}`.execute(db);
  return rows.length > COMPLETIONS_AT_MOST ? [] : rows.map((row) => row.lexeme);
}

/** Letters and digits only: safe to write into `to_tsquery` text as they are. */
const PLAIN = /^[\p{L}\p{N}]+$/u;

/** Lexemes as `tsquery` text, any of them: each quoted, its quotes and backslashes doubled (as the type's input reads them). */
const anyLexeme = (lexemes: readonly string[]) =>
  lexemes.map((lexeme) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');

/**
 * The two readings of a text: `exact`, PostgreSQL's own `websearch_to_tsquery`; and `loose`, where
 * each word may also be one of its corrections and the last one a prefix (phrases and exclusions
 * as in `exact`), read as the lexemes it completes to when there are few (`completions`). A product
 * matches either; one matching `exact` ranks first.
 */
export function textQueries(
  text: SearchText,
  corrections: Map<string, string[]>,
  completions: readonly string[] = [],
): { exact: TsQuery; any: TsQuery } {
  const exact = sql`websearch_to_tsquery('vitrine_search', ${text.text})`;
  const parts: TsQuery[] = text.words.map((word, i) => {
    const prefix = text.lastIsPrefix && i === text.words.length - 1;
    const known = (corrections.get(word) ?? []).filter((correction) => PLAIN.test(correction));
    if (prefix && completions.length) {
      const completed = sql`CAST(${anyLexeme(completions)} AS tsquery)`;
      return known.length ? sql`(${completed} || to_tsquery('vitrine_search', ${known.join(' | ')}))` : completed;
    }
    const alternatives = [prefix ? `${word}:*` : word, ...known];
    return sql`to_tsquery('vitrine_search', ${alternatives.join(' | ')})`;
  });
  for (const phrase of text.phrases) parts.push(sql`phraseto_tsquery('vitrine_search', ${phrase})`);
  for (const left of text.excluded) parts.push(sql`(!! phraseto_tsquery('vitrine_search', ${left}))`);
  const loose = parts.length ? sql`(${sql.join(parts, sql` && `)})` : exact;
  return { exact, any: sql`(${exact} || ${loose})` };
}

/** A text's two `tsquery` readings (`textQueries`). */
export type Readings = { exact: TsQuery; any: TsQuery };

/** Relevance: weighted rank (A 1, B 0.4, C 0.2) of either reading, plus 1 when the exact reading matches. */
export const relevance = (readings: Readings) =>
  sql<number>`(ts_rank('{0.1, 0.2, 0.4, 1.0}', s.document, ${readings.any}) + CASE WHEN s.document @@ ${readings.exact} THEN 1 ELSE 0 END)`;

/**
 * Rows of the sort's index a sampled listing may expect to walk for its page (from how many of the
 * sample pass its selection); past that it reads every product that passes and sorts them.
 */
const WALKED_ROWS_AT_MOST = 5000;

/** The catalogue's sort keys (`PRODUCT_QUERY.sort`) the match set holds: pages in these orders read no product. */
export const MATCHED_SORT: EntityQuerySpec['sort'] = {
  id: [sql.ref('m.id')],
  price: [sql.ref('m.price_min')],
  createdDate: [sql.ref('m.created_date')],
  name: [sql.ref('m.name_key')],
};

/** What a search asks of its match set. */
export interface SearchSql {
  /** the text's readings (none: every visible product) */
  text?: Readings;
  /** `queryProducts`' filter over `products p`, when there is one */
  filter?: Predicate;
  /** what the page and total keep of the match set (the selections), over `matched m` */
  where: Predicate;
  /**
   * most relevant first (needs `text`), else a catalogue order: over `matched m` when its keys are
   * all columns of the match set (`MATCHED_SORT`), else over `products p`
   */
  order: 'relevance' | { over: 'matched' | 'products'; items: OrderItem[] };
  page: Page;
  /** more answers computed over `faceted m` (facets) */
  columns: RawBuilder<unknown>[];
  /** the most matches `columns` are computed over: `faceted` is the first this many of `matched` */
  facetBound: number;
  /**
   * How many products are visible, from where the caller keeps it (`CatalogCache`): a sampled
   * listing scales its counts by it, and the listing of every product answers it as its total
   * (counting them cost 8–20 ms at 100k products, every listing).
   */
  visibleProducts: () => number | Promise<number>;
}

/** How many products shoppers may see (what a sampled listing's counts are scaled to). */
export async function countVisibleProducts(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM product_search s WHERE s.visible`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A search's answer: the page's ids, the total, the values of `columns`, and how many products matched before the selections. */
export interface SearchRows {
  ids: string[];
  total: number;
  /** false: `total` is estimated (a sampled listing past the bound whose page has not reached the end) */
  totalExact: boolean;
  values: unknown[];
  matches: number;
}

/**
 * One statement for a whole search: the match set (visible products matching the text and filter)
 * is read once from `product_search` alone, by its GIN index, with the columns search filters,
 * counts and pages by (migration 0030); the page and the total are computed from it, `columns` from
 * its first `facetBound` rows (in the order the scan found them: the same rows for the same
 * catalogue), since counting facets costs more per match than anything else of a search.
 *
 * A listing without text but with a filter or a selection (a collection page, a chosen colour)
 * reads no more than its page and a sample: its total and facets are counted over those of the
 * `facetBound` visible products with the lowest ids that pass it, scaled to every visible product past the bound
 * (`sampledTotal`), as facets are. Counting it over the whole catalogue cost 37–57 ms at 100k.
 */
export async function runSearch(db: Kysely<Database>, search: SearchSql): Promise<SearchRows> {
  const byRelevance = search.order === 'relevance' && search.text;
  // `probed`: the filter looked up per row (OFFSET 0 keeps the planner from joining it to every
  // product that passes it, 91,000 for a price bound at 100k), for the few rows of a sample.
  const conditions = (probed: boolean) =>
    sql.join(
      [
        sql`s.visible`,
        ...(search.text ? [sql`s.document @@ ${search.text.any}`] : []),
        // FALSE (a text that finds nothing) as it is: the planner then reads no row at all.
        ...(search.filter === FALSE
          ? [FALSE]
          : search.filter
            ? [sql`EXISTS (SELECT 1 FROM products p WHERE p.id = s.product_id AND ${search.filter} ${probed ? sql`OFFSET 0` : sql``})`]
            : []),
      ],
      sql` AND `,
    );
  const sampled = !search.text && (search.filter !== undefined || search.where !== TRUE);
  // The listing of every visible product: its total is their count, kept by the caller (which a
  // sampled listing scales by).
  const everything = !search.text && !sampled;
  const visible = search.text ? undefined : await search.visibleProducts();
  // The page's order keys are selected too, so the ids can be aggregated in that order.
  const order: OrderItem[] = byRelevance
    ? [
        { expr: sql.ref('m.relevance'), direction: 'desc' },
        { expr: sql.ref('m.id'), direction: 'asc' },
      ]
    : search.order === 'relevance'
      ? [{ expr: sql.ref('m.id'), direction: 'asc' }]
      : search.order.items;
  const keys = order.map((item, i) => sql`${item.expr} AS ${sql.ref(`k${i}`)}`);
  const by = (alias?: string) =>
    sql.join(
      order.map((item, i) => sql`${alias ? sql.ref(`${alias}.k${i}`) : item.expr} ${sql.raw(item.direction === 'desc' ? 'DESC' : 'ASC')}`),
    );
  // An order the match set keeps (`MATCHED_SORT`: migration 0040's indexes of product_search) pages it
  // alone; any other reads the products in that order, keeping those matched. Either way the planner
  // may walk the order's index and stop at the page. Relevance is the match set's own.
  const pageRowsOf = (source: 'matched' | 'rare') =>
    search.order === 'relevance' || search.order.over === 'matched'
      ? sql`SELECT m.id, ${sql.join(keys)} FROM ${sql.table(source)} m WHERE ${search.where}`
      : sql`SELECT p.id, ${sql.join(keys)} FROM products p WHERE p.id IN (SELECT m.id FROM ${sql.table(source)} m WHERE ${search.where})`;
  // One row past the page says whether another page follows (a sampled total is only an estimate).
  const pageOf = (rows: RawBuilder<unknown>) => sql`${rows} ORDER BY ${by()} LIMIT ${search.page.limit + 1} OFFSET ${search.page.offset}`;
  // A sampled listing walks the sort's index, keeping the rows that pass, when the sample says that
  // finds its page soon; a rare selection (a colour a few products have, a small collection) is read
  // whole instead (by migration 0037's indexes) and sorted: walking for it read most of the
  // catalogue (300 ms at 100k products).
  const rowsToWalk = (search.page.offset + search.page.limit + 1) * search.facetBound;
  const walkable = sql<SqlBool>`((SELECT kept.n FROM kept_in_sample kept) * ${WALKED_ROWS_AT_MOST} >= ${rowsToWalk})`;
  const page = sampled
    ? sql`SELECT * FROM (${pageOf(pageRowsOf('matched'))}) walked WHERE ${walkable}
          UNION ALL
          SELECT * FROM (${pageOf(pageRowsOf('rare'))}) read WHERE NOT ${walkable}`
    : pageOf(pageRowsOf('matched'));
  const values = search.columns.map((column, i) => sql`${column} AS ${sql.ref(`v${i}`)}`);
  // Text matches a part of the catalogue, found once by the GIN index and kept for every part of the
  // answer. Without text every visible product matches (97,000 of 100k: keeping them all cost 0.4 s),
  // so each part reads only what it needs: the total from the caller's count or
  // product_search_visible_idx, the page along the order's index, the facets the first rows.
  const kept = search.text ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const matchColumns = sql`s.product_id AS id, s.price_min, s.created_date, s.name_key, s.in_stock, s.on_sale, s.collection_ids, s.choice_keys, s.choice_looks`;
  // Without text the sample is the visible products with the lowest ids (random ids: a fair sample),
  // the same for every request: a scan in the table's order may start where another scan of the
  // table stopped (PostgreSQL's synchronized scans), so counts changed from one request to the next.
  const faceted = sampled
    ? sql`SELECT ${matchColumns} FROM (SELECT * FROM product_search s WHERE s.visible ORDER BY s.product_id LIMIT ${search.facetBound}) s WHERE ${conditions(true)}`
    : search.text
      ? sql`SELECT * FROM matched LIMIT ${search.facetBound}`
      : sql`SELECT * FROM matched ORDER BY id LIMIT ${search.facetBound}`;
  const keptInSample = everything
    ? sql`SELECT ${visible}::bigint AS n`
    : sql`SELECT count(*) AS n FROM ${sampled ? sql`faceted` : sql`matched`} m WHERE ${search.where}`;
  // Without selections the total is the number of matches; a sampled listing scales from every visible product.
  const countMatches = sampled || (values.length > 0 && search.where !== TRUE);
  const { rows } = await sql<Record<string, unknown>>`
    WITH matched AS ${kept} (
      SELECT ${matchColumns}
             ${byRelevance ? sql`, ${relevance(byRelevance)} AS relevance` : sql``}
      FROM product_search s
      WHERE ${conditions(false)}
    ),
    faceted AS MATERIALIZED (${faceted}),
    kept_in_sample AS (${keptInSample})
    ${sampled ? sql`, rare AS MATERIALIZED (SELECT * FROM matched m WHERE ${search.where})` : sql``}
    SELECT (SELECT kept.n FROM kept_in_sample kept) AS total,
           ${countMatches ? (visible === undefined ? sql`(SELECT count(*) FROM matched)` : sql`${visible}::bigint`) : sql`NULL`} AS matches,
           (SELECT coalesce(json_agg(page.id ORDER BY ${by('page')}), '[]') FROM (${page}) page) AS ids
           ${values.length ? sql`, ${sql.join(values)}` : sql``}`.execute(db);
  const row = rows[0] ?? {};
  const found = row.ids as string[];
  const ids = found.slice(0, search.page.limit);
  const counted = Number(row.total);
  const matches = row.matches === null ? counted : Number(row.matches);
  const { total, exact } = sampled
    ? sampledTotal(counted, { matches, bound: search.facetBound }, search.page, { shown: ids.length, more: found.length > ids.length })
    : { total: counted, exact: true };
  return {
    ids,
    total,
    totalExact: exact,
    values: search.columns.map((_, i) => row[`v${i}`]),
    matches,
  };
}

/**
 * A sampled listing's total, and whether it is exact: the count over the sample, scaled to every
 * visible product past the bound (exact when the sample held them all), kept true to what the page
 * saw: exact where the page reached the end, above the page when another follows (so paging never
 * stops early).
 */
function sampledTotal(
  counted: number,
  sample: FacetSample,
  page: Page,
  seen: { shown: number; more: boolean },
): { total: number; exact: boolean } {
  // The page read to the end: every match before it is counted (none at all on a first page that is empty).
  if (!seen.more && (seen.shown > 0 || page.offset === 0)) return { total: page.offset + seen.shown, exact: true };
  const scaled = scaleTo(sample)(counted);
  const exact = sample.matches <= sample.bound;
  return { total: seen.more ? Math.max(scaled, page.offset + seen.shown + 1) : Math.min(scaled, page.offset), exact };
}

/**
 * Matching products suggestions rank at most. A word being typed ("co") matches a large part of a big
 * catalogue; ranking every match costs a read and a `ts_rank` each (tens of milliseconds at 100k
 * products), more than a suggestion may take. The first matches found (in the table's order) are
 * ranked instead: in a catalogue with fewer matches than this, that is every match.
 */
const SUGGESTION_CANDIDATES = 200;

/**
 * The products of the `limit` most relevant of `candidates` (a query answering `id` and `relevance`),
 * most relevant first (ties by id), read in the same statement: suggestions show them as they are.
 */
export async function selectBestProducts(db: Kysely<Database>, candidates: RawBuilder<unknown>, limit: number): Promise<ProductRow[]> {
  const { rows } = await sql<ProductRow>`
    SELECT p.* FROM (
      SELECT candidate.id, candidate.relevance FROM (${candidates}) candidate
      ORDER BY candidate.relevance DESC, candidate.id ASC
      LIMIT ${limit}
    ) best
    JOIN products p ON p.id = best.id AND p.visible
    ORDER BY best.relevance DESC, best.id ASC`.execute(db);
  return rows;
}

/** The `limit` most relevant of the first `SUGGESTION_CANDIDATES` visible matches, for suggestions (ties by id). */
export function selectSuggested(db: Kysely<Database>, readings: Readings, limit: number): Promise<ProductRow[]> {
  const candidates = sql`
    SELECT s.product_id AS id, ${relevance(readings)} AS relevance FROM product_search s
    WHERE s.visible AND s.document @@ ${readings.any}
    LIMIT ${SUGGESTION_CANDIDATES}`;
  return selectBestProducts(db, candidates, limit);
}

/** Visible collections whose name matches `query`, for suggestions, with their picture (main media, else the first). */
export async function selectCollectionsMatching(
  db: Kysely<Database>,
  query: TsQuery,
  limit: number,
): Promise<{ id: string; name: string; slug: string; mainMedia?: Record<string, unknown> }[]> {
  const { rows } = await sql<{ id: string; name: string; slug: string; picture: Record<string, unknown> | null }>`
    SELECT c.id, c.name, c.slug, coalesce(c.media -> 'mainMedia', c.media -> 'items' -> 0) AS picture FROM collections c
    WHERE c.visible AND to_tsvector('vitrine_search', c.name) @@ ${query}
    ORDER BY ts_rank(to_tsvector('vitrine_search', c.name), ${query}) DESC, lower(c.name) COLLATE "C", c.id
    LIMIT ${limit}`.execute(db);
  return rows.map(({ picture, ...collection }) => (picture ? { ...collection, mainMedia: picture } : collection));
}
