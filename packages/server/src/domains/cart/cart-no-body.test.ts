/**
 * The cart calls whose input may be left out (create-checkout among them) take a request with no body at all, as the empty object
 * (a client that sends nothing for "remove the coupon" is right to): Fastify hands validation `null`
 * for a missing body, which the schemas accept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lineOf, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { CURRENT_CART } from './routes.js';

const server = testServerForFile();
let mugId: string;
beforeAll(async () => {
  mugId = (await stockedProduct(server, { quantity: 50 }))._id as string;
});

/** Sends a call with no body and no content type, answering its status and parsed body. */
async function bodiless(method: 'POST' | 'PATCH', path: string, accessToken: string) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as { cart?: { lineItems?: { quantity?: number }[] } } };
}

describe('cart calls without a body (#21)', () => {
  it('add nothing, change nothing, remove no coupon, estimate the cart as it is and check it out', async () => {
    const { access_token: token } = await visitorTokens(server.url);
    const added = await fetch(`${server.url}${CURRENT_CART}/add-to-cart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lineItems: [{ ...lineOf(mugId), quantity: 2 }] }),
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

    const checkout = await fetch(`${server.url}${CURRENT_CART}/create-checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await checkout.json()).toEqual({ checkoutId: expect.any(String) });
    expect(checkout.status).toBe(200);
  });
});
