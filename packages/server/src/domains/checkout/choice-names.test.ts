/**
 * Choices are shown by their names everywhere (issue #19, defect 10): a colour choice whose value is
 * its swatch code (as the console makes them) reads as the colour's name in the cart, the hosted
 * checkout, the order and the confirmation e-mail; its code stays with it where the wire has a place.
 */
import type { Product } from '@vitrine/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_APP_ID, hostedFormFields, placeFromPage, swatchProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();
let scarf: Product & { _id: string };
beforeAll(async () => {
  scarf = await swatchProduct(server, 'Swatch scarf');
});

const GREEN = { catalogReference: { catalogItemId: '', appId: CATALOG_APP_ID, options: { options: { Color: '#2a6f4e' } } }, quantity: 1 };

describe('colour choices by name (#19)', () => {
  it('describes a cart line by the colour name, with its swatch code', async () => {
    const shop = visitorClient(server);
    const line = { ...GREEN, catalogReference: { ...GREEN.catalogReference, catalogItemId: scarf._id } };
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [line] });
    expect(cart?.lineItems?.[0]?.descriptionLines).toEqual([
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Forest green', translated: 'Forest green', code: '#2a6f4e' },
        lineType: 'COLOR',
      },
    ]);
  });

  it('shows the colour name on the checkout page, in the order and in the confirmation e-mail', async () => {
    const shop = visitorClient(server);
    const line = { ...GREEN, catalogReference: { ...GREEN.catalogReference, catalogItemId: scarf._id } };
    await shop.currentCart.addToCurrentCart({ lineItems: [line] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const browser = new FormClient(server.url);
    const page = await browser.get(redirectSession?.fullUrl as string);
    expect(page.html).toContain('Color: Forest green');
    expect(page.html).not.toContain('#2a6f4e');

    const email = uniqueEmail('swatch');
    const placed = await placeFromPage(browser, page, hostedFormFields(email));
    expect(placed.status).toBe(303);
    const confirmation = await browser.get(placed.location?.toString() as string);
    expect(confirmation.html).toContain('Color: Forest green');

    const { orders } = await shop.orders.searchOrders();
    expect(orders?.[0]?.lineItems?.[0]?.descriptionLines).toEqual([{ name: 'Color', value: 'Forest green', color: '#2a6f4e' }]);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.text).toContain('1 × Swatch scarf (Color: Forest green)');
    expect(mail.text).not.toContain('#2a6f4e');
  });
});
