import { type CliCommand, CliFailure, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** `vitrine keys api create`: a merchant API key, shown once. */
export const keysApiCreate: CliCommand = {
  name: 'keys api create',
  summary: 'Create a merchant API key (its secret is printed once)',
  flags: {
    name: { type: 'string', value: '<name>', required: true, description: 'What the key is for (e.g. "catalogue import")' },
    ...databaseFlags,
  },
  notes: ['Send it as `Authorization: <key>`, or give it to the SDK: ApiKeyStrategy({ apiKey }).'],
  async run(invocation) {
    const name = (invocation.string('name') ?? '').trim();
    if (!name || name.length > 200) throw new UsageError('--name must be 1 to 200 characters');
    const { id, key } = await usingServices(invocation, ({ apiKeys }) => apiKeys.create(name));
    invocation.io.out(`API key ${id} (${name}):`);
    invocation.io.out(`  ${key}`);
    invocation.io.err('Store it now: the key is not shown again (only its hash is kept).');
    return 0;
  },
};

/** `vitrine keys api list`. */
export const keysApiList: CliCommand = {
  name: 'keys api list',
  summary: 'List merchant API keys (ids and names; secrets are never stored)',
  flags: { ...databaseFlags },
  async run(invocation) {
    const keys = await usingServices(invocation, ({ apiKeys }) => apiKeys.list());
    if (keys.length === 0) invocation.io.out("no API keys ('vitrine keys api create --name X' makes one)");
    for (const key of keys) {
      const status = key.revokedDate ? `revoked ${key.revokedDate}` : 'active';
      invocation.io.out(`${key.id}  ${key.name}  created ${key.createdDate}  ${status}`);
    }
    return 0;
  },
};

/** `vitrine keys api revoke <id>`. */
export const keysApiRevoke: CliCommand = {
  name: 'keys api revoke',
  summary: 'Revoke a merchant API key; calls with it fail from then on',
  positionals: [{ name: 'id', description: "The key's id, as 'vitrine keys api list' shows it" }],
  flags: { ...databaseFlags },
  async run(invocation) {
    const id = invocation.positionals[0];
    const revoked = await usingServices(invocation, ({ apiKeys }) => apiKeys.revoke(id));
    if (!revoked) throw new CliFailure(`no active API key '${id}'`);
    invocation.io.out(`API key ${id} revoked`);
    return 0;
  },
};
