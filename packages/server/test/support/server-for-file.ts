/**
 * The one test server a whole test file shares: started in the file's `beforeAll`, closed in its
 * `afterAll`. Call it at the top of the file, where `let server` and its two hooks stood in each file.
 */
import { afterAll, beforeAll } from 'vitest';
import { usShipping } from './checkout-fixtures.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';

/**
 * Registers the hooks and answers the server as a `TestServer` whose fields read the started one,
 * so the file passes it to helpers and reads `server.url` as before. Hooks the file registers after
 * this call see the server started; reading it before the file's `beforeAll` ran throws.
 */
export function testServerForFile(env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  return serverForFile(() => startTestServer(env, options));
}

/** The same, with shipping to the US (`usShipping`) set up before the file's tests: what checkout tests need. */
export function usShippingServerForFile(env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  return serverForFile(async () => {
    const server = await startTestServer(env, options);
    await usShipping(server);
    return server;
  });
}

function serverForFile(start: () => Promise<TestServer>): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  const started = (): TestServer => {
    if (server === undefined) throw new Error("serverForFile: the server is read before the file's beforeAll ran");
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get app() {
      return started().app;
    },
    get services() {
      return started().services;
    },
    get database() {
      return started().database;
    },
    get apiKey() {
      return started().apiKey;
    },
    close: () => started().close(),
  };
}
