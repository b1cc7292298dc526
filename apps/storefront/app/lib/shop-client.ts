/**
 * The shopper's own Vitrine client, in the browser: visitor or member tokens in localStorage (shared
 * by the tabs), the cart, redirects, member verification, and the shopper's own orders and password
 * (the account pages). One per page load. On the server each render gets a throwaway one with no
 * storage (queries do not run during SSR; nothing may leak between two shoppers' requests).
 */
import { localStorageTokenStorage, type SubscribableTokenStorage, type VitrineClient, type VitrineModules } from '@vitrine/react';
import { type Client, createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { currentCart, orders } from '@vitrine/sdk/ecom';
import { changePassword, verification } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, products } from '@vitrine/sdk/stores';

/** Where the browser's calls go and as which OAuth client (from the root loader). */
export interface ShopClientSettings {
  apiUrl: string;
  clientId: string;
}

/** The member's own account calls beyond the provider's modules. */
const account = { changePassword };

/** The provider's modules plus `orders` and `account` (typed by name, as `VitrineModules` is). */
export type ShopModules = VitrineModules & { orders: typeof orders; account: typeof account };

/** The storefront's client: a `VitrineClient` for the provider that also reads the shopper's orders. */
export type ShopVitrineClient = Client<ShopModules, OAuthStrategyInstance>;

export interface ShopClient {
  client: ShopVitrineClient;
  tokenStorage: SubscribableTokenStorage;
}

function newShopClient({ apiUrl, clientId }: ShopClientSettings): ShopClient {
  const tokenStorage = localStorageTokenStorage(`vitrine.tokens.${clientId}`);
  const client = createClient({
    host: apiUrl,
    modules: { currentCart, products, collections, redirects, verification, orders, account },
    auth: OAuthStrategy({ clientId, tokenStorage }),
  });
  return { client, tokenStorage };
}

let browserClient: ShopClient | undefined;

/** The page's client in the browser (made once); a fresh one per call on the server. */
export function shopClient(settings: ShopClientSettings): ShopClient {
  if (typeof window === 'undefined') return newShopClient(settings);
  browserClient ??= newShopClient(settings);
  return browserClient;
}

const isShopClient = (client: VitrineClient): client is ShopVitrineClient => 'orders' in client && 'account' in client;

/**
 * The orders module of the provider's client (`useVitrine().client`, typed as a plain `VitrineClient`).
 * @throws TypeError when the client was not made by `shopClient` (it has no `orders` module)
 */
export function shopOrders(client: VitrineClient): ShopVitrineClient['orders'] {
  if (!isShopClient(client)) throw new TypeError('shopOrders: the client has no `orders` module (make it with `shopClient`)');
  return client.orders;
}

/**
 * The member's own account calls (password change) of the provider's client.
 * @throws TypeError when the client was not made by `shopClient`
 */
export function shopAccount(client: VitrineClient): ShopVitrineClient['account'] {
  if (!isShopClient(client)) throw new TypeError('shopAccount: the client has no `account` module (make it with `shopClient`)');
  return client.account;
}
