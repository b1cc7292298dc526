import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sdk = fileURLToPath(new URL('./packages/sdk/src/', import.meta.url));
const react = fileURLToPath(new URL('./packages/react/src/', import.meta.url));
const richText = fileURLToPath(new URL('./packages/rich-text/src/', import.meta.url));

/** The migrated database template every test that starts a server copies. */
const databaseTemplate = 'packages/server/test/global-setup.ts';
/** Builds the rich-text package when older than its source: the server and the storefront's build import it built. */
const richTextBuild = 'packages/rich-text/test/global-setup.ts';
/** The template plus builds of what the server runs and mounts (made when older than their sources). */
const serverWithApps = [richTextBuild, databaseTemplate, 'apps/storefront/test/global-setup.ts', 'apps/console/test/global-setup.ts'];
/**
 * For the projects whose every file imports the whole server: a worker loads its modules once and runs
 * file after file with them, instead of a fresh module graph per file (about 2.4 s of import each). Safe
 * because each file starts its own servers and databases and closes them, and these tests' support has
 * no module-level hooks, `vi.mock`, stubbed globals or environment. One state does outlive a file: the
 * mounted storefront's bundle keeps a catalogue client per API address, so a later server on a reused port
 * would meet a token its database never issued (unlikely; the SDK renewing a refused token, still to be
 * done, would remove it). The SDK and React projects keep the default isolation: their files stub
 * globals and the DOM, and React's test support registers its cleanup at module level.
 */
const sharedModules = { isolate: false };

/**
 * One project per package or app, each with only the global setup its tests need, so that running a
 * subset (`npx vitest run packages/sdk`) does not build and start what it does not use.
 */
export default defineConfig({
  // Workspace packages are tested from source: `npm test` needs no build first.
  resolve: {
    alias: [
      { find: /^@vitrine\/sdk$/, replacement: `${sdk}index.ts` },
      { find: /^@vitrine\/sdk\/(.+)$/, replacement: `${sdk}$1.ts` },
      { find: /^@vitrine\/react$/, replacement: `${react}index.ts` },
      { find: /^@vitrine\/rich-text$/, replacement: `${richText}index.ts` },
    ],
  },
  test: {
    environment: 'node',
    // Server tests start servers and databases; a slow machine must not fail them on time alone.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One test file at a time per core. Vitest's default in a run is one fewer (a single worker on a 2-core
    // machine), but much of this suite waits on other processes (Chromium, `vitrine` commands, PostgreSQL),
    // so a second worker runs a file while the first waits.
    maxWorkers: '100%',
    projects: [
      { extends: true, test: { name: 'sdk', include: ['packages/sdk/{src,test}/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'rich-text', include: ['packages/rich-text/{src,test}/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: { name: 'react', include: ['packages/react/{src,test}/**/*.test.{ts,tsx}'], globalSetup: [databaseTemplate] },
      },
      // The server mounts both apps (its mount tests and hosted-page journeys), and each app's journeys visit the other.
      // The cluster tests (PostgreSQL primary and replica, a load balancer) run apart: `npm run test:cluster`.
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/{src,test}/**/*.test.{ts,tsx}'],
          exclude: ['packages/server/test/cluster/**'],
          globalSetup: serverWithApps,
          ...sharedModules,
        },
      },
      {
        extends: true,
        test: {
          name: 'storefront',
          include: ['apps/storefront/{app,src,test}/**/*.test.{ts,tsx}'],
          globalSetup: serverWithApps,
          ...sharedModules,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['apps/console/{app,src,test}/**/*.test.{ts,tsx}'],
          globalSetup: serverWithApps,
          ...sharedModules,
        },
      },
    ],
  },
});
