import { ApiKeyStrategy, type AuthStrategy, type Client, createClient, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

/** A client of the products module. */
export type ProductsClient = Client<{ products: typeof products }, AuthStrategy>;

/** The SDK with the products module, acting as the merchant (the test server's API key). */
function merchantClientOf(server: TestServer): ProductsClient {
  return createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
}

export interface MerchantCatalogServer {
  /** the running server (inside tests) */
  server(): TestServer;
  merchant(): ProductsClient;
  /** the product as the merchant reads it back through the read API */
  readBack(id: string): Promise<Product>;
}

/**
 * A test server for one file's catalogue-write tests (started before them, closed after), with the
 * merchant's products module over its API key and a product read back as the merchant sees it.
 * Call it at the top of the file: it registers the file's beforeAll and afterAll.
 */
export function merchantCatalogServer(): MerchantCatalogServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer();
  });
  afterAll(() => running?.close());

  const server = (): TestServer => {
    if (!running) throw new Error('the test server is started in beforeAll: use it inside a test');
    return running;
  };
  const merchant = () => merchantClientOf(server());
  async function readBack(id: string): Promise<Product> {
    const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
    return product as Product;
  }
  return { server, merchant, readBack };
}
