import { KID_FORMAT } from '../domains/oauth/keys.js';
import { type CliCommand, CliFailure, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** `vitrine keys rotate`: a new token signing key. */
export const keysRotate: CliCommand = {
  name: 'keys rotate',
  summary: 'Create a new token signing key; the previous one stops signing and keeps verifying for a day',
  flags: { ...databaseFlags },
  async run(invocation) {
    const kid = await usingServices(invocation, (services) => services.keys.rotate());
    invocation.io.out(`new signing key ${kid}`);
    return 0;
  },
};

/** `vitrine keys revoke KID`: a key that verifies nothing from now on (a leaked key), in every process. */
export const keysRevoke: CliCommand = {
  name: 'keys revoke',
  summary: 'Revoke a token signing key: tokens it signed stop verifying at once (revoking the signing key makes a new one)',
  positionals: [
    {
      name: 'kid',
      description: "The key's kid, as 'vitrine keys list' shows it; one starting with '-' goes after '--' (keys revoke -- -Ab…)",
    },
  ],
  flags: { ...databaseFlags },
  async run(invocation) {
    const kid = invocation.positionals[0] as string;
    if (!KID_FORMAT.test(kid))
      throw new UsageError(`'${kid}' is not a key id: 43 letters, digits, '-' or '_', as 'vitrine keys list' shows them`);
    const { revoked, signingKid } = await usingServices(invocation, (services) => services.keys.revoke(kid));
    if (!revoked)
      throw new CliFailure(`no signing key '${kid}' to revoke (unknown, or revoked already): 'vitrine keys list' shows the keys`);
    invocation.io.out(`revoked ${kid}; signing key ${signingKid}`);
    return 0;
  },
};

/** `vitrine keys list`: the signing keys that verify tokens now. */
export const keysList: CliCommand = {
  name: 'keys list',
  summary: 'List the token signing keys (the active one and those retired within a day)',
  flags: { ...databaseFlags },
  async run(invocation) {
    // The services make the first key of an empty database, as the server does at its first start.
    const rows = await usingServices(invocation, (services) => services.keys.list());
    let activeSeen = false;
    for (const row of rows) {
      // Newest first; the newest unretired key is the one that signs.
      const status = row.retired_at ? `retired ${row.retired_at.toISOString()}` : activeSeen ? 'unretired, not signing' : 'active';
      if (!row.retired_at) activeSeen = true;
      invocation.io.out(`${row.kid}  created ${row.created_at.toISOString()}  ${status}`);
    }
    return 0;
  },
};
