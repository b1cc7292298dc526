import type { Config } from '../config.js';
import type { ClientRegistry, OAuthClient } from '../domains/oauth/clients.js';

/** The OAuth client of the merchant console (`/console`): merchant tokens, for merchants only. */
export const CONSOLE_CLIENT_ID = 'vitrine-console';

/** Any port on loopback: the console in development (Vite) outside production. */
const LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * The console's registration: its PKCE callback and its home (where sign-out returns) under the
 * public URL, where `npm start` serves it, plus loopback outside production for its dev server.
 */
function consoleClient(config: Pick<Config, 'publicUrl' | 'production'>): OAuthClient {
  const dev = config.production ? [] : LOOPBACK;
  return {
    id: CONSOLE_CLIENT_ID,
    name: 'Vitrine console',
    redirectUris: [`${config.publicUrl}/console/callback`, `${config.publicUrl}/console/`, ...dev],
    allowedOrigins: [new URL(config.publicUrl).origin, ...dev],
    audience: 'merchant',
  };
}

/** Registers (or refreshes) the console's client; every server start does, so it follows the public URL. */
export async function registerConsoleClient(
  clients: Pick<ClientRegistry, 'save'>,
  config: Pick<Config, 'publicUrl' | 'production'>,
): Promise<OAuthClient> {
  const client = consoleClient(config);
  await clients.save(client);
  return client;
}
