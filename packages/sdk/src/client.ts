import { BIND } from './auth/bind.js';
import type { GraphQLResult } from './graphql.js';
import { type FetchLike, globalFetch, type Hosts, resolveHosts, type Transport } from './transport/context.js';
import type { Declaration } from './transport/declaration.js';
import { invoke } from './transport/invoke.js';
import { queryBuilder } from './transport/query-builder.js';

/** Anything that can authenticate requests: `OAuthStrategy`, `ApiKeyStrategy`, or your own. */
export interface AuthStrategy {
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
}

type Fn = (...args: any[]) => any;
/** A module's declarations as the functions a caller sees. */
export type BoundModule<M> = { [K in keyof M]: M[K] extends { readonly __fn?: infer F } ? NonNullable<F> & Fn : Fn };

export interface ClientOptions<M, A> {
  /** one origin for everything, or `{ api, readOnly }` (readOnly: the host for every GET but the current cart's) */
  host?: string | Partial<Hosts>;
  modules?: M;
  auth?: A;
  /** headers sent on every request */
  headers?: Record<string, string>;
  /** carries every request, token and identity calls included */
  fetch?: FetchLike;
}

export type Client<M, A> = { [K in keyof M]: BoundModule<M[K]> } & {
  auth: A;
  /** Adds headers sent on every later request. */
  setHeaders(headers: Record<string, string>): void;
  /** fetch with the client's headers and the auth headers added. */
  fetchWithAuth(url: string | URL, init?: RequestInit): Promise<Response>;
  /** @see graphql */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    opts?: { apiVersion?: string },
  ): Promise<GraphQLResult<T>>;
};

/** Binds one module's declarations to the transport. */
function bind(transport: Transport, mod: Record<string, Declaration>) {
  const out: Record<string, Fn> = {};
  for (const [name, declaration] of Object.entries(mod)) {
    const { load } = declaration;
    out[name] = load
      ? async (...args: unknown[]) => {
          const loaded = await load();
          return typeof loaded === 'function' ? loaded(transport, args) : invoke(transport, loaded, args);
        }
      : declaration.queryItems
        ? (...args: unknown[]) => (args.length ? invoke(transport, declaration, args) : queryBuilder(transport, declaration))
        : (...args: unknown[]) => invoke(transport, declaration, args);
  }
  return out;
}

/**
 * Creates a storefront client: each module's calls bound to the hosts, headers, fetch and auth.
 * @example
 * const client = createClient({ host: 'https://shop.example', modules: { currentCart }, auth: OAuthStrategy({ clientId }) });
 * const cart = await client.currentCart.getCurrentCart();
 */
export function createClient<M extends Record<string, Record<string, Declaration>>, A extends AuthStrategy | undefined = undefined>(
  options: ClientOptions<M, A>,
): Client<M, A> {
  const auth = options.auth as (AuthStrategy & { [BIND]?: (transport: Transport) => void }) | undefined;
  const transport: Transport = {
    hosts: resolveHosts(options.host, (globalThis as { location?: Location }).location?.origin ?? ''),
    fetch: options.fetch ?? globalFetch,
    headers: { ...options.headers },
    authHeaders: auth && (async () => (await auth.getAuthHeaders()).headers),
  };
  if (!transport.hosts.api) throw new TypeError('createClient: `host` is required outside a browser');
  auth?.[BIND]?.(transport);
  const client: Record<string, unknown> = {
    auth,
    setHeaders: (headers: Record<string, string>) => Object.assign(transport.headers, headers),
    fetchWithAuth: async (url: string | URL, init: RequestInit = {}) => {
      const headers = { ...Object.fromEntries(new Headers(init.headers)), ...transport.headers, ...(await transport.authHeaders?.()) };
      return transport.fetch(String(url), { ...init, headers });
    },
    // Loaded on first use: most storefront pages never send a GraphQL query.
    graphql: async (query: string, variables?: Record<string, unknown>, opts?: { apiVersion?: string }) =>
      (await import('./on-demand.js')).graphql(transport, query, variables, opts),
  };
  for (const [name, mod] of Object.entries(options.modules ?? {})) client[name] = bind(transport, mod);
  return client as Client<M, A>;
}
