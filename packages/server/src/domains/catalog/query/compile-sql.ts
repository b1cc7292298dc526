/**
 * Compiles a validated filter tree and sort into SQL fragments. Values only ever travel as bind
 * parameters (Kysely's `sql` template); the only raw text is from fixed tables here. Every
 * predicate is two-valued (true/false, never NULL) so `$not` and `$ne` hold for empty fields.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { likeLiteral } from '../../../platform/db/like-pattern.js';
import type { EntityQuerySpec, FieldDef, FilterNode, Operator, Scalar, SortTerm } from './filter-types.js';

type Predicate = RawBuilder<SqlBool>;
type ColumnDef = Extract<FieldDef, { sql: unknown }>;

export const TRUE: Predicate = sql<SqlBool>`TRUE`;
export const FALSE: Predicate = sql<SqlBool>`FALSE`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANT_KEY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Whether `s` is a (lower-case) UUID: ids that are not can never match, and must not reach a uuid cast. */
export const isUuid = (text: string) => UUID.test(text);

/** `<productId>-<variantId>` split into its two UUIDs, or undefined. */
function splitVariantKey(key: string): { productId: string; variantId: string } | undefined {
  const match = VARIANT_KEY.exec(key.toLowerCase());
  return match ? { productId: match[1] as string, variantId: match[2] as string } : undefined;
}

const PG_TYPE = { uuid: 'uuid', text: 'text', enum: 'text', boolean: 'boolean', decimal: 'numeric', timestamp: 'timestamptz' } as const;

const cast = (def: ColumnDef, value: Scalar) => sql`CAST(${value} AS ${sql.raw(PG_TYPE[def.kind])})`;
const castList = (def: ColumnDef, values: Scalar[]) => sql`CAST(${values} AS ${sql.raw(`${PG_TYPE[def.kind]}[]`)})`;
/** Text orders by code point (collation "C"): the same on every server, whatever its locale. */
const ordered = (def: ColumnDef) => (def.kind === 'text' ? sql`${def.sql} COLLATE "C"` : def.sql);

/** Items joined by AND/OR; none is TRUE for AND (`$hasAll: []`, `$and: []`) and FALSE for OR. */
const join = (items: Predicate[], glue: 'AND' | 'OR') =>
  items.length ? sql<SqlBool>`(${sql.join(items, sql` ${sql.raw(glue)} `)})` : glue === 'AND' ? TRUE : FALSE;

const COMPARE: Partial<Record<Operator, string>> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** A condition on one column. Nullable columns are guarded so the result is never NULL. */
function columnCondition(def: ColumnDef, op: Operator, value: Scalar | null | Scalar[]): Predicate {
  const col = def.sql;
  const present = (predicate: Predicate) => (def.nullable ? sql<SqlBool>`(${col} IS NOT NULL AND ${predicate})` : predicate);
  // Ids that are not UUIDs name nothing that exists.
  const usable = (scalar: Scalar) => def.kind !== 'uuid' || isUuid(scalar as string);
  if (op === '$exists')
    return def.nullable ? (value ? sql<SqlBool>`${col} IS NOT NULL` : sql<SqlBool>`${col} IS NULL`) : value ? TRUE : FALSE;
  if (op === '$eq' || op === '$ne') {
    const eq = op === '$eq';
    if (value === null) return def.nullable ? sql<SqlBool>`${col} ${sql.raw(eq ? 'IS NULL' : 'IS NOT NULL')}` : eq ? FALSE : TRUE;
    if (!usable(value as Scalar)) return eq ? FALSE : TRUE;
    return eq
      ? present(sql<SqlBool>`${col} = ${cast(def, value as Scalar)}`)
      : sql<SqlBool>`${col} IS DISTINCT FROM ${cast(def, value as Scalar)}`;
  }
  const compare = COMPARE[op];
  if (compare) return present(sql<SqlBool>`${ordered(def)} ${sql.raw(compare)} ${cast(def, value as Scalar)}`);
  if (op === '$in' || op === '$hasSome') {
    const list = [...new Set(value as Scalar[])].filter(usable);
    return list.length ? present(sql<SqlBool>`${col} = ANY(${castList(def, list)})`) : FALSE;
  }
  // $startsWith / $contains / $endsWith: case-insensitive (lower(name) LIKE 'abc%' uses products_name_idx)
  const literal = likeLiteral(value as string);
  const pattern = op === '$startsWith' ? `${literal}%` : op === '$endsWith' ? `%${literal}` : `%${literal}%`;
  return present(sql<SqlBool>`lower(${col}) LIKE lower(CAST(${pattern} AS text))`);
}

/** A condition on a product's collections (EXISTS on product_collections, served by its primary key). */
function membershipCondition(owner: RawBuilder<unknown>, op: Operator, value: Scalar | null | Scalar[]): Predicate {
  const exists = (extra?: RawBuilder<unknown>) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM product_collections pc WHERE pc.product_id = ${owner}${extra ?? sql``})`;
  const one = (id: string) => exists(sql` AND pc.collection_id = CAST(${id} AS uuid)`);
  if (op === '$eq' || op === '$ne') {
    const eq = op === '$eq';
    // `{collectionIds: null}`: in no collection at all.
    if (value === null) return eq ? sql<SqlBool>`(NOT ${exists()})` : exists();
    if (!isUuid(value as string)) return eq ? FALSE : TRUE;
    return eq ? one(value as string) : sql<SqlBool>`(NOT ${one(value as string)})`;
  }
  const ids = [...new Set(value as string[])];
  if (op === '$hasAll') return ids.every(isUuid) ? join(ids.map(one), 'AND') : FALSE;
  const usable = ids.filter(isUuid);
  return usable.length ? exists(sql` AND pc.collection_id = ANY(CAST(${usable} AS uuid[]))`) : FALSE;
}

/** A condition on a store variant id `<productId>-<variantId>`. */
function variantKeyCondition(def: Extract<FieldDef, { kind: 'variantKey' }>, op: Operator, value: Scalar | null | Scalar[]): Predicate {
  const keys = (Array.isArray(value) ? value : [value]).flatMap((key) => (typeof key === 'string' ? (splitVariantKey(key) ?? []) : []));
  const match = keys.length
    ? sql<SqlBool>`(${def.variantId} = ANY(CAST(${keys.map((key) => key.variantId)} AS uuid[])) AND (${def.productId}::text || '-' || ${def.variantId}::text) = ANY(CAST(${keys.map((key) => `${key.productId}-${key.variantId}`)} AS text[])))`
    : FALSE;
  return op === '$ne' ? sql<SqlBool>`(NOT ${match})` : match;
}

/** The SQL predicate of a validated filter over `spec`'s fields. */
export function compileFilter(node: FilterNode, spec: EntityQuerySpec): Predicate {
  switch (node.kind) {
    case 'and':
      return join(
        node.items.map((child) => compileFilter(child, spec)),
        'AND',
      );
    case 'or':
      return join(
        node.items.map((child) => compileFilter(child, spec)),
        'OR',
      );
    case 'not':
      return sql<SqlBool>`(NOT ${compileFilter(node.item, spec)})`;
    case 'cond': {
      const def = spec.filter[node.field] as FieldDef;
      if (def.kind === 'membership') return membershipCondition(def.owner, node.op, node.value);
      if (def.kind === 'variantKey') return variantKeyCondition(def, node.op, node.value);
      return columnCondition(def, node.op, node.value);
    }
  }
}

/** The ORDER BY items of a validated sort: expressions with their direction. */
export function compileSort(sort: SortTerm[], spec: EntityQuerySpec): { expr: RawBuilder<unknown>; direction: 'asc' | 'desc' }[] {
  return sort.flatMap((term) =>
    (spec.sort[term.fieldName] ?? []).map((expr) => ({ expr, direction: term.order === 'DESC' ? ('desc' as const) : ('asc' as const) })),
  );
}
