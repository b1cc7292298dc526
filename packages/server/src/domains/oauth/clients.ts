import type { Kysely } from 'kysely';
import type { Database, Row } from '../../platform/db/schema.js';
import { findClient, listAllowedOrigins, listClients, upsertClient } from './store.js';

/** A registered OAuth client as services see it. */
export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  allowedOrigins: string[];
  /**
   * 'rotate' (default): a new refresh token on every use, reuse revokes the family. 'reuse': the
   * token stays valid until it expires (for storefronts on the reference client, which never
   * stores a rotated token).
   */
  refreshPolicy?: 'rotate' | 'reuse';
  /**
   * 'shopper' (default): visitor and member tokens (a storefront). 'merchant': merchant tokens, and
   * only for identities with the merchant role (the console); no external login. Its visitor tokens
   * (anonymous grant) serve the SDK's sign-in only: the console's visitor is nobody's shopper.
   */
  audience?: 'shopper' | 'merchant';
}

/**
 * Whether `uri` is registered for the client: exact match, or a loopback pattern
 * (`http://localhost:*`, `http://127.0.0.1:*`) that allows any port and path (development clients).
 */
export function isRegisteredUri(client: OAuthClient, uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return client.redirectUris.some((registered) => {
    if (registered === uri) return true;
    const loopback = /^http:\/\/(localhost|127\.0\.0\.1):\*$/.exec(registered);
    return !!loopback && url.protocol === 'http:' && url.hostname === loopback[1] && !url.hash;
  });
}

/** Whether a browser origin may call with this client's tokens (CORS, web_message target). */
export function isAllowedOrigin(client: OAuthClient, origin: string): boolean {
  return client.allowedOrigins.some((allowed) => {
    if (allowed === origin) return true;
    const loopback = /^http:\/\/(localhost|127\.0\.0\.1):\*$/.exec(allowed);
    if (!loopback) return false;
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && url.hostname === loopback[1] && url.origin === origin;
    } catch {
      return false;
    }
  });
}

export class ClientRegistry {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: string): Promise<OAuthClient | undefined> {
    const row = await findClient(this.db, id);
    return row && toClient(row);
  }

  async list(): Promise<OAuthClient[]> {
    return (await listClients(this.db)).map(toClient);
  }

  /** Registers (or updates) a public client. */
  async save(client: OAuthClient): Promise<void> {
    await upsertClient(this.db, {
      id: client.id,
      name: client.name,
      redirect_uris: client.redirectUris,
      allowed_origins: client.allowedOrigins,
      refresh_policy: client.refreshPolicy ?? 'rotate',
      audience: client.audience ?? 'shopper',
    });
  }

  /** Whether any client allows `origin` (CORS preflights carry no client id). */
  async anyAllowsOrigin(origin: string): Promise<boolean> {
    const all = await listAllowedOrigins(this.db);
    return isAllowedOrigin({ id: '', name: '', redirectUris: [], allowedOrigins: all }, origin);
  }
}

function toClient(row: Row<'oauth_clients'>): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    redirectUris: row.redirect_uris,
    allowedOrigins: row.allowed_origins,
    refreshPolicy: row.refresh_policy,
    audience: row.audience,
  };
}
