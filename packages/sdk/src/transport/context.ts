/** What the interpreter needs from the client: where to send, how, and with which headers. */
export interface Hosts {
  /** origin for every call but a GET (writes, token and identity calls, GraphQL, long-GET fallbacks) and the current cart's GET */
  api: string;
  /** origin for every other GET */
  readOnly: string;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  hosts: Hosts;
  /** the client's `fetch` option, else `globalThis.fetch` looked up at call time */
  fetch: FetchLike;
  /** headers from `createClient({ headers })` and `setHeaders()`; auth headers win over them */
  headers: Record<string, string>;
  /** the auth strategy's headers for one request (absent: no `Authorization` is sent) */
  authHeaders?: () => Promise<Record<string, string>>;
}

/** Accepts `'https://x'` or `{ api, readOnly }` (readOnly defaults to api); strips a trailing slash. */
export function resolveHosts(host: string | Partial<Hosts> | undefined, fallback: string): Hosts {
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (typeof host === 'string') return { api: trim(host), readOnly: trim(host) };
  const api = trim(host?.api ?? fallback);
  return { api, readOnly: trim(host?.readOnly ?? api) };
}

/** `globalThis.fetch`, looked up when the request is made (so test doubles installed later apply). */
export const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init);
