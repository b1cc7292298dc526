import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile-values.js';
import type { JsonSchema, OpenApiDocument } from './openapi-operations.js';

/** How deep generated values follow a schema before they give up and send something hostile. */
const MAX_DEPTH = 6;

/**
 * Values shaped by a route's schema, with a hostile value in some places: a request must get past
 * the schema for most of its fields for the one bad field to reach the service and the database.
 */
export function schemaValue(doc: OpenApiDocument, realIds: readonly string[]) {
  const hostile = hostileValue(realIds, ['name']);
  const resolve = (s: JsonSchema): JsonSchema => {
    if (!s.$ref) return s;
    const name = s.$ref.split('/').pop() as string;
    return doc.components?.schemas?.[name] ?? {};
  };
  const plausible = (raw: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const s = resolve(raw);
    if (depth > MAX_DEPTH) return hostile;
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const choices = s.anyOf ?? s.oneOf ?? s.allOf;
    if (choices?.length) return fc.oneof(...choices.map((c) => value(c, depth + 1)));
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'object': {
        const props = Object.entries(s.properties ?? {});
        if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 });
        const record = Object.fromEntries(props.map(([k, v]) => [k, value(v, depth + 1)]));
        return fc.record(record, { requiredKeys: s.required ?? [] });
      }
      case 'array':
        return fc.array(value(s.items ?? {}, depth + 1), { maxLength: 3 });
      case 'integer': {
        const min = Math.ceil(s.minimum ?? -10);
        return fc.integer({ min, max: Math.floor(s.maximum ?? Math.max(min, 1_000)) });
      }
      case 'number': {
        const min = s.minimum ?? -10;
        return fc.double({ min, max: s.maximum ?? Math.max(min, 1_000), noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'string':
        return plausibleString(s);
      default:
        return hostile;
    }
  };
  const plausibleString = (s: JsonSchema): fc.Arbitrary<string> => {
    if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (s.format === 'email') return fc.constantFrom('a@example.com', 'buyer@example.org');
    if (s.format === 'uri') return fc.constantFrom('https://example.com/x', 'http://127.0.0.1:1/cb');
    const max = Math.min(s.maxLength ?? 24, 24);
    return fc.oneof(fc.constantFrom(...realIds), fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max }));
  };
  /** Mostly what the schema asks for; one place in five something hostile (a NUL, a wrong type, a huge value). */
  const value = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: 4, arbitrary: plausible(s, depth) }, { weight: 1, arbitrary: fc.oneof(hostile, hostileString(realIds)) });
  return (schema: JsonSchema) => value(schema, 0);
}
