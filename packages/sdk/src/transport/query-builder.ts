import { wireName } from '../wire/rename.js';
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
export const DEFAULT_LIMIT = 50;

const field = (f: string) => f.split('.').map(wireName).join('.');
const empty = (f?: Filter) => !f || Object.keys(f).length === 0;
const combine = (op: '$and' | '$or', a?: Filter, b?: Filter): Filter | undefined => {
  if (empty(a)) return b;
  if (empty(b)) return a;
  const parts = (f: Filter) => (Object.keys(f).length === 1 && Array.isArray(f[op]) ? f[op] : [f]);
  return { [op]: [...parts(a as Filter), ...parts(b as Filter)] };
};

/**
 * Offset-paged results: the items of one page, the paging numbers, and `next()`/`prev()`
 * that query the neighbouring page.
 */
class OffsetResult<T> {
  constructor(
    readonly items: T[],
    private readonly q: Query,
    private readonly run: (q: Query) => Promise<OffsetResult<T>>,
    private readonly total?: number,
  ) {}
  get length() {
    return this.items.length;
  }
  get pageSize() {
    return this.q.paging.limit;
  }
  get totalCount() {
    return this.total;
  }
  get currentPage() {
    const { offset, limit } = this.q.paging;
    return limit === 0 ? undefined : Math.floor(offset / limit);
  }
  get totalPages() {
    const { limit } = this.q.paging;
    return limit === 0 ? undefined : Math.ceil((this.total as number) / limit);
  }
  hasNext(): boolean {
    const page = this.currentPage;
    return page !== undefined && page < (this.totalPages as number) - 1;
  }
  hasPrev(): boolean {
    return !!this.currentPage;
  }
  /** @throws Error 'No next page to fetch' on the last page */
  next(): Promise<OffsetResult<T>> {
    if (!this.hasNext()) return Promise.reject(new Error('No next page to fetch'));
    const { offset, limit } = this.q.paging;
    return this.run({ ...this.q, paging: { offset: offset + limit, limit } });
  }
  /** @throws Error 'No previous page to fetch' on the first page */
  prev(): Promise<OffsetResult<T>> {
    if (!this.hasPrev()) return Promise.reject(new Error('No previous page to fetch'));
    const { offset, limit } = this.q.paging;
    return this.run({ ...this.q, paging: { offset: Math.max(offset - limit, 0), limit } });
  }
}

/**
 * The fluent builder of a query call (`queryProducts().eq('slug', 's').limit(2).find()`).
 * Conditions combine under `$and`; `_id` becomes `id`; default paging `{offset: 0, limit: 50}`.
 */
export function queryBuilder(t: Transport, d: Declaration) {
  const run = async (query: Query): Promise<OffsetResult<unknown>> => {
    // Builder queries have no argument name: violations read "undefined.filter" as in the reference.
    const r = await invoke(t, { ...d, o: '' }, [query], { query: 'undefined' });
    return new OffsetResult(r?.[d.qb as string] ?? [], query, run, r?.metadata?.total);
  };
  const make = (query: Query): any => {
    const cond = (f: string, value: unknown) => make({ ...query, filter: combine('$and', query.filter, { [field(f)]: value }) as Filter });
    const op = (name: string) => (f: string, v: unknown) => cond(f, { [name]: v });
    const many =
      (name: string) =>
      (f: string, ...v: unknown[]) =>
        cond(f, { [name]: Array.isArray(v[0]) ? v[0] : v });
    const sort =
      (order: 'ASC' | 'DESC') =>
      (...names: string[]) =>
        make({ ...query, sort: [...(query.sort ?? []), ...names.map((n) => ({ fieldName: field(n), order }))] });
    const b = {
      query,
      find: () => run(query),
      eq: (f: string, v: unknown) => cond(f, v === undefined ? null : v),
      ne: (f: string, v: unknown) => cond(f, { $ne: v === undefined ? null : v }),
      gt: op('$gt'),
      ge: op('$gte'),
      lt: op('$lt'),
      le: op('$lte'),
      in: op('$in'),
      startsWith: op('$startsWith'),
      endsWith: op('$endsWith'),
      contains: op('$contains'),
      exists: (f: string, v = true) => cond(f, { $exists: v }),
      isEmpty: (f: string) => cond(f, null),
      isNotEmpty: (f: string) => cond(f, { $ne: null }),
      between: (f: string, from: unknown, to: unknown) => b.ge(f, from).lt(f, to),
      hasSome: many('$hasSome'),
      hasAll: many('$hasAll'),
      and: (o: { query: Query }) => make({ ...query, filter: combine('$and', query.filter, o.query.filter) as Filter }),
      or: (o: { query: Query }) => make({ ...query, filter: combine('$or', query.filter, o.query.filter) as Filter }),
      // As the reference: `not(q)` replaces the filter with the negation of q's filter.
      not: (o: { query: Query }) => {
        const f = o.query.filter;
        return make({ ...query, filter: empty(f) ? (undefined as any) : Object.keys(f).length === 1 && f.$not ? f.$not : { $not: f } });
      },
      ascending: sort('ASC'),
      descending: sort('DESC'),
      skip: (offset: number) => make({ ...query, paging: { offset, limit: query.paging.limit } }),
      limit: (limit: number) => make({ ...query, paging: { limit, offset: query.paging.offset } }),
    };
    return b;
  };
  return make({ filter: {}, paging: { offset: 0, limit: DEFAULT_LIMIT } });
}
