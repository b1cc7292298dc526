/**
 * Property tests of the query compiler: random small catalogues and random filter/sort/paging
 * trees, run through the read service (real SQL on a real database) and through an in-memory
 * model that evaluates the same wire filter in TypeScript. Ids (in order) and totals must agree.
 * The model is written from the documented semantics, independently of the parser and compiler.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalog, insertCollection, insertProduct } from '../../../../test/support/catalog-fixtures.js';
import { freshDatabase } from '../../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../../platform/db/database.js';
import { CatalogReadService, type Viewer } from '../read-service.js';

let database: DatabaseHandle;
let service: CatalogReadService;
beforeAll(async () => {
  database = await freshDatabase();
  service = new CatalogReadService({ db: database.db, publicUrl: 'http://shop.test' });
});
afterAll(() => database?.close());

// ---- the model

type Kind = 'id' | 'text' | 'enum' | 'bool' | 'num' | 'time' | 'membership';
type Entity = Record<string, unknown>;
interface ModelSpec {
  fields: Record<string, { kind: Kind; nullable?: boolean }>;
  /** sort field → key of an entity (null sorts last ascending, first descending, as in PostgreSQL) */
  sortKeys: Record<string, (entity: Entity) => string | number | null>;
  defaultSort: { fieldName: string; order: 'ASC' | 'DESC' }[];
  visible: (entity: Entity) => boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asciiLower = (input: string) => input.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** One value of a field against one operand: equal, and how they order. */
function same(kind: Kind, left: unknown, right: unknown): boolean {
  if (kind === 'num') return Number(left) === Number(right);
  if (kind === 'time') return (left as number) === Date.parse(right as string);
  if (kind === 'id') return left === String(right).toLowerCase();
  return left === right;
}
function order(kind: Kind, left: unknown, right: unknown): number {
  // a time on the left is the model's number already; on the right it is the query's ISO text
  const leftValue = (kind === 'num' ? Number(left) : left) as string | number;
  const rightValue = (kind === 'num' ? Number(right) : kind === 'time' ? Date.parse(right as string) : right) as string | number;
  return leftValue < rightValue ? -1 : leftValue > rightValue ? 1 : 0;
}

function condition(kind: Kind, value: unknown, operator: string, operand: unknown): boolean {
  if (kind === 'membership') {
    const ids = value as string[];
    const norm = (raw: unknown) => String(raw).toLowerCase();
    if (operator === '$eq') return operand === null ? ids.length === 0 : ids.includes(norm(operand));
    if (operator === '$ne') return operand === null ? ids.length > 0 : !ids.includes(norm(operand));
    if (operator === '$hasAll') return (operand as unknown[]).every((wanted) => ids.includes(norm(wanted)));
    return (operand as unknown[]).some((wanted) => ids.includes(norm(wanted)));
  }
  const present = value !== null && value !== undefined;
  switch (operator) {
    case '$eq':
      return operand === null ? !present : present && same(kind, value, operand);
    case '$ne':
      return operand === null ? present : !present || !same(kind, value, operand);
    case '$gt':
      return present && order(kind, value, operand) > 0;
    case '$gte':
      return present && order(kind, value, operand) >= 0;
    case '$lt':
      return present && order(kind, value, operand) < 0;
    case '$lte':
      return present && order(kind, value, operand) <= 0;
    case '$in':
    case '$hasSome':
      return present && (operand as unknown[]).some((option) => same(kind, value, option));
    case '$startsWith':
      return present && asciiLower(value as string).startsWith(asciiLower(operand as string));
    case '$endsWith':
      return present && asciiLower(value as string).endsWith(asciiLower(operand as string));
    case '$contains':
      return present && asciiLower(value as string).includes(asciiLower(operand as string));
    case '$exists':
      return present === operand;
    default:
      throw new Error(`model: unknown operator ${operator}`);
  }
}

/** Whether an entity matches a wire filter (implicit equality, operator objects, $and/$or/$not). */
function matches(spec: ModelSpec, filter: unknown, entity: Entity): boolean {
  if (!isObject(filter)) return true;
  return Object.entries(filter).every(([key, clause]) => {
    if (key === '$and') return (clause as unknown[]).every((branch) => matches(spec, branch, entity));
    if (key === '$or') return (clause as unknown[]).some((branch) => matches(spec, branch, entity));
    if (key === '$not') return !matches(spec, clause, entity);
    const field = spec.fields[key];
    if (!field) throw new Error(`model: unknown field ${key}`);
    if (isObject(clause))
      return Object.entries(clause).every(([operator, operand]) => condition(field.kind, entity[key], operator, operand));
    return condition(field.kind, entity[key], '$eq', clause);
  });
}

/** The documented order: requested keys (first occurrence), else the default; then id in the last key's direction. */
function sortTerms(spec: ModelSpec, sort: { fieldName: string; order?: 'ASC' | 'DESC' }[]) {
  const terms: { fieldName: string; order: 'ASC' | 'DESC' }[] = [];
  for (const sortTerm of sort)
    if (!terms.some((term) => term.fieldName === sortTerm.fieldName))
      terms.push({ fieldName: sortTerm.fieldName, order: sortTerm.order ?? 'ASC' });
  const chosen = terms.length ? terms : spec.defaultSort;
  const idAt = chosen.findIndex((term) => term.fieldName === 'id');
  return idAt >= 0 ? chosen.slice(0, idAt + 1) : [...chosen, { fieldName: 'id', order: chosen.at(-1)?.order ?? 'ASC' }];
}

function compareBy(spec: ModelSpec, terms: ReturnType<typeof sortTerms>) {
  return (first: Entity, second: Entity) => {
    for (const term of terms) {
      const key = spec.sortKeys[term.fieldName] as (entity: Entity) => string | number | null;
      const [firstKey, secondKey] = [key(first), key(second)];
      let compared = firstKey === secondKey ? 0 : firstKey === null ? 1 : secondKey === null ? -1 : firstKey < secondKey ? -1 : 1;
      if (term.order === 'DESC') compared = -compared;
      if (compared) return compared;
    }
    return 0;
  };
}

function modelQuery(spec: ModelSpec, entities: Entity[], query: WireQuery, viewer: Viewer) {
  const hits = entities.filter((entity) => (viewer.merchant || spec.visible(entity)) && matches(spec, query.filter, entity));
  hits.sort(compareBy(spec, sortTerms(spec, query.sort ?? [])));
  const offset = query.paging?.offset ?? 0;
  const limit = query.paging?.limit ?? 50;
  return { ids: hits.slice(offset, offset + limit).map((hit) => hit.id as string), total: hits.length };
}

// ---- generators

interface WireQuery {
  filter?: Record<string, unknown>;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' }[];
  paging?: { limit: number; offset: number };
}

/** Conditions on one field: implicit equality or one or two operators, operands from `pool`. */
function conditionArb(kind: Kind, pool: readonly unknown[], nullable: boolean, prefixes: readonly string[] = []) {
  const one = fc.constantFrom(...pool);
  const some = fc.subarray([...pool], { maxLength: Math.min(3, pool.length) });
  const ops: fc.Arbitrary<unknown>[] = [
    nullable ? fc.oneof(one, fc.constant(null)) : one,
    fc.record({ $eq: nullable ? fc.oneof(one, fc.constant(null)) : one }),
    fc.record({ $ne: nullable ? fc.oneof(one, fc.constant(null)) : one }),
  ];
  if (kind === 'membership') {
    ops.push(fc.record({ $hasSome: some }), fc.record({ $hasAll: some }), fc.record({ $in: some }));
    return fc.oneof(...ops);
  }
  ops.push(fc.record({ $exists: fc.boolean() }));
  if (kind !== 'bool') ops.push(fc.record({ $in: some }), fc.record({ $hasSome: some }));
  if (kind === 'text' || kind === 'num' || kind === 'time') {
    ops.push(fc.constantFrom('$gt', '$gte', '$lt', '$lte').chain((operator) => one.map((value) => ({ [operator]: value }))));
  }
  if (kind === 'text') {
    ops.push(
      fc
        .constantFrom('$startsWith', '$contains', '$endsWith')
        .chain((operator) => fc.constantFrom(...prefixes).map((value) => ({ [operator]: value }))),
    );
  }
  return fc.oneof(...ops);
}

function filterArb(leaves: Record<string, fc.Arbitrary<unknown>>) {
  const leaf = fc
    .array(
      fc
        .constantFrom(...Object.keys(leaves))
        .chain((field) => (leaves[field] as fc.Arbitrary<unknown>).map((generated) => [field, generated] as const)),
      { minLength: 1, maxLength: 2 },
    )
    .map((pairs) => Object.fromEntries(pairs) as Record<string, unknown>);
  const { node } = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 3, depthSize: 'small' },
      leaf,
      fc.array(tie('node'), { maxLength: 3 }).map((items) => ({ $and: items })),
      fc.array(tie('node'), { maxLength: 3 }).map((items) => ({ $or: items })),
      tie('node').map((inner) => ({ $not: inner })),
    ),
  }));
  return fc.option(node, { nil: undefined });
}

function queryArb(leaves: Record<string, fc.Arbitrary<unknown>>, sortable: readonly string[]): fc.Arbitrary<WireQuery> {
  return fc.record(
    {
      filter: filterArb(leaves),
      sort: fc.array(
        fc.record(
          { fieldName: fc.constantFrom(...sortable), order: fc.constantFrom('ASC' as const, 'DESC' as const, undefined) },
          { requiredKeys: ['fieldName'] },
        ),
        { maxLength: 3 },
      ),
      paging: fc.record({ limit: fc.integer({ min: 1, max: 6 }), offset: fc.integer({ min: 0, max: 6 }) }),
    },
    { requiredKeys: [] },
  );
}

/** Replaces `@p3` / `@c1` references with the ids of the inserted entities (or an id that exists nowhere). */
function resolve<T>(value: T, refs: Record<string, string>): T {
  if (typeof value === 'string' && value.startsWith('@')) return (refs[value] ?? '00000000-0000-4000-8000-000000000000') as T;
  if (Array.isArray(value)) return value.map((item) => resolve(item, refs)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, refs)])) as T;
  return value;
}

const VIEWERS: Viewer[] = [{ merchant: false }, { merchant: true }];
// PROPERTY_RUNS=1000 for a longer soak; PROPERTY_SEED=<n> to explore other inputs (the default seed
// keeps `npm test` reproducible: the same inputs on every run).
const RUNS = {
  numRuns: Number(process.env.PROPERTY_RUNS ?? 60),
  seed: Number(process.env.PROPERTY_SEED ?? 20261122),
  endOnFailure: true,
};

// ---- products

const NAMES = ['apple', 'Apple', 'apple pie', 'Banana', 'banana split', 'cherry', 'Zed', 'a_b', '100% cotton', 'a\\b'] as const;
const PRICES = ['0', '5', '9.99', '10', '25.5'] as const;
const DATES = [1, 2, 3].map((day) => new Date(Date.UTC(2024, 0, day, 12)));
const ISO_DATES = [...DATES.map((date) => date.toISOString()), '2024-01-02T00:00:00Z', '2024-01-02T12:00:00+02:00'];
const PRODUCT_REFS = ['@p0', '@p1', '@p2', '@p3', '@p4', '@p9', 'not-a-uuid', 'PROD-1'];
const COLLECTION_REFS = ['@c0', '@c1', '@c2', '@c9', 'not-a-uuid'];

const productArb = fc.record({
  name: fc.constantFrom(...NAMES),
  sku: fc.constantFrom(null, 'A-1', 'a-1', 'B-2', 'C_3'),
  brand: fc.constantFrom(null, 'Acme', 'acme', 'Zeta'),
  ribbon: fc.constantFrom(null, 'Sale', 'New'),
  productType: fc.constantFrom('physical' as const, 'digital' as const),
  visible: fc.boolean(),
  price: fc.constantFrom(...PRICES),
  discount: fc.option(fc.constantFrom({ type: 'PERCENT' as const, value: 10 }, { type: 'AMOUNT' as const, value: 2 }), { nil: undefined }),
  sizes: fc.option(
    fc.array(fc.record({ visible: fc.boolean(), inStock: fc.boolean(), price: fc.option(fc.constantFrom(...PRICES), { nil: null }) }), {
      minLength: 2,
      maxLength: 2,
    }),
    { nil: undefined },
  ),
  inStock: fc.boolean(),
  collections: fc.subarray([0, 1, 2]),
  createdDate: fc.constantFrom(...DATES),
  lastUpdated: fc.constantFrom(...DATES),
});

const text = (pool: readonly (string | null)[]) => pool.filter((value): value is string => value !== null);
const PRODUCT_LEAVES: Record<string, fc.Arbitrary<unknown>> = {
  id: conditionArb('id', PRODUCT_REFS, false),
  name: conditionArb('text', [...NAMES, 'APPLE', 'b'], false, ['a', 'A', 'app', 'B', '_', '%', '', 'pie', 'E', '\\', 'x']),
  slug: conditionArb('text', ['p0', 'p1', 'p5', 'q'], false, ['p', 'P1', '0']),
  sku: conditionArb('text', text(['A-1', 'a-1', 'B-2', 'C_3', 'zz']), true, ['a', '-', '_', '3']),
  brand: conditionArb('text', ['Acme', 'acme', 'Zeta'], true, ['ac', 'Z', 'E']),
  ribbon: conditionArb('text', ['Sale', 'New'], true, ['s', 'W']),
  productType: conditionArb('enum', ['physical', 'digital'], false),
  visible: conditionArb('bool', [true, false], false),
  price: conditionArb('num', [0, 5, 8.99, 9, 9.99, 10, 25.5, 3], false),
  'priceData.price': conditionArb('num', [0, 5, 9.99, 10, 25.5], false),
  collectionIds: conditionArb('membership', COLLECTION_REFS, true),
  inStock: conditionArb('bool', [true, false], false),
  'stock.inStock': conditionArb('bool', [true, false], false),
  'stock.inventoryStatus': conditionArb('enum', ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'], false),
  lastUpdated: conditionArb('time', ISO_DATES, false),
  createdDate: conditionArb('time', ISO_DATES, false),
};
const PRODUCT_SORTS = ['id', 'name', 'slug', 'sku', 'price', 'priceData.price', 'lastUpdated', 'createdDate'] as const;

const PRODUCT_MODEL: ModelSpec = {
  fields: {
    id: { kind: 'id' },
    name: { kind: 'text' },
    slug: { kind: 'text' },
    sku: { kind: 'text' },
    brand: { kind: 'text' },
    ribbon: { kind: 'text' },
    productType: { kind: 'enum' },
    visible: { kind: 'bool' },
    price: { kind: 'num' },
    'priceData.price': { kind: 'num' },
    collectionIds: { kind: 'membership' },
    inStock: { kind: 'bool' },
    'stock.inStock': { kind: 'bool' },
    'stock.inventoryStatus': { kind: 'enum' },
    lastUpdated: { kind: 'time' },
    createdDate: { kind: 'time' },
  },
  sortKeys: {
    id: (entity) => entity.id as string,
    name: (entity) => asciiLower(entity.name as string),
    slug: (entity) => entity.slug as string,
    sku: (entity) => entity.sku as string | null,
    price: (entity) => Number(entity.price),
    'priceData.price': (entity) => Number(entity['priceData.price']),
    lastUpdated: (entity) => entity.lastUpdated as number,
    createdDate: (entity) => entity.createdDate as number,
  },
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  visible: (entity) => entity.visible as boolean,
};

describe('product queries against the model', () => {
  it('answer the same products, in the same order, with the same total', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { maxLength: 8 }),
        fc.array(queryArb(PRODUCT_LEAVES, PRODUCT_SORTS), { minLength: 3, maxLength: 3 }),
        async (catalogue, queries) => {
          const db = database.db;
          await clearCatalog(db);
          const refs: Record<string, string> = {};
          for (const i of [0, 1, 2]) refs[`@c${i}`] = (await insertCollection(db, { name: `c${i}`, slug: `c${i}` })).id;
          const entities: Entity[] = [];
          for (const [i, fields] of catalogue.entries()) {
            const collectionIds = fields.collections.map((collection) => refs[`@c${collection}`] as string);
            const { product } = await insertProduct(db, {
              ...fields,
              slug: `p${i}`,
              options: fields.sizes ? [{ name: 'Size', choices: ['S', 'M'] }] : undefined,
              variants: fields.sizes?.map((size, k) => ({ choices: { Size: k ? 'M' : 'S' }, ...size })),
              collectionIds,
            });
            refs[`@p${i}`] = product.id;
            entities.push({
              id: product.id,
              name: product.name,
              slug: product.slug,
              sku: product.sku,
              brand: product.brand,
              ribbon: product.ribbon,
              productType: product.product_type,
              visible: product.visible,
              price: product.price_min,
              'priceData.price': product.price,
              collectionIds,
              inStock: product.inventory_status !== 'OUT_OF_STOCK',
              'stock.inStock': product.inventory_status !== 'OUT_OF_STOCK',
              'stock.inventoryStatus': product.inventory_status,
              lastUpdated: product.last_updated.getTime(),
              createdDate: product.created_date.getTime(),
            });
          }
          for (const raw of queries) {
            const query = resolve(raw, refs);
            for (const viewer of VIEWERS) {
              const got = await service.queryProducts({ query }, viewer);
              const want = modelQuery(PRODUCT_MODEL, entities, query, viewer);
              expect(
                { ids: got.products.map((product) => product.id), total: got.metadata.total },
                JSON.stringify({ query, viewer }),
              ).toEqual(want);
              if (want.ids.length > 1) answered++;
            }
          }
        },
      ),
      RUNS,
    );
    // The generators must produce queries that select something, or the comparison proves little.
    expect(answered).toBeGreaterThan(RUNS.numRuns / 2);
  });
});

// ---- collections

const COLLECTION_NAMES = ['Kitchen', 'kitchen', 'Garden', 'bath', 'Bath & body', 'a_b'] as const;
const COLLECTION_MODEL: ModelSpec = {
  fields: { id: { kind: 'id' }, name: { kind: 'text' }, slug: { kind: 'text' }, visible: { kind: 'bool' } },
  sortKeys: {
    id: (entity) => entity.id as string,
    name: (entity) => asciiLower(entity.name as string),
    slug: (entity) => entity.slug as string,
  },
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
  visible: (entity) => entity.visible as boolean,
};
const COLLECTION_LEAVES: Record<string, fc.Arbitrary<unknown>> = {
  id: conditionArb('id', ['@c0', '@c1', '@c2', '@c9', 'nope'], false),
  name: conditionArb('text', [...COLLECTION_NAMES, 'KITCHEN'], false, ['k', 'B', '_', '&', 'en']),
  slug: conditionArb('text', ['s0', 's1', 's4'], false, ['s', 'S2']),
  visible: conditionArb('bool', [true, false], false),
};

describe('collection queries against the model', () => {
  it('answer the same collections, in the same order, with the same total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: fc.constantFrom(...COLLECTION_NAMES), visible: fc.boolean() }), { maxLength: 6 }),
        fc.array(queryArb(COLLECTION_LEAVES, ['id', 'name', 'slug']), { minLength: 3, maxLength: 3 }),
        async (list, queries) => {
          const db = database.db;
          await clearCatalog(db);
          const refs: Record<string, string> = {};
          const entities: Entity[] = [];
          for (const [i, fields] of list.entries()) {
            const collection = await insertCollection(db, { ...fields, slug: `s${i}` });
            refs[`@c${i}`] = collection.id;
            entities.push({ id: collection.id, name: collection.name, slug: collection.slug, visible: collection.visible });
          }
          for (const raw of queries) {
            const query = resolve(raw, refs);
            for (const viewer of VIEWERS) {
              const got = await service.queryCollections(query, viewer);
              const want = modelQuery(COLLECTION_MODEL, entities, query, viewer);
              expect(
                { ids: got.collections.map((collection) => collection.id), total: got.metadata.total },
                JSON.stringify({ query, viewer }),
              ).toEqual(want);
            }
          }
        },
      ),
      RUNS,
    );
  });
});
