import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, placeThroughPage, stockedProduct, usShipping, visitorClient } from '../../../../test/support/checkout-fixtures.js';
import { send } from '../../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let server: TestServer;
const lines: string[] = [];
let checkoutId: string;

/** The URLs of the request log's lines. */
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req.url as string);

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
  await usShipping(server);
  const product = await stockedProduct(server, { quantity: 5 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id)] });
  checkoutId = (await shop.currentCart.createCheckoutFromCurrentCart()).checkoutId as string;
  // the page, the place post and the confirmation it leads to
  const placed = await placeThroughPage(server, shop, checkoutId);
  expect(placed.status).toBe(303);
  expect((await send(new URL(placed.headers.get('location') as string, server.url).href)).status).toBe(200);
});
afterAll(() => server?.close());

describe('the request log of the hosted checkout (#18)', () => {
  it('never contains the checkout id, the capability to the buyer’s checkout', () => {
    expect(checkoutId.length).toBeGreaterThanOrEqual(8);
    expect(lines.join('')).not.toContain(checkoutId);
  });

  it('logs each checkout page with its id redacted', () => {
    const checkoutUrls = loggedUrls().filter((url) => url.startsWith('/checkout/'));
    // the page, the details saved ("Update"), the page again (Post/Redirect/Get), the order placed, the confirmation
    expect(checkoutUrls.map((url) => url.replace(/\?.*/, ''))).toEqual([
      '/checkout/[redacted]',
      '/checkout/[redacted]',
      '/checkout/[redacted]',
      '/checkout/[redacted]/place',
      '/checkout/[redacted]/complete',
    ]);
  });
});
