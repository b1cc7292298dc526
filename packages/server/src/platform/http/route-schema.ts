import type { z } from 'zod';

/** What a route validates of a request: any of its body, path parameters and query string. */
export interface RequestParts {
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
}

/**
 * A route's options for Fastify: its OpenAPI tag and summary, the request parts it validates, its 200
 * answer and its domain's error answers (by status). The zod types stay literal, so handlers see the
 * parsed request's types.
 */
export function routeSchema<P extends RequestParts, R extends z.ZodType, E extends Record<number, z.ZodType>>(
  tag: string,
  summary: string,
  parts: P,
  ok: R,
  errors: E,
) {
  return { schema: { tags: [tag], summary, ...parts, response: { 200: ok, ...errors } } };
}
