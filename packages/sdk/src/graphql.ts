import type { Transport } from './transport/context.js';
import { send } from './transport/http.js';

/** What a GraphQL call resolves to: `data` (never undefined) and the server's `errors`, if any. */
export interface GraphQLResult<T = Record<string, unknown>> {
  data: T;
  errors?: { message: string; [k: string]: unknown }[];
}

/**
 * POSTs `{query, variables}` to `<api>/graphql/<apiVersion>` (default `alpha`) with the client's
 * headers and auth. Results are returned as sent (no renaming).
 * @throws Error 'GraphQL request failed with status <status>' for any non-200 answer
 */
export async function graphql<T = Record<string, unknown>>(
  transport: Transport,
  query: string,
  variables?: Record<string, unknown>,
  opts: { apiVersion?: string } = {},
): Promise<GraphQLResult<T>> {
  const answer = await send(transport, 'POST', `${transport.hosts.api}/graphql/${opts.apiVersion ?? 'alpha'}`, { query, variables });
  if (answer.status !== 200) throw new Error(`GraphQL request failed with status ${answer.status}`);
  const body = (answer.body ?? {}) as { data?: T; errors?: GraphQLResult['errors'] };
  return { data: body.data ?? ({} as T), errors: body.errors };
}
