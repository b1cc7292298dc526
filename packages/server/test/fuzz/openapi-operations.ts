/** A JSON schema as the OpenAPI document carries it (the parts a fuzzer reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** One route of the server as its OpenAPI document describes it: what a fuzzer needs to call it. */
export interface Operation {
  method: string;
  /** OpenAPI form, `{param}` placeholders included. */
  path: string;
  pathParams: string[];
  /** Each documented query parameter and its schema. */
  query: Record<string, JsonSchema>;
  /** The documented body (JSON or form), when there is one. */
  body?: { type: string; schema: JsonSchema };
}

interface DocumentOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The document as read: its paths and the schemas they refer to. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Documentation pages and static files: not inputs of the API. */
const NOT_API = [/^\/docs/, /^\/openapi\.json$/];

/** Every method and path of the document, except the documentation itself. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (NOT_API.some((pattern) => pattern.test(path))) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const params = operation.parameters ?? [];
      const [type, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((param) => param.in === 'path').map((param) => param.name),
        query: Object.fromEntries(params.filter((param) => param.in === 'query').map((param) => [param.name, param.schema ?? {}])),
        body: type ? { type, schema: content?.schema ?? {} } : undefined,
      });
    }
  }
  return out;
}
