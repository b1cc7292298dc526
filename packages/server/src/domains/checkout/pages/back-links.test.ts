/**
 * The hosted checkout's links back to the cart and the shop, and the payment text before and after
 * placement (issue #19, defect 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostedFormFields,
  lineOf,
  placeFromPage,
  stockedProduct,
  usShipping,
  visitorClient,
} from '../../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../../test/support/form-client.js';
import { uniqueEmail } from '../../../../test/support/mailbox.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { backLinks } from './back-links.js';

const SHOP = 'http://127.0.0.1:4000';

describe('backLinks', () => {
  it.each([
    [
      'the session’s cart page and post-flow URL',
      { cartPageUrl: `${SHOP}/cart`, postFlowUrl: `${SHOP}/` },
      undefined,
      { cartUrl: `${SHOP}/cart`, shopUrl: `${SHOP}/` },
    ],
    [
      'the session’s over the mounted storefront',
      { cartPageUrl: `${SHOP}/basket` },
      'https://shop.example',
      { cartUrl: `${SHOP}/basket`, shopUrl: 'https://shop.example/' },
    ],
    [
      'the mounted storefront’s cart and home',
      {},
      'https://shop.example',
      { cartUrl: 'https://shop.example/cart', shopUrl: 'https://shop.example/' },
    ],
    ['none without either', { thankYouPageUrl: `${SHOP}/thanks` }, undefined, {}],
    ['no script or data link', { cartPageUrl: 'javascript:alert(1)', postFlowUrl: 'data:text/html,hi' }, undefined, {}],
    ['no other scheme, no relative address', { cartPageUrl: 'ftp://shop.example/cart', postFlowUrl: '/cart' }, undefined, {}],
  ])('links %s', (_rule, callbacks, storefrontUrl, expected) => {
    expect(backLinks(callbacks, storefrontUrl)).toEqual(expected);
  });
});

describe('the hosted checkout page (#19)', () => {
  let server: TestServer;
  let productId: string;
  beforeAll(async () => {
    server = await startTestServer();
    await usShipping(server);
    productId = (await stockedProduct(server, { quantity: 50 }))._id;
  });
  afterAll(() => server?.close());

  /** A visitor's checkout page opened through a redirect session with these callbacks. */
  async function hostedPage(callbacks: Record<string, string>) {
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(productId)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await shop.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks,
    });
    const browser = new FormClient(server.url);
    const page = await browser.get(redirectSession?.fullUrl as string);
    const session = new URL(redirectSession?.fullUrl as string).searchParams.get('session') as string;
    return { browser, page, checkoutId: checkoutId as string, session };
  }

  /** The links of the page's "Back to the shop" navigation, as text → address. */
  function links(page: Page): Record<string, string> {
    const nav = /<nav\b[^>]*aria-label="Back to the shop"[^>]*>([\s\S]*?)<\/nav>/.exec(page.html);
    return Object.fromEntries([...(nav?.[1] ?? '').matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [match[2], match[1]]));
  }

  const text = (page: Page) =>
    page.html
      .replace(/<(style|script)[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('links back to the cart and the shop the session names', async () => {
    const { page } = await hostedPage({ cartPageUrl: `${SHOP}/cart`, postFlowUrl: `${SHOP}/` });
    expect(page.status).toBe(200);
    expect(links(page)).toEqual({ '← Back to cart': `${SHOP}/cart`, 'Continue shopping': `${SHOP}/` });
  });

  it('shows no links when neither the session nor a mounted storefront gives one', async () => {
    const { page } = await hostedPage({ thankYouPageUrl: `${SHOP}/thanks` });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('Back to cart');
    expect(page.html).not.toContain('Continue shopping');
  });

  it('says when the order number comes before placement, and shows the real number on the confirmation', async () => {
    const { browser, page, checkoutId, session } = await hostedPage({ postFlowUrl: `${SHOP}/` });
    expect(text(page)).toContain('write the order number (shown as soon as you place the order) as the reference');
    const placed = await placeFromPage(browser, page, hostedFormFields(uniqueEmail('number')));
    // Without a thank-you page the session's post-flow URL is where placing leads; our confirmation stays at its address.
    expect(placed.location?.href).toBe(`${SHOP}/`);
    const confirmation = await browser.get(`/checkout/${checkoutId}/complete?session=${session}`);
    const number = /Your order number is <strong>(\d+)<\/strong>/.exec(confirmation.html)?.[1];
    expect(number).toMatch(/^\d+$/);
    expect(text(confirmation)).toContain(`write the order number ${number} as the reference`);
    expect(confirmation.html).not.toContain('(shown as soon as you place the order)');
    expect(links(confirmation)).toEqual({});
    expect(confirmation.html).toContain(`<a class="button" href="${SHOP}/">Continue shopping</a>`);
  });
});
