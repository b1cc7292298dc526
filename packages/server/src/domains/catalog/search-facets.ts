/**
 * Facets with counts (issue #22), counted the "disjunctive" way: a facet's values are counted over
 * the search with every selection but the facet's own, so each count is what the shopper gets by
 * choosing that value too (values of one facet widen the result, facets narrow each other).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { TRUE } from './query/compile-sql.js';
import { type ChoiceCount, type CollectionCount, countByChoice, countByCollection, countEach, hasChoice } from './search-facet-store.js';
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

/** Prices in a range, on the price a shop lists ("from": the lowest discounted price of its variants; `price` of `queryProducts`). */
function inPriceRange(range: PriceRange): Predicate {
  return and([
    ...(range.from ? [sql<SqlBool>`m.price_min >= CAST(${range.from} AS numeric)`] : []),
    ...(range.to ? [sql<SqlBool>`m.price_min < CAST(${range.to} AS numeric)`] : []),
  ]);
}

const onSale = sql<SqlBool>`m.on_sale`;
const inStock = sql<SqlBool>`m.in_stock`;
const sameRange = (one: PriceRange, other: PriceRange) =>
  (one.from ?? null) === (other.from ?? null) && (one.to ?? null) === (other.to ?? null);
const choiceKey = (optionName: string) => `choice:${optionName}`;

/** The predicate of each facet that has a selection, by facet key (`collections`, `choice:Size`...). */
export function selectionPredicates(selected: Selected | null | undefined): Map<string, Predicate> {
  const out = new Map<string, Predicate>();
  const ids = (selected?.collectionIds ?? []).map((id) => id.toLowerCase());
  if (ids.length) out.set('collections', sql<SqlBool>`(m.collection_ids && CAST(${ids} AS uuid[]))`);
  for (const [name, labels] of Object.entries(selected?.choices ?? {})) {
    if (labels.length) out.set(choiceKey(name), hasChoice(name, labels));
  }
  const ranges = selected?.priceRanges ?? [];
  if (ranges.length) out.set('priceRanges', sql<SqlBool>`(${sql.join(ranges.map(inPriceRange), sql` OR `)})`);
  if (selected?.inStock) out.set('inStock', inStock);
  if (selected?.onSale) out.set('onSale', onSale);
  return out;
}

/** Every selection together: what the search's page and total keep of its match set. */
export const allSelections = (selections: Map<string, Predicate>): Predicate => and([...selections.values()]);

/** How many of the search's matches the facets were counted over (search-store.ts's `faceted`). */
export interface FacetSample {
  /** the products the search matched (before the selections) */
  matches: number;
  /** the most it counts facets over */
  bound: number;
}

/** An estimate of how many of all `matches` a count over the first `bound` of them stands for. */
export const scaleTo =
  ({ matches, bound }: FacetSample) =>
  (count: number) =>
    matches > bound ? Math.round((count * matches) / bound) : count;

/** The asked facets as columns of the search's statement, and how to read them from its answer. */
export interface FacetColumns {
  columns: RawBuilder<unknown>[];
  /** the facets, from the values of `columns` (in order): exact, or scaled to every match when counted over a sample */
  read(values: unknown[], sample: FacetSample): Facets;
}

/** Counts the asked facets over the match set with the selections, each facet without its own. */
export function facetColumns(asked: FacetsAsked | null | undefined, selected: Selected | null | undefined): FacetColumns {
  const selections = selectionPredicates(selected);
  const without = (key: string) => and([...selections].filter(([other]) => other !== key).map(([, predicate]) => predicate));
  const columns: RawBuilder<unknown>[] = [];
  type Scale = (count: number) => number;
  const readers: ((value: unknown, facets: Facets, scale: Scale) => void)[] = [];
  const add = <T>(column: RawBuilder<T>, read: (value: T, facets: Facets, scale: Scale) => void) => {
    columns.push(column);
    readers.push(read as (value: unknown, facets: Facets, scale: Scale) => void);
  };
  if (asked?.collections) {
    const chosen = new Set((selected?.collectionIds ?? []).map((id) => id.toLowerCase()));
    add(countByCollection(without('collections')), (rows: CollectionCount[], facets, scale) => {
      facets.collections = rows.map((row) => ({ ...row, count: scale(row.count), selected: chosen.has(row.id) }));
    });
  }
  if (asked?.choices) {
    // Each selected option counted without its own selection, the others together.
    const chosen = Object.entries(selected?.choices ?? {}).filter(([, labels]) => labels.length);
    const names = chosen.map(([name]) => name);
    const counted: ChoiceCount[][] = [];
    const parts = [
      countByChoice(without(''), { except: names }),
      ...names.map((name) => countByChoice(without(choiceKey(name)), { only: [name] })),
    ];
    parts.forEach((part, i) => {
      add(part, (rows, facets, scale) => {
        counted[i] = rows.map((row) => ({ ...row, count: scale(row.count) }));
        if (i === parts.length - 1)
          facets.choices = choiceFacets(counted.flat(), new Map(chosen.map(([name, labels]) => [name, new Set(labels)])));
      });
    });
  }
  const ranges = asked?.priceRanges === true ? DEFAULT_PRICE_RANGES : asked?.priceRanges || [];
  if (ranges.length) {
    const chosen = selected?.priceRanges ?? [];
    add(countEach(without('priceRanges'), ranges.map(inPriceRange)), (counts, facets, scale) => {
      facets.priceRanges = ranges.map((range, i) => ({
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
        count: scale(counts[i] ?? 0),
        selected: chosen.some((picked) => sameRange(picked, range)),
      }));
    });
  }
  for (const [key, predicate] of [
    ['inStock', inStock],
    ['onSale', onSale],
  ] as const) {
    if (!asked?.[key]) continue;
    add(countEach(without(key), [predicate]), ([count], facets, scale) => {
      facets[key] = { count: scale(count ?? 0), selected: selected?.[key] === true };
    });
  }
  return {
    columns,
    read(values, sample) {
      const facets: Facets = {};
      const scale = scaleTo(sample);
      readers.forEach((read, i) => {
        read(values[i], facets, scale);
      });
      if (readers.length) facets.exhaustive = sample.matches <= sample.bound;
      return facets;
    },
  };
}

/** Option facets from their counted choices, options in the order counted. */
function choiceFacets(rows: ChoiceCount[], picked: Map<string, Set<string>>): NonNullable<Facets['choices']> {
  const out: NonNullable<Facets['choices']> = [];
  for (const row of rows) {
    let option = out.find((listed) => listed.optionName === row.optionName);
    if (!option) {
      option = { optionName: row.optionName, optionType: row.optionType === 'color' ? 'color' : 'drop_down', values: [] };
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
