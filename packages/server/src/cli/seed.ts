import { DEMO_PRODUCTS } from '../seed/demo-catalog.js';
import { generateCatalog } from '../seed/generate.js';
import { demoSeedDeps, seedDemoCatalog } from '../seed/seed-demo.js';
import { type CliCommand, type Invocation, UsageError } from './command.js';
import { seedDemoClient } from './demo-client.js';
import { databaseFlags } from './open-database.js';
import { progressBar } from './progress.js';
import { usingServices } from './using-services.js';

/** Most products one `--generate` run makes. */
const MAX_GENERATE = 10_000_000;
const DEFAULT_COLLECTIONS = 10;

/** `--generate N` and `--collections M` as numbers. @throws UsageError for anything but whole numbers in range */
function generateCounts(invocation: Invocation): { count: number; collections: number } | undefined {
  const products = invocation.string('generate');
  const collections = invocation.string('collections');
  if (products === undefined) {
    if (collections !== undefined) throw new UsageError('--collections goes with --generate');
    return undefined;
  }
  if (!/^\d+$/.test(products) || Number(products) < 1 || Number(products) > MAX_GENERATE) {
    throw new UsageError(`--generate must be a whole number from 1 to ${MAX_GENERATE}`);
  }
  if (collections !== undefined && (!/^\d+$/.test(collections) || Number(collections) > 10_000))
    throw new UsageError('--collections must be a whole number from 0 to 10000');
  return { count: Number(products), collections: collections === undefined ? DEFAULT_COLLECTIONS : Number(collections) };
}

/** `vitrine seed`: the demo shop (its OAuth client, `--demo` its catalogue) and synthetic scale data (`--generate`). */
export const seed: CliCommand = {
  name: 'seed',
  summary: 'Register the demo shop, seed its catalogue (--demo) or generate scale data (--generate N)',
  flags: {
    ...databaseFlags,
    'public-url': { type: 'string', value: '<url>', description: 'The URL the shop is reached at', setting: 'VITRINE_PUBLIC_URL' },
    demo: { type: 'boolean', description: 'Seed the demo catalogue: 60 products in 8 collections, with pictures' },
    generate: { type: 'string', value: '<n>', description: 'Generate n synthetic products for scale tests (no events)' },
    collections: {
      type: 'string',
      value: '<m>',
      description: `With --generate: spread them over m new collections (default ${DEFAULT_COLLECTIONS})`,
    },
  },
  notes: [
    'The demo OAuth client "demo" is registered (or refreshed) every time.',
    '',
    '--demo writes through the catalogue service, so webhooks get the events. It is idempotent:',
    'collections and products whose slug exists are left as they are. Pictures are drawn locally',
    '(800x800 PNG, no network), stored in MEDIA_DIR and addressed under the public URL, so seed with',
    'the URL the server will be reached at.',
    '',
    '--generate N adds N more products on every run (variants, prices, discounts, stock, collections),',
    'in transactions of 1000 that bypass the per-product service for speed. Derived prices and stock',
    'follow the same rules, but NO events are published for generated products: webhooks are not told.',
    'Running servers drop their cached catalogue answers after each batch; the tables are analyzed at the end.',
    '',
    'Examples:',
    '  vitrine seed --demo',
    '  vitrine seed --generate 100000 --collections 50',
  ],
  async run(invocation) {
    const counts = generateCounts(invocation);
    const { io } = invocation;
    await usingServices(invocation, async (services, config) => {
      const client = await seedDemoClient(services.clients, config);
      io.out(`OAuth client '${client.id}' (${client.name}) registered`);
      io.out(`  redirect URIs:   ${client.redirectUris.join(', ')}`);
      io.out(`  allowed origins: ${client.allowedOrigins.join(', ')}`);
      if (invocation.flag('demo')) {
        const bar = progressBar(io, 'seeding the demo shop', DEMO_PRODUCTS.length);
        const result = await seedDemoCatalog(demoSeedDeps(services), { onProgress: (done) => bar.update(done) });
        bar.finish();
        io.out(
          `Demo catalogue: ${result.productsCreated} products and ${result.collectionsCreated} collections created` +
            `${result.productsSkipped ? ` (${result.productsSkipped} products already there, left as they are)` : ''}, ${result.images} pictures drawn`,
        );
      }
      if (counts) {
        const started = Date.now();
        const bar = progressBar(io, 'generating products', counts.count);
        const result = await generateCatalog(services.database.db, {
          ...counts,
          currency: config.catalog.currency,
          onProgress: (done) => bar.update(done),
        });
        bar.finish();
        const elapsed = Date.now() - started;
        io.out(
          `Generated ${result.products} products (${result.variants} variants) in ${result.collections} collections in ${(elapsed / 1000).toFixed(1)} s` +
            ` (${Math.round((result.products * 1000) / Math.max(elapsed, 1))} products/s); slugs end in -${result.tag}-<n>`,
        );
      }
      if (!invocation.flag('demo') && !counts)
        io.out('No catalogue seeded: add --demo for the demo catalogue or --generate <n> for scale data.');
    });
    return 0;
  },
};
