import type { Config } from '../config.js';
import type { ClientRegistry, OAuthClient } from '../domains/oauth/clients.js';

/**
 * The OAuth client of the storefront the server mounts (its default VITRINE_CLIENT_ID), of the demo
 * shop, and of local storefront development. Its id stays `demo` for the shops whose visitors hold its tokens.
 */
export const DEMO_CLIENT_ID = 'demo';

/** The storefront's pages the server sends shoppers back to (sign-in callbacks, the hosted checkout's callbacks). */
const STOREFRONT_RETURN_PATHS = ['/', '/me/callback', '/me/login', '/thank-you', '/cart'];

/** Any port on loopback: a storefront in development (Vite, a local app) may run anywhere there. */
const LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * The demo client's registration: the server's own storefront pages under the public URL that the
 * server sends shoppers back to (the PKCE callback, the sign-in page a password-reset link returns
 * to, and the hosted checkout's way back: the thank-you page and the cart; the storefront's account
 * pages live under `/me`: `/account` is the server's hosted pages), plus
 * loopback on any port outside production (never in production: any local program could then receive codes).
 */
export function demoClient(config: Pick<Config, 'publicUrl' | 'production'>): OAuthClient {
  const dev = config.production ? [] : LOOPBACK;
  const pages = STOREFRONT_RETURN_PATHS.map((path) => `${config.publicUrl}${path}`);
  return {
    id: DEMO_CLIENT_ID,
    name: 'Vitrine demo shop',
    redirectUris: [...pages, ...dev],
    allowedOrigins: [new URL(config.publicUrl).origin, ...dev],
  };
}

/** Registers (or refreshes) the demo client; idempotent. */
export async function seedDemoClient(
  clients: Pick<ClientRegistry, 'save'>,
  config: Pick<Config, 'publicUrl' | 'production'>,
): Promise<OAuthClient> {
  const client = demoClient(config);
  await clients.save(client);
  return client;
}
