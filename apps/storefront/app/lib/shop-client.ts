/**
 * The shopper's own Vitrine client, in the browser: visitor or member tokens in localStorage (shared
 * by the tabs), the cart, redirects and member verification. One per page load. On the server each
 * render gets a throwaway one with no storage (queries do not run during SSR; nothing may leak
 * between two shoppers' requests).
 */
import { localStorageTokenStorage, type SubscribableTokenStorage, type VitrineClient } from '@vitrine/react';
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { verification } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, products } from '@vitrine/sdk/stores';

/** Where the browser's calls go and as which OAuth client (from the root loader). */
export interface ShopClientSettings {
  apiUrl: string;
  clientId: string;
}

export interface ShopClient {
  client: VitrineClient;
  tokenStorage: SubscribableTokenStorage;
}

function newShopClient({ apiUrl, clientId }: ShopClientSettings): ShopClient {
  const tokenStorage = localStorageTokenStorage(`vitrine.tokens.${clientId}`);
  const client = createClient({
    host: apiUrl,
    modules: { currentCart, products, collections, redirects, verification },
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
