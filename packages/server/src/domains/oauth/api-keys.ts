import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { digest, randomToken } from '../../platform/secrets.js';
import { findApiKey, findApiKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from './store.js';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** A key as the merchant sees it: its id, name and dates (never its secret). */
export interface ApiKeyView {
  id: string;
  name: string;
  /** ISO date-time */
  createdDate: string;
  /** ISO date-time once revoked: the key no longer works */
  revokedDate: string | null;
}

const viewOf = (key: { id: string; name: string; created_at: Date; revoked_at: Date | null }): ApiKeyView => ({
  id: key.id,
  name: key.name,
  createdDate: new Date(key.created_at).toISOString(),
  revokedDate: key.revoked_at ? new Date(key.revoked_at).toISOString() : null,
});

/** Merchant API keys: created by `vitrine keys api create` or listed in config; stored hashed. */
export class ApiKeys {
  constructor(private readonly db: Kysely<Database>) {}

  /** An access token is a compact JWS; any other credential is taken for an API key. */
  isApiKey(credential: string): boolean {
    return !JWT_SHAPE.test(credential);
  }

  /** The key's id when it is valid and not revoked. */
  async verify(key: string): Promise<string | null> {
    if (key.length < 24 || key.length > 512) return null;
    return (await findApiKeyByHash(this.db, digest(key)))?.id ?? null;
  }

  /** Creates a key; the secret is returned once and never stored. */
  async create(name: string): Promise<{ id: string; key: string }> {
    const key = randomToken('vmk_');
    const id = `key_${crypto.randomUUID().slice(0, 8)}`;
    await insertApiKey(this.db, { id, name, keyHash: digest(key) });
    return { id, key };
  }

  /** Registers keys given in configuration (idempotent). */
  async registerConfigured(keys: string[]): Promise<void> {
    for (const key of keys) {
      const hash = digest(key);
      await insertApiKey(this.db, { id: `config_${hash.slice(0, 8)}`, name: 'from configuration', keyHash: hash });
    }
  }

  /** Every key, oldest first (never their secrets). */
  async list(): Promise<ApiKeyView[]> {
    return (await listApiKeys(this.db)).map(viewOf);
  }

  /** One key (never its secret), or undefined. */
  async find(id: string): Promise<ApiKeyView | undefined> {
    const row = await findApiKey(this.db, id);
    return row && viewOf(row);
  }

  revoke(id: string): Promise<boolean> {
    return revokeApiKey(this.db, id);
  }
}
