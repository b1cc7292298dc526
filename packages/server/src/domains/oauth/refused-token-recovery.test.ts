/**
 * An SDK client whose access token the server stops accepting before it expires (its signing key
 * revoked with `vitrine keys revoke`) renews it once and goes on: the refresh token is not signed by
 * the key, so the visitor keeps their cart and a member stays signed in. Before, every call failed
 * with 401 until the token expired (4 hours by default), the storefront's pages with it.
 */
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, memberClient, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** A visitor's client whose fetch lists each request it sends ("GET /ecom/v1/carts/current"). */
function recordedVisitor() {
  const sent: string[] = [];
  const client = createClient({
    host: server.url,
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }),
    fetch: (url, init) => {
      sent.push(`${init.method} ${new URL(url).pathname}`);
      return globalThis.fetch(url, init);
    },
  });
  return { client, sent };
}

const revokeKeyOf = (accessToken: string) => server.services.keys.revoke(decodeProtectedHeader(accessToken).kid as string);

describe('an SDK client whose access token the server refuses', () => {
  it('renews it once and answers the call, the visitor keeping their cart, after its signing key is revoked', async () => {
    const product = await stockedProduct(server, { name: 'Revoked-key mug', price: 10, quantity: 5 });
    const { client, sent } = recordedVisitor();
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 2)] });
    const before = client.auth.getTokens();
    await revokeKeyOf(before.accessToken.value);

    sent.length = 0;
    const again = await client.currentCart.getCurrentCart();
    expect(again._id).toBe(cart?._id);
    expect(again.lineItems?.[0]?.quantity).toBe(2);
    expect(sent).toEqual(['GET /ecom/v1/carts/current', 'POST /oauth2/token', 'GET /ecom/v1/carts/current']);
    const after = client.auth.getTokens();
    expect(after.accessToken.value).not.toBe(before.accessToken.value);
    expect(after.refreshToken.role).toBe('visitor');

    // the next call carries the new token at once
    sent.length = 0;
    await client.currentCart.getCurrentCart();
    expect(sent).toEqual(['GET /ecom/v1/carts/current']);
  });

  it('keeps a member signed in', async () => {
    const { client } = await memberClient(server);
    const token = client.auth.getTokens().accessToken.value;
    await revokeKeyOf(token);
    // a member without a cart: the call is answered (404 OWNED_CART_NOT_FOUND), not refused (401)
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({ status: 404 });
    expect(client.auth.loggedIn()).toBe(true);
    expect(client.auth.getTokens().accessToken.value).not.toBe(token);
  });
});
