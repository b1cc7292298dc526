/**
 * SQL of facet counts: how many products of the part of the search's match set facets count
 * (`faceted m`, search-store.ts: all of it up to a bound) that pass `where` fall under each value of
 * a facet. Each is a subquery answering one JSON value, so a search and all its facets are one
 * statement over one match set. Which part of the set each
 * facet counts (its own selection left out) is the service's to decide.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

type Predicate = RawBuilder<SqlBool>;

/** Values listed per facet at most (the most frequent first): bounds the answer and its cost. */
const MAX_FACET_VALUES = 50;
/** Options listed at most (by how many products have them). */
const MAX_OPTIONS = 20;

/** Between an option's name and a choice's label in `choice_keys` and `choice_looks` (migration 0030; a look's 5th part, its place, 0034). */
const UNIT_SEPARATOR = '\u001f';

/** Products having any of `labels` among the choices of their option named `optionName`. */
export const hasChoice = (optionName: string, labels: readonly string[]): Predicate =>
  sql<SqlBool>`(m.choice_keys && CAST(${labels.map((label) => optionName + UNIT_SEPARATOR + label)} AS text[]))`;

/**
 * The elements of an array column of the matches of `where`, one row each, as a subquery to alias.
 * Unnested in the select list (one set-returning projection over the match set), not by a lateral
 * join, which runs a function scan per match: measured on a 7,000-product match set, a third less
 * database time per facet.
 */
const unnested = (array: RawBuilder<unknown>, where: Predicate) => sql`(SELECT unnest(${array}) FROM faceted m WHERE ${where})`;

export interface CollectionCount {
  id: string;
  name: string;
  slug: string;
  count: number;
}

/** Visible collections with how many products of `where` each holds, most first (JSON array of `CollectionCount`). */
export const countByCollection = (where: Predicate) => sql<CollectionCount[]>`(
  SELECT coalesce(json_agg(json_build_object('id', counted.id, 'name', counted.name, 'slug', counted.slug, 'count', counted.n)
                           ORDER BY counted.n DESC, lower(counted.name) COLLATE "C", counted.id), '[]')
  FROM (
    SELECT c.id, c.name, c.slug, n.n
    FROM (SELECT collection_id, count(*) AS n FROM ${unnested(sql`m.collection_ids`, where)} AS u(collection_id) GROUP BY collection_id) n
    JOIN collections c ON c.id = n.collection_id AND c.visible
    ORDER BY n.n DESC, lower(c.name) COLLATE "C", c.id
    LIMIT ${MAX_FACET_VALUES}
  ) counted)`;

export interface ChoiceCount {
  optionName: string;
  optionType: 'drop_down' | 'color';
  label: string;
  swatch: string | null;
  count: number;
}

/**
 * Option choices with how many products of `where` have each: options by how many products have
 * them, then name; an option's choices in the merchant's order (the mean place the products having
 * each choice give it in their option, weighted by how many have it; then label), the 50 most
 * frequent at most. For the options named in `names.only`, or all but `names.except` (JSON array of `ChoiceCount`,
 * `optionType` as stored). An option counts as a colour when any product's option of that name is one.
 */
export function countByChoice(where: Predicate, names: { only: readonly string[] } | { except: readonly string[] }) {
  const named =
    'only' in names
      ? sql<SqlBool>`look.name = ANY(CAST(${names.only} AS text[]))`
      : sql<SqlBool>`NOT (look.name = ANY(CAST(${names.except} AS text[])))`;
  // Each product has one look per choice (migration 0030): counting looks counts products.
  return sql<ChoiceCount[]>`(
    SELECT coalesce(json_agg(json_build_object('optionName', ranked.name, 'optionType', ranked.type, 'label', ranked.label,
                                               'swatch', ranked.swatch, 'count', ranked.n)
                             ORDER BY ranked.weight DESC, ranked.name COLLATE "C", ranked.position, ranked.label COLLATE "C"), '[]')
    FROM (
      WITH looks AS (
        SELECT entry, count(*) AS n FROM ${unnested(sql`m.choice_looks`, where)} AS u(entry) GROUP BY entry
      ),
      counted AS (
        SELECT look.name, max(look.type) AS type, look.label, min(look.swatch) AS swatch, sum(look.n) AS n,
               sum(look.position * look.n) / sum(look.n) AS position
        FROM (
          SELECT split_part(entry, ${UNIT_SEPARATOR}, 1) AS name, split_part(entry, ${UNIT_SEPARATOR}, 2) AS label,
                 split_part(entry, ${UNIT_SEPARATOR}, 3) AS type, nullif(split_part(entry, ${UNIT_SEPARATOR}, 4), '') AS swatch,
                 CAST(nullif(split_part(entry, ${UNIT_SEPARATOR}, 5), '') AS numeric) AS position, n
          FROM looks
        ) look
        WHERE ${named}
        GROUP BY look.name, look.label
      ),
      ranked AS (
        SELECT counted.*, row_number() OVER (PARTITION BY name ORDER BY n DESC, label COLLATE "C") AS place,
               sum(n) OVER (PARTITION BY name) AS weight
        FROM counted
      ),
      options AS (
        SELECT name FROM ranked GROUP BY name ORDER BY max(weight) DESC, name COLLATE "C" LIMIT ${MAX_OPTIONS}
      )
      SELECT ranked.* FROM ranked JOIN options USING (name) WHERE ranked.place <= ${MAX_FACET_VALUES}
    ) ranked)`;
}

/** How many products of `where` each of `filters` keeps, in one pass (JSON array of counts). */
export const countEach = (where: Predicate, filters: readonly Predicate[]) =>
  sql<
    number[]
  >`(SELECT json_build_array(${sql.join(filters.map((filter) => sql`count(*) FILTER (WHERE ${filter})`))}) FROM faceted m WHERE ${where})`;
