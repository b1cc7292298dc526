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
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  return client.redirectUris.some((r) => {
    if (r === uri) return true;
    const loopback = /^http:\/\/(localhost|127\.0\.0\.1):\*$/.exec(r);
    return !!loopback && u.protocol === 'http:' && u.hostname === loopback[1] && !u.hash;
  });
}

/** Whether a browser origin may call with this client's tokens (CORS, web_message target). */
export function isAllowedOrigin(client: OAuthClient, origin: string): boolean {
  return client.allowedOrigins.some((o) => {
    if (o === origin) return true;
    const loopback = /^http:\/\/(localhost|127\.0\.0\.1):\*$/.exec(o);
    if (!loopback) return false;
    try {
      const u = new URL(origin);
      return u.protocol === 'http:' && u.hostname === loopback[1] && u.origin === origin;
    } catch {
      return false;
    }
  });
}

export class ClientRegistry {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: string): Promise<OAuthClient | undefined> {
    const r = await findClient(this.db, id);
    return r && toClient(r);
  }

  async list(): Promise<OAuthClient[]> {
    return (await listClients(this.db)).map(toClient);
  }

  /** Registers (or updates) a public client. */
  async save(c: OAuthClient): Promise<void> {
    await upsertClient(this.db, {
      id: c.id,
      name: c.name,
      redirect_uris: c.redirectUris,
      allowed_origins: c.allowedOrigins,
      refresh_policy: c.refreshPolicy ?? 'rotate',
      audience: c.audience ?? 'shopper',
    });
  }

  /** Whether any client allows `origin` (CORS preflights carry no client id). */
  async anyAllowsOrigin(origin: string): Promise<boolean> {
    const all = await listAllowedOrigins(this.db);
    return isAllowedOrigin({ id: '', name: '', redirectUris: [], allowedOrigins: all }, origin);
  }
}

function toClient(r: Row<'oauth_clients'>): OAuthClient {
  return {
    id: r.id,
    name: r.name,
    redirectUris: r.redirect_uris,
    allowedOrigins: r.allowed_origins,
    refreshPolicy: r.refresh_policy,
    audience: r.audience,
  };
}
