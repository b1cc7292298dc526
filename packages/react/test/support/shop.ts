/**
 * The React bindings' test shop: a real server on loopback (the server's own test helpers) and real
 * SDK clients pointed at it. Nothing is mocked; `gatedFetch` only holds chosen requests back so a
 * test can look at the UI before the server's answer arrives.
 */
import { Buffer } from 'node:buffer';
import { type Cart, createClient, OAuthStrategy, type TokenStorage, type Tokens } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { verification } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, products } from '@vitrine/sdk/stores';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../server/test/support/test-server.js';
import type { VitrineClient, VitrineModules } from '../../src/client.js';

export { TEST_CLIENT_ID, type TestServer } from '../../../server/test/support/test-server.js';

/**
 * The real server, in this (jsdom) test process. jsdom's environment replaces the global typed-array
 * constructors with its window's, and Fastify recognises a Buffer answer (the catalogue's hot-read
 * cache sends pre-serialised bytes) by `payload.buffer instanceof ArrayBuffer`: Node's `ArrayBuffer`
 * is put back while the server runs, so it answers exactly as it does in production.
 */
export async function startShop(env: Record<string, string> = {}): Promise<TestServer> {
  const jsdomArrayBuffer = globalThis.ArrayBuffer;
  globalThis.ArrayBuffer = Buffer.alloc(1).buffer.constructor as ArrayBufferConstructor;
  const server = await startTestServer(env);
  return {
    ...server,
    async close() {
      await server.close();
      globalThis.ArrayBuffer = jsdomArrayBuffer;
    },
  };
}

/** The catalogue's app id, as storefront code sends it in catalogue references. */
export const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

type Fetch = typeof fetch;

const MODULES: VitrineModules = { currentCart, products, collections, redirects, verification };

/** A storefront client of the test server: every module the bindings use, a fresh visitor. */
export function shopClient(server: TestServer, options: { tokenStorage?: TokenStorage; fetch?: Fetch } = {}): VitrineClient {
  return createClient({
    host: server.url,
    modules: MODULES,
    auth: OAuthStrategy({ clientId: TEST_CLIENT_ID, ...(options.tokenStorage && { tokenStorage: options.tokenStorage }) }),
    ...(options.fetch && { fetch: options.fetch }),
  });
}

/**
 * A direct login's session token exchanged for member tokens through the real authorize endpoint,
 * answering in the query string instead of a hidden frame: jsdom's `postMessage` sets neither
 * `origin` nor `source`, so the SDK's frame flow cannot finish there (the server's Chromium test
 * covers it). Same server path: session token → authorization code → PKCE token exchange.
 */
export const exchangeByRedirect =
  (client: VitrineClient) =>
  async (sessionToken: string): Promise<Tokens> => {
    const data = await client.auth.generateOAuthData('http://localhost:3000/callback');
    const { authUrl } = await client.auth.getAuthUrl(data, { responseMode: 'query', prompt: 'none', sessionToken });
    const res = await fetch(authUrl, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    return client.auth.getMemberTokens(back.searchParams.get('code'), back.searchParams.get('state'), data);
  };

/** A catalogue line of the add-to-cart input. */
export const lineOf = (productId: string, quantity = 1) => ({ catalogReference: { catalogItemId: productId, appId: APP_ID }, quantity });

/** The quantities of a cart's lines, in order. */
export const quantities = (cart: Cart | null | undefined) => cart?.lineItems?.map((lineItem) => lineItem.quantity);

/**
 * A fetch that holds back the requests whose URL contains `part` until `release()`; all others go
 * straight through. `held` counts the requests it caught (how many the client actually sent).
 */
export function gatedFetch(part: string) {
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = {
    held: 0,
    bodies: [] as string[],
    fetch: (async (input, init) => {
      if (String(input).includes(part)) {
        state.held++;
        state.bodies.push(String(init?.body ?? ''));
        await gate;
      }
      return fetch(input, init);
    }) as Fetch,
    /** Lets the held requests (and every later one) through. */
    release() {
      open();
    },
    /** Holds the next requests again. */
    close() {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
  return state;
}
