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
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() as string;
    return doc.components?.schemas?.[name] ?? {};
  };
  const plausible = (raw: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const schema = resolve(raw);
    if (depth > MAX_DEPTH) return hostile;
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (choices?.length) return fc.oneof(...choices.map((choice) => value(choice, depth + 1)));
    const type = Array.isArray(schema.type) ? schema.type.find((named) => named !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const props = Object.entries(schema.properties ?? {});
        if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 });
        const record = Object.fromEntries(props.map(([name, propertySchema]) => [name, value(propertySchema, depth + 1)]));
        return fc.record(record, { requiredKeys: schema.required ?? [] });
      }
      case 'array':
        return fc.array(value(schema.items ?? {}, depth + 1), { maxLength: 3 });
      case 'integer': {
        const min = Math.ceil(schema.minimum ?? -10);
        return fc.integer({ min, max: Math.floor(schema.maximum ?? Math.max(min, 1_000)) });
      }
      case 'number': {
        const min = schema.minimum ?? -10;
        return fc.double({ min, max: schema.maximum ?? Math.max(min, 1_000), noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'string':
        return plausibleString(schema);
      default:
        return hostile;
    }
  };
  const plausibleString = (schema: JsonSchema): fc.Arbitrary<string> => {
    if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    if (schema.format === 'email') return fc.constantFrom('a@example.com', 'buyer@example.org');
    if (schema.format === 'uri') return fc.constantFrom('https://example.com/x', 'http://127.0.0.1:1/cb');
    const max = Math.min(schema.maxLength ?? 24, 24);
    return fc.oneof(fc.constantFrom(...realIds), fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }));
  };
  /** Mostly what the schema asks for; one place in five something hostile (a NUL, a wrong type, a huge value). */
  const value = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: 4, arbitrary: plausible(schema, depth) }, { weight: 1, arbitrary: fc.oneof(hostile, hostileString(realIds)) });
  return (schema: JsonSchema) => value(schema, 0);
}
