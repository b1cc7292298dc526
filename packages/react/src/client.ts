/** The SDK client the bindings drive: which modules and which auth they expect. */
import type { Client, OAuthStrategyInstance } from '@vitrine/sdk';
import type { currentCart } from '@vitrine/sdk/ecom';
import type { verification } from '@vitrine/sdk/identity';
import type { redirects } from '@vitrine/sdk/redirects';
import type { collections, products } from '@vitrine/sdk/stores';

/**
 * The modules a Vitrine storefront client carries. Typed by name (not inferred from an object) so the
 * published declarations never need the SDK's internal declaration types. A type alias, not an
 * interface: `createClient` takes a record of modules, which only an alias is assignable to.
 */
export type VitrineModules = {
  currentCart: typeof currentCart;
  products: typeof products;
  collections: typeof collections;
  redirects: typeof redirects;
  verification: typeof verification;
};

/**
 * A storefront client for `<VitrineProvider>`: the five modules and the OAuth strategy.
 * @example
 * const client: VitrineClient = createClient({
 *   host, modules: { currentCart, products, collections, redirects, verification },
 *   auth: OAuthStrategy({ clientId, tokenStorage: localStorageTokenStorage() }),
 * });
 */
export type VitrineClient = Client<VitrineModules, OAuthStrategyInstance>;
