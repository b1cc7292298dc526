/**
 * The console's Vitrine client: the console's own OAuth client (`vitrine-console`, whose sign-in
 * answers merchant tokens, for merchants only), its session at the server's token-mediating endpoint
 * (`console-session.ts`: the refresh token in an HttpOnly cookie, the access token in memory only),
 * the storefront modules `<VitrineProvider>` drives plus `orders` (the merchant's order tools) and
 * `media` (uploads), `inventory` (stock history), `coupons`, `taxes`, `shipping`, `memberships`, `webhooks`, `apiKeys`, `mails`, `shopSettings`, `merchants` (staff), `customers`, `dashboard` and `catalogueTransfer` (the catalogue's import and export); `products` carries the catalogue writes.
 */
import type { VitrineClient, VitrineModules } from '@vitrine/react';
import { type Client, createClient, OAuthStrategy, type OAuthStrategyInstance, type TokenSource } from '@vitrine/sdk';
import { apiKeys, catalogueTransfer, customers, dashboard, mails, merchants, shopSettings, webhooks } from '@vitrine/sdk/admin';
import { coupons, currentCart, memberships, orders, shipping, taxes } from '@vitrine/sdk/ecom';
import { verification } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, inventory, media, products } from '@vitrine/sdk/stores';
import { consoleSession, onSignOutElsewhere } from './console-session.js';
import { memoryTokenStorage } from './memory-tokens.js';
import { sessionEnded } from './session-end.js';

/** The console's OAuth client, registered by the server on every start. */
const CONSOLE_CLIENT_ID = 'vitrine-console';

type ConsoleModules = VitrineModules & {
  orders: typeof orders;
  media: typeof media;
  inventory: typeof inventory;
  coupons: typeof coupons;
  taxes: typeof taxes;
  shipping: typeof shipping;
  memberships: typeof memberships;
  webhooks: typeof webhooks;
  apiKeys: typeof apiKeys;
  mails: typeof mails;
  shopSettings: typeof shopSettings;
  merchants: typeof merchants;
  customers: typeof customers;
  dashboard: typeof dashboard;
  catalogueTransfer: typeof catalogueTransfer;
};
export type ConsoleClient = Client<ConsoleModules, OAuthStrategyInstance>;

/** The server: the page's own origin (served at `/console`), or VITRINE_API_URL for the dev server. */
const apiUrl = (import.meta.env.VITRINE_API_URL as string | undefined) || window.location.origin;

export const tokenStorage = memoryTokenStorage();
/** Forgets this tab's tokens: the console shows the sign-in. */
const forgetTokens = () => tokenStorage.setTokens({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
// The session those tokens came from has ended: this tab forgets them and shows the sign-in.
onSignOutElsewhere(forgetTokens);

/** The session ended without the merchant signing out (a call answered 401): keep the open forms, then show the sign-in. */
export const endSession = () => sessionEnded(forgetTokens);

/**
 * The session endpoint as the strategy's token source; a renewal that finds no session while the tab
 * held a merchant's tokens is a session that ended.
 */
const sessionSource: TokenSource = {
  ...consoleSession,
  async renew() {
    const tokens = await consoleSession.renew();
    if (!tokens && tokenStorage.getTokens()?.refreshToken.role === 'member') endSession();
    return tokens;
  },
};

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
    inventory,
    coupons,
    taxes,
    shipping,
    memberships,
    webhooks,
    apiKeys,
    mails,
    shopSettings,
    merchants,
    customers,
    dashboard,
    catalogueTransfer,
  },
  auth: OAuthStrategy({ clientId: CONSOLE_CLIENT_ID, tokenStorage, tokenSource: sessionSource }),
});

/** The merchant calls of the provider's client (`useVitrine().client` is typed as a storefront's). */
export function merchantApi(client: VitrineClient): ConsoleClient {
  if (!('orders' in client)) throw new TypeError('merchantApi: the client was not made by console-client.ts');
  return client as ConsoleClient;
}

/**
 * Resumes the merchant's session on load (a reload, a new tab) from the session cookie; without one
 * the console shows the sign-in. An outage here shows the sign-in too, whose button then reports it.
 * The sign-in's callback page starts a new session instead.
 */
export async function resumeSession(): Promise<void> {
  if (window.location.pathname.startsWith('/console/callback')) return;
  const tokens = await consoleSession.renew().catch(() => null);
  if (tokens) tokenStorage.setTokens(tokens);
}

/** The callback page the hosted login returns to (registered for the console's client). */
export const callbackUrl = () => `${window.location.origin}/console/callback`;
