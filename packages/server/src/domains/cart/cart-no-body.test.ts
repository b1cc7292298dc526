/**
 * The cart calls whose input may be left out take a request with no body at all, as the empty object
 * (a client that sends nothing for "remove the coupon" is right to): Fastify hands validation `null`
 * for a missing body, which the schemas accept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { CURRENT_CART } from './routes.js';

const server = testServerForFile();
let mug: InsertedProduct;
beforeAll(async () => {
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});

/** Sends a call with no body and no content type, answering its status and parsed body. */
async function bodiless(method: 'POST' | 'PATCH', path: string, accessToken: string) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as { cart?: { lineItems?: { quantity?: number }[] } } };
}

describe('cart calls without a body (#21)', () => {
  it('add nothing, change nothing, remove no coupon and estimate the cart as it is', async () => {
    const { access_token: token } = await visitorTokens(server.url);
    const added = await fetch(`${server.url}${CURRENT_CART}/add-to-cart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lineItems: [{ quantity: 2, catalogReference: { catalogItemId: mug.id, appId: 'vitrine-stores' } }] }),
    });
    expect(added.status).toBe(200);
    const quantities = (answer: Awaited<ReturnType<typeof bodiless>>) => answer.body.cart?.lineItems?.map((line) => line.quantity);

    const addedNothing = await bodiless('POST', `${CURRENT_CART}/add-to-cart`, token);
    expect([addedNothing.status, quantities(addedNothing)]).toEqual([200, [2]]);
    const changedNothing = await bodiless('PATCH', CURRENT_CART, token);
    expect([changedNothing.status, quantities(changedNothing)]).toEqual([200, [2]]);
    const noCoupon = await bodiless('POST', `${CURRENT_CART}/remove-coupon`, token);
    expect([noCoupon.status, quantities(noCoupon)]).toEqual([200, [2]]);
    const estimate = await bodiless('POST', `${CURRENT_CART}/estimate-totals`, token);
    expect(estimate.status).toBe(200);
    expect(quantities(estimate)).toEqual([2]);
  });
});
