import fc from 'fast-check';

/** Strings that have broken servers: NUL, lone UTF-16 surrogates, impossible dates, numbers out of range. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '0',
  '-1',
  '1e309',
  'NaN',
  '-0',
  '99999999999999999999999',
  '2024-02-30',
  '2023-02-29',
  '0000-01-01',
  '2024-13-01',
  '2024-01-01T25:61:00Z',
  '+275760-09-14T00:00:00.001Z',
  'not a date',
  'null',
  'true',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  "'; DROP TABLE products; --",
  '{"$or":[]}',
  '00000000-0000-0000-0000-000000000000',
  '\u202e\ufeff\u200b',
];

/** Strings PostgreSQL cannot store: NUL and lone surrogates, alone or around a real id (to get past format checks). */
const unstorable = (realIds: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800'), fc.constantFrom('', 'a', ...realIds), fc.boolean())
    .map(([bad, text, before]) => (before ? `${bad}${text}` : `${text}${bad}`));

/** A string a shopper would not type: unstorable, a nasty one, random unicode (surrogates included), or a huge one. */
export const hostileString = (realIds: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: unstorable(realIds) },
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)) },
  );

const scalar = (realIds: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileString(realIds),
    fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63)),
    fc.integer(),
    fc.double({ noNaN: true }),
  );

/** A value nested this deep: arrays in arrays, or objects in objects. */
const nested = (depth: number, inObjects: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = inObjects ? { a: value } : [value];
  return value;
};

/** A filter as the catalogue queries take it, made to cost: thousands of `$or` branches, deep `$and`, bad dates. */
export const hostileFilter = (realIds: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.nat({ max: 30_000 }).map((count) => ({ $or: Array.from({ length: count }, (_, i) => ({ name: { $eq: `p${i}` } })) })),
    fc.nat({ max: 2_000 }).map((count) => {
      let filter: unknown = { name: 'x' };
      for (let i = 0; i < count; i++) filter = { $and: [filter, { visible: true }] };
      return filter;
    }),
    fc
      .record({
        field: fc.constantFrom(
          'lastUpdated',
          'createdDate',
          '_createdDate',
          'updatedDate',
          'price',
          'name',
          'slug',
          'id',
          'collections.id',
        ),
        op: fc.constantFrom('$eq', '$ne', '$gt', '$lt', '$gte', '$lte', '$in', '$hasSome', '$startsWith', '$exists', '$bogus'),
        value: scalar(realIds),
      })
      .map(({ field, op: operator, value }) => ({ [field]: { [operator]: value } })),
    fc.dictionary(fc.constantFrom('$or', '$and', '$not', 'name', 'price', '__proto__'), scalar(realIds), { maxKeys: 3 }),
  );

/** Any JSON value, hostile at every level: wrong types, deep nesting, huge arrays, costly filters. */
export const hostileValue = (realIds: readonly string[], fieldNames: readonly string[]): fc.Arbitrary<unknown> => {
  const key = fc.oneof(fc.constantFrom(...fieldNames, 'query', 'filter', 'paging', 'sort', '__proto__', 'constructor'), fc.string());
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar(realIds),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: value },
    { weight: 1, arbitrary: fc.constantFrom(100, 1_000).chain((depth) => fc.boolean().map((inObjects) => nested(depth, inObjects))) },
    { weight: 1, arbitrary: fc.constantFrom(10_000, 200_000).map((length) => Array.from({ length: length }, () => 0)) },
    { weight: 2, arbitrary: hostileFilter(realIds) },
    { weight: 2, arbitrary: hostileFilter(realIds).map((filter) => ({ query: { filter } })) },
  );
};
