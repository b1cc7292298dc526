/**
 * Test clients of the current cart (used by the cart's tests): visitors and members through
 * the OAuth strategy, merchants through an API key (with a shopper's token when they act for one).
 */
import { ApiKeyStrategy, type AuthStrategy, type Client, createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { memberTokens, postJson, visitorTokens, type WireTokens } from './http.js';
import { TEST_CLIENT_ID, type TestServer } from './test-server.js';

/** The catalogue's app id, as storefront code sends it. */
export const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
export const PASSWORD = 'correct horse battery staple 42';

/** A client of the current-cart module. */
export type CartClient = Client<{ currentCart: typeof currentCart }, AuthStrategy>;

const tokensOf = (wireTokens: WireTokens, role: 'visitor' | 'member'): Tokens => ({
  accessToken: { value: wireTokens.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: wireTokens.refresh_token, role },
});

/** A cart client with these tokens. */
export function cartClient(server: TestServer, tokens: WireTokens, role: 'visitor' | 'member'): CartClient {
  return createClient({
    host: server.url,
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: TEST_CLIENT_ID, tokens: tokensOf(tokens, role) }),
  });
}

/** A new visitor: its client and its tokens. */
export async function newVisitor(server: TestServer): Promise<{ tokens: WireTokens; client: CartClient }> {
  const tokens = await visitorTokens(server.url);
  return { tokens, client: cartClient(server, tokens, 'visitor') };
}

/** A new member (registered, then tokens bought with the merchant key). */
export async function newMember(server: TestServer): Promise<{ tokens: WireTokens; memberId: string; client: CartClient }> {
  const tokens = await memberTokens(server.url, server.apiKey, `m-${crypto.randomUUID()}@example.com`, PASSWORD);
  return { tokens, memberId: tokens.memberId, client: cartClient(server, tokens, 'member') };
}

/** A visitor who then logs in: the member token is linked from the visitor's (external login with the visitor token). */
export async function loginVisitor(server: TestServer, visitor: WireTokens, memberId: string): Promise<CartClient> {
  const grant = await postJson(
    server.url,
    '/oauth2/token',
    { grant_type: 'authorized_client', client_id: TEST_CLIENT_ID, member_id: memberId },
    { authorization: `${visitor.access_token},${server.apiKey}` },
  );
  if (grant.status !== 200) throw new Error(`authorized_client answered ${grant.status}: ${grant.text}`);
  return cartClient(server, grant.body as WireTokens, 'member');
}

/** A merchant client: the API key alone, or with a shopper's access token (acting for that shopper). */
export function merchantClient(server: TestServer, shopperAccessToken?: string): CartClient {
  return createClient({
    host: server.url,
    modules: { currentCart },
    auth: ApiKeyStrategy({ apiKey: shopperAccessToken ? `${shopperAccessToken},${server.apiKey}` : server.apiKey }),
  });
}

/** A catalogue line reference. */
export const ref = (catalogItemId: string, options?: Record<string, unknown>) => ({
  catalogReference: { catalogItemId, appId: APP_ID, ...(options ? { options } : {}) },
});
