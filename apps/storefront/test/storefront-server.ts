/**
 * The real server with the built storefront mounted at `/` and the demo shop seeded (catalogue and
 * the `demo` OAuth client the storefront's server-side reads use). Always `close()` it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoClient } from '../../../packages/server/src/cli/demo-client.js';
import { demoSeedDeps, seedDemoCatalog } from '../../../packages/server/src/seed/seed-demo.js';
import { startTestServer, type TestServer } from '../../../packages/server/test/support/test-server.js';

/** The storefront build the global setup keeps current. */
export const STOREFRONT_BUILD = fileURLToPath(new URL('../build', import.meta.url));

/** `env` adds settings (e.g. `VITRINE_CONSOLE_DIR` to mount the console as well). */
export async function startStorefrontServer(env: Record<string, string> = {}): Promise<TestServer> {
  const mediaDir = await mkdtemp(join(tmpdir(), 'vitrine-storefront-media-'));
  const server = await startTestServer({ MEDIA_DIR: mediaDir, VITRINE_STOREFRONT_DIR: STOREFRONT_BUILD, ...env });
  await seedDemoClient(server.services.clients, server.services.config);
  await seedDemoCatalog(demoSeedDeps(server.services));
  return {
    ...server,
    async close() {
      await server.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
