/**
 * The platform query language of the catalogue reads (`query.filter`, `query.sort`, `query.paging`):
 * the operators, the validated filter tree, and how an entity declares its whitelisted fields.
 * Parsing (`parse-filter.ts`) turns wire JSON into a `FilterNode`; `compile-sql.ts` turns that into
 * parametrised SQL. The property tests evaluate the same tree in TypeScript and compare.
 */
import type { RawBuilder } from 'kysely';

/** Every operator a filter may use; each field kind allows a subset (`OPS_BY_KIND`). */
export const OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$contains',
  '$endsWith',
  '$exists',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** A normalised operand: decimals and timestamps as strings, ids lower-cased. */
export type Scalar = string | boolean;

/**
 * A validated filter. `and` of nothing is true, `or` of nothing is false. Every node evaluates to
 * true or false (never SQL NULL), so `not` means what it says for fields that may be empty.
 */
export type FilterNode =
  | { kind: 'and'; items: FilterNode[] }
  | { kind: 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'cond'; field: string; op: Operator; value: Scalar | null | Scalar[] };

/**
 * What a field holds, which decides its operators, operand types and SQL:
 * - `uuid`, `text`, `enum`, `boolean`, `decimal`, `timestamp`: one column (maybe nullable);
 * - `membership`: the product's collections (`collectionIds`), through `product_collections`;
 * - `variantKey`: a store variant id `<productId>-<variantId>`.
 */
export type FieldKind = 'uuid' | 'text' | 'enum' | 'boolean' | 'decimal' | 'timestamp' | 'membership' | 'variantKey';

export const OPS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  uuid: ['$eq', '$ne', '$in', '$hasSome', '$exists'],
  text: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$hasSome', '$startsWith', '$contains', '$endsWith', '$exists'],
  enum: ['$eq', '$ne', '$in', '$hasSome', '$exists'],
  boolean: ['$eq', '$ne', '$exists'],
  decimal: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$hasSome', '$exists'],
  timestamp: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$hasSome', '$exists'],
  membership: ['$eq', '$ne', '$in', '$hasSome', '$hasAll'],
  variantKey: ['$eq', '$ne', '$in', '$hasSome'],
};

/** One filterable field of an entity. */
export type FieldDef =
  | {
      kind: Exclude<FieldKind, 'membership' | 'variantKey'>;
      /** the column (or expression) the field reads */
      sql: RawBuilder<unknown>;
      nullable?: boolean;
      /** the allowed values of an `enum` field */
      values?: readonly string[];
    }
  /** `owner` is the product id the `product_collections` rows hang on. */
  | { kind: 'membership'; owner: RawBuilder<unknown> }
  | { kind: 'variantKey'; productId: RawBuilder<unknown>; variantId: RawBuilder<unknown> };

type SortOrder = 'ASC' | 'DESC';

/** One sort key as the compiler uses it (the wire field and its SQL sort expressions). */
export interface SortTerm {
  fieldName: string;
  order: SortOrder;
}

/** An entity's query whitelist: filterable fields, sortable fields, tie-breaker and default order. */
export interface EntityQuerySpec {
  /** wire field name → definition */
  filter: Record<string, FieldDef>;
  /** wire field name → SQL sort expressions (more than one for a composite id) */
  sort: Record<string, RawBuilder<unknown>[]>;
  /** the unique key that ends every ORDER BY, so offset paging is stable */
  idField: string;
  /** the order when the query gives none */
  defaultSort: SortTerm[];
}

/** A query after validation: ready to compile. */
export interface ParsedQuery {
  filter: FilterNode;
  /** the requested sort keys followed by the id tie-breaker */
  sort: SortTerm[];
  paging: { limit: number; offset: number };
}

/** Default and largest page size of every query (spec §9). */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
