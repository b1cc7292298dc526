/** One route of the server as its OpenAPI document describes it: what a fuzzer needs to call it. */
export interface Operation {
  method: string;
  /** OpenAPI form, `{param}` placeholders included. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level field names of the JSON or form body, when the route documents one. */
  bodyFields: string[];
  /** Content types the route documents for its body. */
  bodyTypes: string[];
}

interface DocumentOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Documentation pages and static files: not inputs of the API. */
const NOT_API = [/^\/docs/, /^\/openapi\.json$/];

/** Every method and path of the document, except the documentation itself. */
export function operationsOf(doc: { paths: Record<string, Record<string, DocumentOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (NOT_API.some((re) => re.test(path))) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: [...new Set(Object.values(content).flatMap((c) => Object.keys(c.schema?.properties ?? {})))],
        bodyTypes: Object.keys(content),
      });
    }
  }
  return out;
}
