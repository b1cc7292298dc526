import { SigningKeys } from '../domains/oauth/keys.js';
import { listSigningKeys } from '../domains/oauth/store.js';
import type { CliCommand } from './command.js';
import { databaseFlags, usingDatabase } from './open-database.js';

/** `vitrine keys rotate`: a new token signing key. */
export const keysRotate: CliCommand = {
  name: 'keys rotate',
  summary: 'Create a new token signing key; the previous one stops signing and keeps verifying for a day',
  flags: { ...databaseFlags },
  async run(inv) {
    const kid = await usingDatabase(inv, (database, config) => new SigningKeys(database.db, config.publicUrl).rotate());
    inv.io.out(`new signing key ${kid}`);
    return 0;
  },
};

/** `vitrine keys list`: the signing keys that verify tokens now. */
export const keysList: CliCommand = {
  name: 'keys list',
  summary: 'List the token signing keys (the active one and those retired within a day)',
  flags: { ...databaseFlags },
  async run(inv) {
    // Listing only: the store's query is the same one the JWKS document is built from.
    const rows = await usingDatabase(inv, (database) => listSigningKeys(database.db, new Date(Date.now() - 24 * 3600 * 1000)));
    if (rows.length === 0) inv.io.out("no signing keys yet (the server makes one at first start; or 'vitrine keys rotate')");
    let activeSeen = false;
    for (const r of rows) {
      // Newest first; the newest unretired key is the one that signs.
      const status = r.retired_at ? `retired ${r.retired_at.toISOString()}` : activeSeen ? 'unretired, not signing' : 'active';
      if (!r.retired_at) activeSeen = true;
      inv.io.out(`${r.kid}  created ${r.created_at.toISOString()}  ${status}`);
    }
    return 0;
  },
};
