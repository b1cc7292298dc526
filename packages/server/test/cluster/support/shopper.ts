/**
 * A shopper and a merchant over HTTP only (the processes under test are other processes): each call
 * through `sendUntilAnswered`, so a process killed mid-call is retried like a careful client would.
 */

import { CURRENT_CART } from '../../../src/domains/cart/routes.js';
import { CATALOG_APP_ID, hostedFormFields, placeFromPage } from '../../support/checkout-fixtures.js';
import { FormClient, type Page } from '../../support/form-client.js';
import { uniqueEmail } from '../../support/mailbox.js';
import { TEST_CLIENT_ID } from '../../support/test-server.js';
import { type CallFigures, expectStatus, noCalls, sendUntilAnswered } from './retried-calls.js';

const json = (body: unknown, headers: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A new visitor's access token, issued by whichever process `base` reaches. */
export async function visitorToken(figures: CallFigures, base: string): Promise<string> {
  const answer = await sendUntilAnswered(figures, `${base}/oauth2/token`, json({ grantType: 'anonymous', clientId: TEST_CLIENT_ID }, {}));
  return expectStatus(answer, 200, 'the anonymous grant').body.access_token as string;
}

/** Adds `quantity` of a product to the visitor's cart under `idempotencyKey` (retried with it until answered). */
export async function addToCart(
  figures: CallFigures,
  base: string,
  token: string,
  options: { productId: string; quantity?: number; idempotencyKey: string },
): Promise<void> {
  const body = {
    lineItems: [{ catalogReference: { catalogItemId: options.productId, appId: CATALOG_APP_ID }, quantity: options.quantity ?? 1 }],
  };
  const headers = { authorization: token, 'idempotency-key': options.idempotencyKey };
  expectStatus(await sendUntilAnswered(figures, `${base}${CURRENT_CART}/add-to-cart`, json(body, headers)), 200, 'add-to-cart');
}

/** One line of a cart as the cart answer shows it. */
export interface CartLine {
  productId: string;
  quantity: number;
  /** the unit price charged, as the wire's decimal string */
  price: string;
}

/** The visitor's cart lines. */
export async function cartLines(figures: CallFigures, base: string, token: string): Promise<CartLine[]> {
  const answer = expectStatus(
    await sendUntilAnswered(figures, `${base}${CURRENT_CART}`, { headers: { authorization: token } }),
    200,
    'the cart',
  );
  const lines = answer.body.cart.lineItems as {
    catalogReference: { catalogItemId: string };
    quantity: number;
    price: { amount: string };
  }[];
  return lines.map((line) => ({ productId: line.catalogReference.catalogItemId, quantity: line.quantity, price: line.price.amount }));
}

/**
 * Places the visitor's cart as an order: a checkout (Idempotency-Key), then the hosted page as a buyer
 * fills it (shipped by "standard", paid by bank transfer), sent again from a new redirect session when
 * a process dies under it. Answers the checkout id and whether the place post was acknowledged (303).
 */
export async function placeOrder(figures: CallFigures, base: string, token: string): Promise<{ checkoutId: string; placed: boolean }> {
  const headers = { authorization: token, 'idempotency-key': crypto.randomUUID() };
  const created = await sendUntilAnswered(figures, `${base}${CURRENT_CART}/create-checkout`, json({}, headers));
  const checkoutId = expectStatus(created, 200, 'create-checkout').body.checkoutId as string;
  const fields = hostedFormFields(uniqueEmail('cluster'));
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = await sendUntilAnswered(
      figures,
      `${base}/_api/redirects-api/v1/redirect-session`,
      json({ ecomCheckout: { checkoutId } }, { authorization: token }),
    );
    const browser = new FormClient(base);
    const placed = await counted(figures, async () => {
      const page = await browser.get(expectStatus(session, 200, 'redirect-session').body.redirectSession.fullUrl);
      if (!page.html.includes('/place')) return page; // placed by an earlier attempt whose answer was lost
      return placeFromPage(browser, page, fields);
    });
    if (placed?.status === 303) return { checkoutId, placed: true };
    if (placed && !placed.html.includes('/place') && placed.status < 500) return { checkoutId, placed: false };
  }
  return { checkoutId, placed: false };
}

/** One multi-request step of a browser; a cut connection or gateway failure counts as a failure (undefined). */
async function counted(figures: CallFigures, step: () => Promise<Page>): Promise<Page | undefined> {
  figures.sent++;
  try {
    const page = await step();
    if (page.status >= 502) {
      figures.failed++;
      return undefined;
    }
    figures.answered++;
    return page;
  } catch {
    figures.failed++;
    return undefined;
  }
}

/** A merchant's call with the API key, through `base`. */
export async function merchantSend(figures: CallFigures, base: string, apiKey: string, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method, headers: { authorization: apiKey, 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return sendUntilAnswered(figures, `${base}${path}`, init);
}

/** Creates a visible product at `price` through `base`; answers its id. */
export async function createProduct(figures: CallFigures, base: string, apiKey: string, name: string, price: number): Promise<string> {
  const answer = await merchantSend(figures, base, apiKey, 'POST', '/stores/v1/products', { product: { name, priceData: { price } } });
  return expectStatus(answer, 200, 'create product').body.product.id as string;
}

/** The product's price as the shopper's catalogue read at `base` shows it. */
export async function shownPrice(base: string, productId: string): Promise<number> {
  const answer = expectStatus(await sendUntilAnswered(noCalls(), `${base}/stores-reader/v1/products/${productId}`), 200, 'product read');
  return answer.body.product.priceData.price as number;
}
