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

const empty = (f?: Filter) => !f || !Object.keys(f).length;
/** `a` and `b` under one `$and` / `$or`, flattening an operand that already is one. */
const combine = (op: string, a?: Filter, b?: Filter) =>
  empty(a) ? b : empty(b) ? a : { [op]: [a, b].flatMap((f: any) => (Object.keys(f).length === 1 && Array.isArray(f[op]) ? f[op] : [f])) };
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
function page(items: unknown[], q: Query, total: number | undefined, run: (q: Query) => Promise<unknown>) {
  const { offset, limit } = q.paging;
  const currentPage = limit ? Math.floor(offset / limit) : undefined;
  const totalPages = limit ? Math.ceil((total as number) / limit) : undefined;
  const hasNext = () => currentPage !== undefined && currentPage < (totalPages as number) - 1;
  const hasPrev = () => !!currentPage;
  const go = (ok: boolean, to: number, what: string) =>
    ok ? run({ ...q, paging: { offset: Math.max(to, 0), limit } }) : Promise.reject(new Error(`No ${what} page to fetch`));
  return {
    items,
    length: items.length,
    pageSize: limit,
    totalCount: total,
    currentPage,
    totalPages,
    hasNext,
    hasPrev,
    next: () => go(hasNext(), offset + limit, 'next'),
    prev: () => go(hasPrev(), offset - limit, 'previous'),
  };
}

/**
 * The fluent builder of a query call (`queryProducts().eq('slug', 's').limit(2).find()`).
 * Conditions combine under `$and`; `_id` becomes `id`; default paging `{offset: 0, limit: 50}`.
 */
export function queryBuilder(t: Transport, d: Declaration) {
  const run = async (query: Query): Promise<unknown> => {
    // Builder queries have no argument name: violations read "undefined.filter" as in the reference.
    const r = await invoke(t, { ...d, returns: '' }, [query], { query: 'undefined' });
    return page(r?.[d.queryItems as string] ?? [], query, r?.metadata?.total, run);
  };
  const make = (query: Query): any => {
    const withFilter = (filter: any) => make({ ...query, filter });
    const cond = (f: string, value: unknown) => withFilter(combine('$and', query.filter, { [field(f)]: value }));
    const many =
      (op: string) =>
      (f: string, ...v: unknown[]) =>
        cond(f, { [op]: Array.isArray(v[0]) ? v[0] : v });
    const sort =
      (order: 'ASC' | 'DESC') =>
      (...names: string[]) =>
        make({ ...query, sort: [...(query.sort ?? []), ...names.map((fieldName) => ({ fieldName, order }))] });
    const paging = (offset: number, limit: number) => make({ ...query, paging: { offset, limit } });
    const b: Record<string, any> = {
      query,
      find: () => run(query),
      eq: (f: string, v: unknown) => cond(f, v ?? null),
      ne: (f: string, v: unknown) => cond(f, { $ne: v ?? null }),
      exists: (f: string, v = true) => cond(f, { $exists: v }),
      isEmpty: (f: string) => cond(f, null),
      isNotEmpty: (f: string) => cond(f, { $ne: null }),
      between: (f: string, from: unknown, to: unknown) => b.ge(f, from).lt(f, to),
      hasSome: many('$hasSome'),
      hasAll: many('$hasAll'),
      and: (o: { query: Query }) => withFilter(combine('$and', query.filter, o.query.filter)),
      or: (o: { query: Query }) => withFilter(combine('$or', query.filter, o.query.filter)),
      // As the reference: `not(q)` replaces the filter with the negation of q's filter.
      not: ({ query: { filter: f } }: { query: Query }) =>
        withFilter(empty(f) ? undefined : Object.keys(f).length === 1 && f.$not ? f.$not : { $not: f }),
      ascending: sort('ASC'),
      descending: sort('DESC'),
      skip: (offset: number) => paging(offset, query.paging.limit),
      limit: (limit: number) => paging(query.paging.offset, limit),
    };
    for (const [name, op] of Object.entries(OPS)) b[name] = (f: string, v: unknown) => cond(f, { [op]: v });
    return b;
  };
  return make({ filter: {}, paging: { offset: 0, limit: DEFAULT_LIMIT } });
}
