/**
 * Facets with counts (issue #22), counted the "disjunctive" way: a facet's values are counted over
 * the search with every selection but the facet's own, so each count is what the shopper gets by
 * choosing that value too (values of one facet widen the result, facets narrow each other).
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { compileFilter, TRUE } from './query/compile-sql.js';
import type { Operator, Scalar } from './query/filter-types.js';
import { PRODUCT_QUERY } from './query/product-query.js';
import { countByChoice, countByCollection, countEach, hasChoice } from './search-facet-store.js';
import type { Facets, FacetsAsked, PriceRange, Selected } from './search-schemas.js';

type Predicate = RawBuilder<SqlBool>;

/** The price ranges `priceRanges: true` counts (in the shop's currency). */
const DEFAULT_PRICE_RANGES: PriceRange[] = [
  { to: '25' },
  { from: '25', to: '50' },
  { from: '50', to: '100' },
  { from: '100', to: '200' },
  { from: '200' },
];

const and = (items: Predicate[]): Predicate => (items.length ? sql<SqlBool>`(${sql.join(items, sql` AND `)})` : TRUE);
/** One condition of the products' query language, compiled as `queryProducts` compiles it. */
const cond = (field: string, op: Operator, value: Scalar | Scalar[]) => compileFilter({ kind: 'cond', field, op, value }, PRODUCT_QUERY);

/** Prices in a range, on the price a shop lists ("from": the lowest discounted price of its variants). */
function inPriceRange(r: PriceRange): Predicate {
  const ends = [...(r.from ? [cond('price', '$gte', r.from)] : []), ...(r.to ? [cond('price', '$lt', r.to)] : [])];
  return and(ends);
}

const onSale = sql<SqlBool>`(p.discount_type <> 'NONE' AND p.discount_value > 0)`;
const inStock = () => cond('inStock', '$eq', true);
const sameRange = (a: PriceRange, b: PriceRange) => (a.from ?? null) === (b.from ?? null) && (a.to ?? null) === (b.to ?? null);
const choiceKey = (optionName: string) => `choice:${optionName}`;

/** The predicate of each facet that has a selection, by facet key (`collections`, `choice:Size`...). */
export function selectionPredicates(selected: Selected | null | undefined): Map<string, Predicate> {
  const out = new Map<string, Predicate>();
  const ids = (selected?.collectionIds ?? []).map((id) => id.toLowerCase());
  if (ids.length) out.set('collections', cond('collectionIds', '$hasSome', ids));
  for (const [name, labels] of Object.entries(selected?.choices ?? {})) {
    if (labels.length) out.set(choiceKey(name), hasChoice(name, labels));
  }
  const ranges = selected?.priceRanges ?? [];
  if (ranges.length) out.set('priceRanges', sql<SqlBool>`(${sql.join(ranges.map(inPriceRange), sql` OR `)})`);
  if (selected?.inStock) out.set('inStock', inStock());
  if (selected?.onSale) out.set('onSale', onSale);
  return out;
}

/** Everything the shopper asked for: the search's own conditions and every selection. */
export function withSelections(base: Predicate, selections: Map<string, Predicate>): Predicate {
  return and([base, ...selections.values()]);
}

/**
 * Counts the asked facets over `base` (visibility, filter, text) with the selections, each facet
 * without its own. The queries run together (in parallel on PostgreSQL).
 */
export async function countFacets(
  db: Kysely<Database>,
  base: Predicate,
  asked: FacetsAsked | null | undefined,
  selected: Selected | null | undefined,
): Promise<Facets> {
  const selections = selectionPredicates(selected);
  const without = (key: string) => and([base, ...[...selections].filter(([k]) => k !== key).map(([, p]) => p)]);
  const facets: Facets = {};
  const work: Promise<void>[] = [];
  if (asked?.collections) {
    const chosen = new Set((selected?.collectionIds ?? []).map((id) => id.toLowerCase()));
    work.push(
      countByCollection(db, without('collections')).then((rows) => {
        facets.collections = rows.map((r) => ({ ...r, selected: chosen.has(r.id) }));
      }),
    );
  }
  if (asked?.choices) {
    work.push(
      choiceFacets(db, without, selected).then((choices) => {
        facets.choices = choices;
      }),
    );
  }
  const ranges = asked?.priceRanges === true ? DEFAULT_PRICE_RANGES : asked?.priceRanges || [];
  if (ranges.length) {
    const chosen = selected?.priceRanges ?? [];
    work.push(
      countEach(db, without('priceRanges'), ranges.map(inPriceRange)).then((counts) => {
        facets.priceRanges = ranges.map((r, i) => ({
          ...(r.from ? { from: r.from } : {}),
          ...(r.to ? { to: r.to } : {}),
          count: counts[i] ?? 0,
          selected: chosen.some((c) => sameRange(c, r)),
        }));
      }),
    );
  }
  for (const [key, predicate] of [
    ['inStock', inStock()],
    ['onSale', onSale],
  ] as const) {
    if (!asked?.[key]) continue;
    work.push(
      countEach(db, without(key), [predicate]).then(([count]) => {
        facets[key] = { count: count ?? 0, selected: selected?.[key] === true };
      }),
    );
  }
  await Promise.all(work);
  return facets;
}

/** Option facets: each selected option counted without its own selection, the others together. */
async function choiceFacets(
  db: Kysely<Database>,
  without: (key: string) => Predicate,
  selected: Selected | null | undefined,
): Promise<NonNullable<Facets['choices']>> {
  const chosen = Object.entries(selected?.choices ?? {}).filter(([, labels]) => labels.length);
  const names = chosen.map(([name]) => name);
  const counted = await Promise.all([
    countByChoice(db, without(''), { except: names }),
    ...names.map((name) => countByChoice(db, without(choiceKey(name)), { only: [name] })),
  ]);
  const picked = new Map(chosen.map(([name, labels]) => [name, new Set(labels)]));
  const out: NonNullable<Facets['choices']> = [];
  for (const row of counted.flat()) {
    let option = out.find((o) => o.optionName === row.optionName);
    if (!option) {
      option = { optionName: row.optionName, optionType: row.optionType, values: [] };
      out.push(option);
    }
    option.values.push({
      value: row.label,
      ...(row.swatch ? { swatch: row.swatch } : {}),
      count: row.count,
      selected: picked.get(row.optionName)?.has(row.label) ?? false,
    });
  }
  return out;
}
