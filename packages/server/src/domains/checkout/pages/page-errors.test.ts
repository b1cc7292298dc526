import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, stockedProduct, visitorClient } from '../../../../test/support/checkout-fixtures.js';
import { send } from '../../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** The log's entries at `level` (pino: 40 warn, 50 error). */
const entriesAt = (lines: string[], level: number) => lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === level);

describe('the hosted checkout pages answer only a missing checkout with "Checkout not found" (#21)', () => {
  let server: TestServer;
  const lines: string[] = [];
  let checkoutId: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
    const product = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id)] });
    checkoutId = (await shop.currentCart.createCheckoutFromCurrentCart()).checkoutId as string;
  });
  afterAll(() => server?.close());

  it('answers another domain error as a page with that error’s status and words', async () => {
    // A completed checkout whose order cannot be found: the placement's ORDER_NOT_FOUND, not the checkout's.
    await sql`UPDATE checkouts SET status = 'COMPLETED', order_id = ${crypto.randomUUID()} WHERE id = ${checkoutId}`.execute(
      server.database.db,
    );
    const page = await send(`${server.url}/checkout/${checkoutId}/complete`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Order not found');
    expect(page.text).not.toContain('Checkout not found');
    expect(entriesAt(lines, 40).map((entry) => entry.err?.code)).toContain('ORDER_NOT_FOUND');
  });

  it('answers a database failure as a 500 page naming the request id, and logs the failure', async () => {
    // The checkouts table out of reach: every page's lookup fails in the database, not for want of a checkout.
    await sql`ALTER TABLE checkouts RENAME TO checkouts_away`.execute(server.database.db);
    try {
      for (const path of [`/checkout/${checkoutId}`, `/checkout/${checkoutId}/complete`, `/checkout/${checkoutId}/pay?totals=x`]) {
        const page = await send(`${server.url}${path}`);
        expect(page.status, path).toBe(500);
        expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(page.text, path).toContain('Something went wrong');
        expect(page.text, path).toContain(`reference ${page.headers.get('x-wix-request-id')}`);
        expect(page.text, path).not.toContain('Checkout not found');
      }
      const failures = entriesAt(lines, 50).filter((entry) => entry.msg === 'hosted checkout page failed');
      expect(failures).toHaveLength(3);
      expect(failures[0].err.message).toContain('checkouts');
    } finally {
      await sql`ALTER TABLE checkouts_away RENAME TO checkouts`.execute(server.database.db);
    }
  });

  it('still answers an unknown checkout with the not-found page', async () => {
    const page = await send(`${server.url}/checkout/${crypto.randomUUID()}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Checkout not found');
  });
});
