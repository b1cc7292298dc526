/** A test server keeping uploads in a folder of its own, and a merchant client with the media calls. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyStrategy, type Client, createClient } from '@vitrine/sdk';
import { media, products } from '@vitrine/sdk/stores';
import { startTestServer, type TestServer } from './test-server.js';

const MEDIA_MODULES: { products: typeof products; media: typeof media } = { products, media };
/** A merchant's SDK client with the `products` and `media` modules. */
export type MerchantMediaClient = Client<typeof MEDIA_MODULES, ReturnType<typeof ApiKeyStrategy>>;

export interface MediaTestServer {
  server: TestServer;
  /** where this server keeps its uploads (removed by `close`) */
  mediaDir: string;
  /** a client with the API key and the `products` and `media` modules */
  merchant(): MerchantMediaClient;
  close(): Promise<void>;
}

function merchantMediaClient(server: TestServer): MerchantMediaClient {
  return createClient({ host: server.url, modules: MEDIA_MODULES, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
}

export async function startMediaServer(): Promise<MediaTestServer> {
  const mediaDir = await mkdtemp(join(tmpdir(), 'vitrine-media-'));
  const server = await startTestServer({ MEDIA_DIR: mediaDir });
  return {
    server,
    mediaDir,
    merchant: () => merchantMediaClient(server),
    async close() {
      await server.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
