/**
 * The console's Vitrine client: the console's own OAuth client (`vitrine-console`, whose sign-in
 * answers merchant tokens, for merchants only), tokens in localStorage shared by the console's tabs,
 * the storefront modules `<VitrineProvider>` drives plus `orders` (the merchant's order tools) and
 * `media` (uploads), `coupons`, `taxes`, `shipping`, `memberships`, `webhooks` and `apiKeys`; `products` carries the catalogue writes.
 */
import { localStorageTokenStorage, type VitrineClient, type VitrineModules } from '@vitrine/react';
import { type Client, createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { apiKeys, webhooks } from '@vitrine/sdk/admin';
import { coupons, currentCart, memberships, orders, shipping, taxes } from '@vitrine/sdk/ecom';
import { verification } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, media, products } from '@vitrine/sdk/stores';

/** The console's OAuth client, registered by the server on every start. */
export const CONSOLE_CLIENT_ID = 'vitrine-console';

export type ConsoleModules = VitrineModules & {
  orders: typeof orders;
  media: typeof media;
  coupons: typeof coupons;
  taxes: typeof taxes;
  shipping: typeof shipping;
  memberships: typeof memberships;
  webhooks: typeof webhooks;
  apiKeys: typeof apiKeys;
};
export type ConsoleClient = Client<ConsoleModules, OAuthStrategyInstance>;

/** The server: the page's own origin (served at `/console`), or VITRINE_API_URL for the dev server. */
const apiUrl = (import.meta.env.VITRINE_API_URL as string | undefined) || window.location.origin;

export const tokenStorage = localStorageTokenStorage(`vitrine.console.tokens.${CONSOLE_CLIENT_ID}`);

export const consoleClient: ConsoleClient = createClient({
  host: apiUrl,
  modules: {
    currentCart,
    products,
    collections,
    redirects,
    verification,
    orders,
    media,
    coupons,
    taxes,
    shipping,
    memberships,
    webhooks,
    apiKeys,
  },
  auth: OAuthStrategy({ clientId: CONSOLE_CLIENT_ID, tokenStorage }),
});

/** The merchant calls of the provider's client (`useVitrine().client` is typed as a storefront's). */
export function merchantApi(client: VitrineClient): ConsoleClient {
  if (!('orders' in client)) throw new TypeError('merchantApi: the client was not made by console-client.ts');
  return client as ConsoleClient;
}

/** The callback page the hosted login returns to (registered for the console's client). */
export const callbackUrl = () => `${window.location.origin}/console/callback`;
