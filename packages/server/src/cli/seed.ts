import { ClientRegistry } from '../domains/oauth/clients.js';
import type { CliCommand } from './command.js';
import { seedDemoClient } from './demo-client.js';
import { databaseFlags, usingDatabase } from './open-database.js';

/** `vitrine seed`: the demo shop's data (for now its OAuth client). */
export const seed: CliCommand = {
  name: 'seed',
  summary: 'Register the demo shop (its OAuth client "demo"; idempotent)',
  flags: {
    ...databaseFlags,
    'public-url': { type: 'string', value: '<url>', description: 'The URL the shop is reached at', setting: 'VITRINE_PUBLIC_URL' },
  },
  notes: ['The demo catalogue (products, collections) is not part of the seed yet: it comes with the catalogue.'],
  async run(inv) {
    const client = await usingDatabase(inv, (database, config) => seedDemoClient(new ClientRegistry(database.db), config));
    inv.io.out(`OAuth client '${client.id}' (${client.name}) registered`);
    inv.io.out(`  redirect URIs:   ${client.redirectUris.join(', ')}`);
    inv.io.out(`  allowed origins: ${client.allowedOrigins.join(', ')}`);
    inv.io.out('No demo catalogue yet: products and collections are seeded once the catalogue exists.');
    return 0;
  },
};
