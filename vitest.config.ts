import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sdk = fileURLToPath(new URL('./packages/sdk/src/', import.meta.url));
const react = fileURLToPath(new URL('./packages/react/src/', import.meta.url));
const richText = fileURLToPath(new URL('./packages/rich-text/src/', import.meta.url));

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
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/test/**/*.test.{ts,tsx}',
      'apps/*/app/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    globalSetup: [
      'packages/rich-text/test/global-setup.ts',
      'packages/server/test/global-setup.ts',
      'apps/storefront/test/global-setup.ts',
      'apps/console/test/global-setup.ts',
    ],
    // Server tests start servers and databases; a slow machine must not fail them on time alone.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
