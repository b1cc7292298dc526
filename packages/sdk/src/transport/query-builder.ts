import { wireFieldPath as field } from '../wire/rename.js';
import type { Transport } from './context.js';
import type { Declaration } from './declaration.js';
import { invoke } from './invoke.js';

type Filter = Record<string, any>;
interface Query {
  filter: Filter;
  paging: { offset: number; limit: number };
  sort?: { fieldName: string; order: 'ASC' | 'DESC' }[];
}

/** Default page size of every query (spec section 9). */
const DEFAULT_LIMIT = 50;

const empty = (filter?: Filter) => !filter || !Object.keys(filter).length;
/** `left` and `right` under one `$and` / `$or`, flattening an operand that already is one. */
const combine = (operator: string, left?: Filter, right?: Filter) =>
  empty(left)
    ? right
    : empty(right)
      ? left
      : {
          [operator]: [left, right].flatMap((filter: any) =>
            Object.keys(filter).length === 1 && Array.isArray(filter[operator]) ? filter[operator] : [filter],
          ),
        };
/** Operators taking (field, value), by builder method. */
const OPS = {
  gt: '$gt',
  ge: '$gte',
  lt: '$lt',
  le: '$lte',
  in: '$in',
  startsWith: '$startsWith',
  endsWith: '$endsWith',
  contains: '$contains',
};

/**
 * One page of an offset-paged query: its items, the paging numbers, and `next()`/`prev()` that
 * query the neighbouring page (rejecting past the ends).
 */
function page(items: unknown[], query: Query, total: number | undefined, run: (current: Query) => Promise<unknown>) {
  const { offset, limit } = query.paging;
  const currentPage = limit ? Math.floor(offset / limit) : undefined;
  const totalPages = limit ? Math.ceil((total as number) / limit) : undefined;
  const hasNext = () => currentPage !== undefined && currentPage < (totalPages as number) - 1;
  const hasPrev = () => !!currentPage;
  const goTo = (ok: boolean, to: number, what: string) =>
    ok ? run({ ...query, paging: { offset: Math.max(to, 0), limit } }) : Promise.reject(new Error(`No ${what} page to fetch`));
  return {
    items,
    length: items.length,
    pageSize: limit,
    totalCount: total,
    currentPage,
    totalPages,
    hasNext,
    hasPrev,
    next: () => goTo(hasNext(), offset + limit, 'next'),
    prev: () => goTo(hasPrev(), offset - limit, 'previous'),
  };
}

/**
 * The fluent builder of a query call (`queryProducts().eq('slug', 's').limit(2).find()`).
 * Conditions combine under `$and`; `_id` becomes `id`; default paging `{offset: 0, limit: 50}`.
 */
export function queryBuilder(transport: Transport, declaration: Declaration) {
  const run = async (query: Query): Promise<unknown> => {
    // Builder queries have no argument name: violations read "undefined.filter" as in the reference.
    const answer = await invoke(transport, { ...declaration, returns: '' }, [query], { query: 'undefined' });
    return page(answer?.[declaration.queryItems as string] ?? [], query, answer?.metadata?.total, run);
  };
  const make = (query: Query): any => {
    const withFilter = (filter: any) => make({ ...query, filter });
    const cond = (fieldName: string, value: unknown) => withFilter(combine('$and', query.filter, { [field(fieldName)]: value }));
    const many =
      (operator: string) =>
      (fieldName: string, ...values: unknown[]) =>
        cond(fieldName, { [operator]: Array.isArray(values[0]) ? values[0] : values });
    const sort =
      (order: 'ASC' | 'DESC') =>
      (...names: string[]) =>
        make({ ...query, sort: [...(query.sort ?? []), ...names.map((fieldName) => ({ fieldName, order }))] });
    const paging = (offset: number, limit: number) => make({ ...query, paging: { offset, limit } });
    const builder: Record<string, any> = {
      query,
      find: () => run(query),
      eq: (fieldName: string, value: unknown) => cond(fieldName, value ?? null),
      ne: (fieldName: string, value: unknown) => cond(fieldName, { $ne: value ?? null }),
      exists: (fieldName: string, value = true) => cond(fieldName, { $exists: value }),
      isEmpty: (fieldName: string) => cond(fieldName, null),
      isNotEmpty: (fieldName: string) => cond(fieldName, { $ne: null }),
      between: (fieldName: string, from: unknown, to: unknown) => builder.ge(fieldName, from).lt(fieldName, to),
      hasSome: many('$hasSome'),
      hasAll: many('$hasAll'),
      and: (other: { query: Query }) => withFilter(combine('$and', query.filter, other.query.filter)),
      or: (other: { query: Query }) => withFilter(combine('$or', query.filter, other.query.filter)),
      // As the reference: `not(q)` replaces the filter with the negation of q's filter.
      not: ({ query: { filter: negated } }: { query: Query }) =>
        withFilter(empty(negated) ? undefined : Object.keys(negated).length === 1 && negated.$not ? negated.$not : { $not: negated }),
      ascending: sort('ASC'),
      descending: sort('DESC'),
      skip: (offset: number) => paging(offset, query.paging.limit),
      limit: (limit: number) => paging(query.paging.offset, limit),
    };
    for (const [name, operator] of Object.entries(OPS))
      builder[name] = (fieldName: string, value: unknown) => cond(fieldName, { [operator]: value });
    return builder;
  };
  return make({ filter: {}, paging: { offset: 0, limit: DEFAULT_LIMIT } });
}
