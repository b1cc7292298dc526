import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repo = fileURLToPath(new URL('..', import.meta.url));
const sdk = fileURLToPath(new URL('../packages/sdk/src/', import.meta.url));

// Kept apart from the root config: these tests need `npm install --prefix compat`, which a fresh clone
// has not run, so `npm test` must not find them. The server's test support is reused as is.
export default defineConfig({
  root: repo,
  resolve: {
    // The server's test support imports `@vitrine/sdk` (error classes); tested from source as at the root.
    alias: [
      { find: /^@vitrine\/sdk$/, replacement: `${sdk}index.ts` },
      { find: /^@vitrine\/sdk\/(.+)$/, replacement: `${sdk}$1.ts` },
    ],
  },
  test: {
    include: ['compat/**/*.test.ts'],
    exclude: ['compat/node_modules/**'],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
