/**
 * SQL of product search over the documents `catalog/search-document-store.ts` keeps: typo
 * corrections from the known words, the text's `tsquery`, and the ranked page. Predicates are over
 * `products p` (the catalogue's alias, so its compiled filters apply unchanged).
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { OrderItem, Page } from './read-store.js';
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
  const typed = words.filter((w) => w.length >= 3);
  if (typed.length === 0) return out;
  const { rows } = await sql<{ typed: string; known: string }>`
    SELECT q.word AS typed, alternative.word AS known
    FROM unnest(CAST(${typed} AS text[])) AS q(word)
    CROSS JOIN LATERAL (
      SELECT w.word FROM search_words w
      WHERE w.word % q.word
        AND NOT EXISTS (
          SELECT 1 FROM search_words e
          WHERE CASE WHEN q.word = ${prefix ?? null} THEN e.word LIKE q.word || '%' ELSE e.word = q.word END
        )
      ORDER BY w.word <-> q.word, w.word
      LIMIT ${CORRECTIONS_PER_WORD}
    ) AS alternative`.execute(db);
  for (const r of rows) out.set(r.typed, [...(out.get(r.typed) ?? []), r.known]);
  return out;
}

/** Letters and digits only: safe to write into `to_tsquery` text as they are. */
const PLAIN = /^[\p{L}\p{N}]+$/u;

/**
 * The two readings of a text: `exact`, PostgreSQL's own `websearch_to_tsquery`; and `loose`, where
 * each word may also be one of its corrections and the last one a prefix (phrases and exclusions
 * as in `exact`). A product matches either; one matching `exact` ranks first.
 */
export function textQueries(t: SearchText, corrections: Map<string, string[]>): { exact: TsQuery; any: TsQuery } {
  const exact = sql`websearch_to_tsquery('vitrine_search', ${t.text})`;
  const parts: TsQuery[] = t.words.map((w, i) => {
    const prefix = t.lastIsPrefix && i === t.words.length - 1;
    const alternatives = [prefix ? `${w}:*` : w, ...(corrections.get(w) ?? []).filter((k) => PLAIN.test(k))];
    return sql`to_tsquery('vitrine_search', ${alternatives.join(' | ')})`;
  });
  for (const phrase of t.phrases) parts.push(sql`phraseto_tsquery('vitrine_search', ${phrase})`);
  for (const left of t.excluded) parts.push(sql`(!! phraseto_tsquery('vitrine_search', ${left}))`);
  const loose = parts.length ? sql`(${sql.join(parts, sql` && `)})` : exact;
  return { exact, any: sql`(${exact} || ${loose})` };
}

/** Products whose document matches `query`. */
export const matching = (query: TsQuery): Predicate =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM product_search s WHERE s.product_id = p.id AND s.document @@ ${query})`;

/** Relevance: weighted rank (A 1, B 0.4, C 0.2) of either reading, plus 1 when the exact reading matches. */
const relevance = (q: { exact: TsQuery; any: TsQuery }) =>
  sql<number>`(ts_rank('{0.1, 0.2, 0.4, 1.0}', s.document, ${q.any}) + CASE WHEN s.document @@ ${q.exact} THEN 1 ELSE 0 END)`;

/** A page of the product ids matching the text and `where` (the rest of the search), most relevant first, then by id. */
export async function selectByRelevance(
  db: Kysely<Database>,
  q: { exact: TsQuery; any: TsQuery },
  where: Predicate,
  page: Page,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM products p JOIN product_search s ON s.product_id = p.id
    WHERE s.document @@ ${q.any} AND ${where}
    ORDER BY ${relevance(q)} DESC, p.id ASC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** A page of product ids matching `where`, in a catalogue order (compiled by the catalogue's query compiler). */
export async function selectInOrder(db: Kysely<Database>, where: Predicate, order: OrderItem[], page: Page): Promise<string[]> {
  const by = order.map((o) => sql`${o.expr} ${sql.raw(o.direction === 'desc' ? 'DESC' : 'ASC')}`);
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM products p WHERE ${where}
    ORDER BY ${sql.join(by)}
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** Visible collections whose name matches `query`, for suggestions. */
export async function selectCollectionsMatching(
  db: Kysely<Database>,
  query: TsQuery,
  limit: number,
): Promise<{ id: string; name: string; slug: string }[]> {
  const { rows } = await sql<{ id: string; name: string; slug: string }>`
    SELECT c.id, c.name, c.slug FROM collections c
    WHERE c.visible AND to_tsvector('vitrine_search', c.name) @@ ${query}
    ORDER BY ts_rank(to_tsvector('vitrine_search', c.name), ${query}) DESC, lower(c.name) COLLATE "C", c.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
