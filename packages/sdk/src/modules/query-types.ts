/** The chainable query builders of `queryProducts()` / `queryCollections()`. */
import type { Collection, Product, QueryResult } from '../types/index.js';

export type { PlatformQuery } from '../types/index.js';

/**
 * A chainable query (default paging `{offset: 0, limit: 50}`); every method returns a new builder.
 * Several conditions are combined under `$and`.
 */
interface QueryBuilder<T, F extends string = string> {
  eq(field: F, value: unknown): QueryBuilder<T, F>;
  ne(field: F, value: unknown): QueryBuilder<T, F>;
  gt(field: F, value: unknown): QueryBuilder<T, F>;
  ge(field: F, value: unknown): QueryBuilder<T, F>;
  lt(field: F, value: unknown): QueryBuilder<T, F>;
  le(field: F, value: unknown): QueryBuilder<T, F>;
  in(field: F, values: unknown[]): QueryBuilder<T, F>;
  hasSome(field: F, values: unknown[]): QueryBuilder<T, F>;
  hasAll(field: F, values: unknown[]): QueryBuilder<T, F>;
  startsWith(field: F, value: string): QueryBuilder<T, F>;
  contains(field: F, value: string): QueryBuilder<T, F>;
  isEmpty(field: F): QueryBuilder<T, F>;
  isNotEmpty(field: F): QueryBuilder<T, F>;
  between(field: F, from: unknown, to: unknown): QueryBuilder<T, F>;
  and(query: QueryBuilder<T, F>): QueryBuilder<T, F>;
  or(query: QueryBuilder<T, F>): QueryBuilder<T, F>;
  not(query: QueryBuilder<T, F>): QueryBuilder<T, F>;
  ascending(...fields: F[]): QueryBuilder<T, F>;
  descending(...fields: F[]): QueryBuilder<T, F>;
  skip(offset: number): QueryBuilder<T, F>;
  limit(limit: number): QueryBuilder<T, F>;
  find(): Promise<QueryResult<T>>;
}

export type ProductsQueryBuilder = QueryBuilder<Product>;
export type CollectionsQueryBuilder = QueryBuilder<Collection>;
