import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the production shape on this machine (a PostgreSQL primary and streaming
 * replica, several `vitrine serve` processes, a load balancer), from Debian's packages. Apart from
 * `npm test` because it needs those packages installed (`.ci/run` installs them first).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['packages/server/test/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file starts its own clusters and servers: one at a time keeps a 2-core machine responsive.
    fileParallelism: false,
  },
});
