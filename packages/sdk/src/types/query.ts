import type { SortOrder } from './enums-catalog.js';

/** Offset paging of a query (default `{offset: 0, limit: 50}`, spec §9). */
export interface Paging {
  limit?: number | null;
  offset?: number | null;
}

/** One sort key of a query. */
export interface Sorting {
  /** field name in SDK form (`_id` is sent as `id`) */
  fieldName?: string;
  order?: SortOrder;
}

/** A catalogue query object: filter, sort and offset paging. */
export interface PlatformQuery {
  /** filter object, e.g. `{name: {$startsWith: 'Blue'}}` */
  filter?: Record<string, unknown> | null;
  sort?: Sorting[];
  paging?: Paging;
}

/** Paging metadata of a platformized query answer (`metadata`). */
export interface PlatformPagingMetadata {
  /** items in this page */
  count?: number | null;
  offset?: number | null;
  /** all matching items (absent when the server does not count) */
  total?: number | null;
  tooManyToCount?: boolean | null;
  cursors?: Cursors;
}

/** Paging metadata of a variants query answer. */
export interface PagingMetadata {
  /** items in this page */
  items?: number;
  offset?: number;
}

/** Cursors to the neighbouring pages (cursor-paged answers only). */
export interface Cursors {
  next?: string | null;
  prev?: string | null;
}

/** One page of a query-builder result, able to fetch its neighbours (`.find()`). */
export interface QueryResult<T> {
  items: T[];
  /** `items.length` */
  length: number;
  /** the query's limit */
  pageSize: number;
  /** all matching items (`metadata.total`); undefined when the server does not count */
  totalCount?: number;
  /** zero-based page index */
  currentPage?: number;
  /** `NaN` when `totalCount` is unknown */
  totalPages?: number;
  cursors?: Cursors;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** re-queries with the next offset */
  next(): Promise<QueryResult<T>>;
  /** re-queries with the previous offset */
  prev(): Promise<QueryResult<T>>;
}
