/**
 * Answers serialised by fast-json-stringify, generated from the route's zod response schema (the
 * same schema `/docs` shows), instead of the app-wide zod serializer, which parses a copy of every
 * answer and then runs `JSON.stringify`. A plugin that installs it (`installGeneratedSerializer`) has
 * response schemas that describe its answers field by field: what a schema does not name is left
 * out (fast-json-stringify drops unknown properties), so open maps are `z.record` or `z.looseObject`.
 * fast-json-stringify writes required properties first: the key order may differ from the object's,
 * never the members.
 */

import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** A JSON Schema as fast-json-stringify takes it. */
type SerializerSchema = Parameters<typeof fastJson>[0];

/**
 * The JSON Schema of a zod schema's output, as fast-json-stringify compiles it (draft-07, without the
 * `$schema` it does not read; what zod cannot express accepts anything). zod's JSON Schema type and
 * fast-json-stringify's are two declarations of the same standard, hence the conversion.
 */
function outputJsonSchema(schema: z.ZodType): SerializerSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return json as unknown as SerializerSchema;
}

/**
 * A route's serializer for one response schema, compiled by fast-json-stringify at its first answer:
 * Fastify asks for every route's serializers at start, and compiled all at once they held ~3 MiB of
 * generated source and code in a server that had answered nothing (docs/DEPLOY.md, "Memory").
 */
const generatedSerializer: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= fastJson(outputJsonSchema(schema));
    return serialize(data);
  };
};

/** Serialises every answer of the routes this plugin scope registers from their response schemas. */
export function installGeneratedSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(generatedSerializer);
}
