/**
 * SQL of facet counts: how many products of a set (`where`, over `products p`) fall under each value
 * of a facet. Which set each facet counts (its own selection left out) is the service's to decide.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Predicate = RawBuilder<SqlBool>;

/** Values listed per facet at most (the most frequent first): bounds the answer and its cost. */
const MAX_FACET_VALUES = 50;
/** Options listed at most (by how many products have them). */
const MAX_OPTIONS = 20;

const HEX_COLOR = `'^#([0-9a-f]{3}|[0-9a-f]{6})$'`;

/**
 * A choice as shoppers read it: its description unless that is empty or a colour code, else its
 * value (the cart names choices the same way, `cart-items.ts`); its swatch: a colour code it holds.
 */
const choiceLabel = sql`(CASE WHEN coalesce(choice ->> 'description', '') <> '' AND choice ->> 'description' !~* ${sql.raw(HEX_COLOR)}
  THEN choice ->> 'description' ELSE choice ->> 'value' END)`;
const choiceSwatch = sql`(CASE WHEN choice ->> 'value' ~* ${sql.raw(HEX_COLOR)} THEN lower(choice ->> 'value')
  WHEN choice ->> 'description' ~* ${sql.raw(HEX_COLOR)} THEN lower(choice ->> 'description') END)`;

/** Products having any of `labels` among the choices of their option named `optionName`. */
export const hasChoice = (optionName: string, labels: readonly string[]): Predicate => sql<SqlBool>`EXISTS (
  SELECT 1 FROM jsonb_array_elements(p.product_options) AS option, jsonb_array_elements(option -> 'choices') AS choice
  WHERE option ->> 'name' = ${optionName} AND ${choiceLabel} = ANY(CAST(${labels} AS text[])))`;

export interface CollectionCount {
  id: string;
  name: string;
  slug: string;
  count: number;
}

/** Visible collections with how many products of `where` each holds, most first. */
export async function countByCollection(db: Kysely<Database>, where: Predicate): Promise<CollectionCount[]> {
  const { rows } = await sql<{ id: string; name: string; slug: string; n: string }>`
    SELECT c.id, c.name, c.slug, count(*) AS n
    FROM products p
    JOIN product_collections pc ON pc.product_id = p.id
    JOIN collections c ON c.id = pc.collection_id AND c.visible
    WHERE ${where}
    GROUP BY c.id, c.name, c.slug
    ORDER BY n DESC, lower(c.name) COLLATE "C", c.id
    LIMIT ${MAX_FACET_VALUES}`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, count: Number(r.n) }));
}

export interface ChoiceCount {
  optionName: string;
  optionType: 'drop_down' | 'color';
  label: string;
  swatch: string | null;
  count: number;
}

/**
 * Option choices (by option name, then choice label) with how many products of `where` have each,
 * for the options named in `names.only`, or all but `names.except`. An option counts as a colour
 * when any product's option of that name is one.
 */
export async function countByChoice(
  db: Kysely<Database>,
  where: Predicate,
  names: { only: readonly string[] } | { except: readonly string[] },
): Promise<ChoiceCount[]> {
  const named =
    'only' in names
      ? sql<SqlBool>`option ->> 'name' = ANY(CAST(${names.only} AS text[]))`
      : sql<SqlBool>`NOT (option ->> 'name' = ANY(CAST(${names.except} AS text[])))`;
  const { rows } = await sql<{ name: string; type: string; label: string; swatch: string | null; n: string }>`
    WITH counted AS (
      SELECT option ->> 'name' AS name, max(option ->> 'optionType') AS type, ${choiceLabel} AS label,
             min(${choiceSwatch}) AS swatch, count(DISTINCT p.id) AS n
      FROM products p, jsonb_array_elements(p.product_options) AS option, jsonb_array_elements(option -> 'choices') AS choice
      WHERE ${where} AND ${named}
      GROUP BY option ->> 'name', ${choiceLabel}
    ),
    ranked AS (
      SELECT counted.*, row_number() OVER (PARTITION BY name ORDER BY n DESC, label COLLATE "C") AS place,
             sum(n) OVER (PARTITION BY name) AS weight
      FROM counted
    ),
    options AS (
      SELECT name FROM ranked GROUP BY name ORDER BY max(weight) DESC, name COLLATE "C" LIMIT ${MAX_OPTIONS}
    )
    SELECT ranked.name, ranked.type, ranked.label, ranked.swatch, ranked.n
    FROM ranked JOIN options USING (name)
    WHERE ranked.place <= ${MAX_FACET_VALUES}
    ORDER BY ranked.weight DESC, ranked.name COLLATE "C", ranked.place`.execute(db);
  return rows.map((r) => ({
    optionName: r.name,
    optionType: r.type === 'color' ? 'color' : 'drop_down',
    label: r.label,
    swatch: r.swatch,
    count: Number(r.n),
  }));
}

/** How many products of `where` each of `filters` keeps, in one pass. */
export async function countEach(db: Kysely<Database>, where: Predicate, filters: readonly Predicate[]): Promise<number[]> {
  if (filters.length === 0) return [];
  const columns = filters.map((f, i) => sql`count(*) FILTER (WHERE ${f}) AS ${sql.ref(`n${i}`)}`);
  const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(columns)} FROM products p WHERE ${where}`.execute(db);
  return filters.map((_, i) => Number(rows[0]?.[`n${i}`] ?? 0));
}
