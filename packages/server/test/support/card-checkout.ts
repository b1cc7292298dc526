/**
 * A buyer paying by card against the Stripe stand-in (issue #20): a checkout ready to pay, its pay
 * step, the return from Stripe and Stripe's webhook deliveries, as the card tests drive them.
 */
import { expect } from 'vitest';
import { totalsFingerprint } from '../../src/domains/checkout/totals-fingerprint.js';
import { lineOf, stockedProduct, US_ADDRESS, visitorClient } from './checkout-fixtures.js';
import { uniqueEmail } from './mailbox.js';
import { deliverStripeEvent, type StripeStub, type StubIntent } from './stripe-stub.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A visitor's checkout of `quantity` units of a new product at `price`, with e-mail, US address and standard shipping saved. */
export async function readyCheckout(
  server: TestServer,
  options: { price?: number; quantity?: number; stock?: number; shipping?: string } = {},
) {
  const product = await stockedProduct(server, { price: options.price ?? 8, quantity: options.stock ?? 10 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, options.quantity ?? 2)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  await server.services.checkout.checkout.saveDetails(checkoutId as string, {
    email: uniqueEmail('card'),
    shippingAddress: US_ADDRESS,
    selectedShippingOption: { code: options.shipping ?? 'standard' },
  });
  return { checkoutId: checkoutId as string, product, shop };
}

/** The fingerprint of the checkout's totals now (what its page shows). */
export async function shownTotals(server: TestServer, checkoutId: string): Promise<string> {
  return totalsFingerprint((await server.services.checkout.checkout.quote(checkoutId)).totals);
}

/** Opens the pay step as the checkout page's redirect does; answers the page and the intent its client secret names. */
export async function openPayStep(server: TestServer, stub: StripeStub, checkoutId: string) {
  const page = await fetch(`${server.url}/checkout/${checkoutId}/pay?totals=${await shownTotals(server, checkoutId)}`);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const clientSecret = /data-client-secret="([^"]+)"/.exec(html)?.[1] as string;
  return { page, html, intent: stub.intent(clientSecret.split('_secret_')[0]) };
}

/** Stripe's webhook delivery of an event (`StripeStub.event`). */
export function postEvent(server: TestServer, event: { body: string; signature: string }) {
  return deliverStripeEvent(server.url, event);
}

/** The buyer back from Stripe, as Stripe's redirect brings them. */
export function returnFromStripe(server: TestServer, checkoutId: string, intent: StubIntent) {
  return fetch(
    `${server.url}/checkout/${checkoutId}/card-return?payment_intent=${intent.id}&payment_intent_client_secret=${intent.client_secret}&redirect_status=succeeded`,
    { redirect: 'manual' },
  );
}

/** A shop in `currency` taking cards through the stub, shipping to the US at 500 of the currency (the caller closes it). */
export async function shopIn(stub: StripeStub, currency: string): Promise<TestServer> {
  const shop = await startTestServer({ ...stub.env(), SHOP_CURRENCY: currency });
  const region = await shop.services.pricing.shipping.createRegion({ name: 'United States', countries: ['US'] });
  await shop.services.pricing.shipping.addOption(region.id, { code: 'standard', title: 'Standard', kind: 'FLAT', price: '500' });
  return shop;
}
