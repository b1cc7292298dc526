/**
 * SQL of suggestions' common case, words typed in the order of a name ("vintage co" for Vintage
 * Cotton Mug): products whose names have them, found in `search_name_suffixes` (migration 0036) by a
 * btree range that stops at the candidates suggestions rank, instead of the GIN index of the
 * documents, which answers with every match of each word ("co:*": 45,000 products at 100k) before
 * the first is ranked.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ProductRow } from './product-view.js';
import { type Readings, relevance, selectBestProducts } from './search-store.js';

/**
 * Products whose names have the typed words that suggestions rank at most: fewer than the documents'
 * `SUGGESTION_CANDIDATES`, as every one of them is already a strong match (the words in its name, in
 * order), and ranking costs a read and a `ts_rank` each (0.9 ms for 200 at 100k products, 0.35 for 50).
 */
const NAME_CANDIDATES = 50;

/**
 * Sequences of names starting with the first typed word that a search for words typed apart ("modern
 * bo") reads at most: each is matched against a pattern, so a first word that many names have with
 * none of the others after it costs this many rows (2 ms at 100k products) before the documents are
 * searched instead.
 */
const APART_SEQUENCES_READ = 2000;

/**
 * The `limit` most relevant (by `readings`, as `selectSuggested` ranks) of the first
 * `NAME_CANDIDATES` visible products whose names have `typed.words` in that order, the last
 * a prefix while it is typed. Words are compared stemmed, as the documents hold them; stop words
 * are left out. Names with the words next to each other ("vintage co") are one range of the
 * sequences, read in key order so the LIMIT stops it; only when there are none, names with other
 * words between them ("modern bo" for Modern Oak Bowl): the first `APART_SEQUENCES_READ` sequences
 * starting with the first word that have the others after it. Empty when no name has the words in
 * that order: the caller then searches the documents.
 */
export async function selectSuggestedByName(
  db: Kysely<Database>,
  typed: { words: readonly string[]; lastIsPrefix: boolean },
  readings: Readings,
  limit: number,
): Promise<ProductRow[]> {
  // After the last word: nothing while it is typed (any word it starts), else the space that ends it.
  const ending = typed.lastIsPrefix ? '' : ' ';
  const candidates = sql`
    WITH typed AS (
      SELECT array_agg(stemmed.term ORDER BY asked.place) AS terms
      FROM unnest(CAST(${typed.words} AS text[])) WITH ORDINALITY AS asked(word, place)
      CROSS JOIN LATERAL (SELECT min(lexeme) AS term FROM unnest(to_tsvector('vitrine_search', asked.word))) stemmed
      WHERE stemmed.term IS NOT NULL
    ),
    sought AS (
      -- apart: each word after the first at the start of a later word ('vintag% co%' over 'vintag oak cotton ');
      -- the words are letters and digits only, none of LIKE's special characters
      SELECT array_to_string(terms, ' ') || ${ending} AS adjacent, terms[1] || ' ' AS first,
             terms[1] || '%' || array_to_string(terms[2:], '% ') || ${ending} || '%' AS apart, cardinality(terms) AS words
      FROM typed WHERE terms IS NOT NULL
    ),
    adjacent AS (
      SELECT named.product_id FROM sought, search_name_suffixes named
      WHERE named.suffix >= sought.adjacent AND named.suffix < sought.adjacent || chr(1114111)
      LIMIT ${NAME_CANDIDATES}
    ),
    apart AS (
      SELECT read.product_id FROM (
        SELECT named.product_id, named.suffix, sought.apart FROM sought, search_name_suffixes named
        WHERE sought.words > 1 AND NOT EXISTS (SELECT FROM adjacent)
          AND named.suffix >= sought.first AND named.suffix < sought.first || chr(1114111)
        LIMIT ${APART_SEQUENCES_READ}
      ) read
      WHERE read.suffix LIKE read.apart
      LIMIT ${NAME_CANDIDATES}
    )
    SELECT s.product_id AS id, ${relevance(readings)} AS relevance
    FROM (SELECT DISTINCT candidate.product_id FROM (TABLE adjacent UNION ALL TABLE apart) candidate) candidate
    JOIN product_search s ON s.product_id = candidate.product_id`;
  return selectBestProducts(db, candidates, limit);
}
