import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sdk = fileURLToPath(new URL('./packages/sdk/src/', import.meta.url));

export default defineConfig({
  // Workspace packages are tested from source: `npm test` needs no build first.
  resolve: {
    alias: [
      { find: /^@vitrine\/sdk$/, replacement: `${sdk}index.ts` },
      { find: /^@vitrine\/sdk\/(.+)$/, replacement: `${sdk}$1.ts` },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    // Server tests start servers and databases; a slow machine must not fail them on time alone.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
