/** The payment methods the merchant turns on or off, and the details the buyer is shown (#20). */
import { describe, expect, it } from 'vitest';
import {
  hostedFormFields,
  lineOf,
  placeFromPage,
  quotedPage,
  type ShopperClient,
  stockedProduct,
  visitorClient,
} from '../../../test/support/checkout-fixtures.js';
import { FormClient, type Page, pageText } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { CORNER_SHOP_BANK } from '../../../test/support/shop-settings.js';

const server = usShippingServerForFile();

/** Changes the shop settings through the merchant API. */
async function settle(body: unknown): Promise<void> {
  const answer = await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', body);
  expect(answer.status).toBe(200);
}

const methods = (enabled: { bank?: boolean; cash?: boolean; pickup?: boolean }) => ({
  payments: {
    bankTransfer: { enabled: enabled.bank ?? false },
    cashOnDelivery: { enabled: enabled.cash ?? false },
    payAtPickup: { enabled: enabled.pickup ?? false },
  },
});

/** A new visitor's checkout of one mug, on the hosted page (no thank-you page: the shop's own confirmation). */
async function hostedCheckout(): Promise<{ shop: ShopperClient; browser: FormClient; page: Page; checkoutId: string }> {
  const mug = await stockedProduct(server, { name: 'Enamel mug', quantity: 5 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
  const browser = new FormClient(server.url);
  const page = await browser.get(redirectSession?.fullUrl as string);
  return { shop, browser, page, checkoutId: checkoutId as string };
}

/** The hosted form's fields (US address, "standard" shipping, bank transfer) for a new buyer, over `extra`. */
const fields = (extra: Record<string, string> = {}) => ({ ...hostedFormFields(uniqueEmail('payer')), ...extra });

/** The payment methods the page's radio buttons offer. */
const offered = (page: Page) =>
  [...page.html.matchAll(/<input[^>]*name="paymentMethod"[^>]*>/g)].map((match) => /value="([^"]+)"/.exec(match[0])?.[1]);

const text = pageText;

describe('payment methods on the hosted checkout (#20)', () => {
  it('offers only the methods turned on: cash on delivery for a delivery, never for a pickup', async () => {
    await settle(methods({ cash: true, pickup: true }));
    const { browser, page } = await hostedCheckout();
    const delivery = await quotedPage(browser, page, fields({ paymentMethod: 'cash-on-delivery' }));
    expect(offered(delivery)).toEqual(['cash-on-delivery']);
    expect(text(delivery)).toContain('Please pay $15.00 in cash when your order is delivered.');
    const pickup = await quotedPage(browser, page, fields({ shippingOption: 'pickup', paymentMethod: 'pay-on-pickup' }));
    expect(offered(pickup)).toEqual(['pay-on-pickup']);
  });

  it('refuses to place with a method turned off since the page showed it', async () => {
    await settle(methods({ bank: true, cash: true }));
    const { browser, page, checkoutId } = await hostedCheckout();
    const shown = await quotedPage(browser, page, fields({ paymentMethod: 'bank-transfer' }));
    expect(offered(shown)).toEqual(['bank-transfer', 'cash-on-delivery']);
    await settle(methods({ cash: true }));
    const refused = await browser.submit(shown.form('/place'), fields({ paymentMethod: 'bank-transfer' }));
    expect(refused.status).toBe(400);
    expect(refused.alert).toContain('This payment method cannot be used for this checkout');
    expect(await server.database.db.selectFrom('orders').select('id').where('checkout_id', '=', checkoutId).execute()).toEqual([]);
  });

  it('says so when no method is on for the delivery chosen (only cash on delivery, and a pickup)', async () => {
    await settle(methods({ cash: true }));
    const { browser, page } = await hostedCheckout();
    const pickup = await quotedPage(browser, page, fields({ shippingOption: 'pickup', paymentMethod: 'cash-on-delivery' }));
    expect(offered(pickup)).toEqual([]);
    expect(text(pickup)).toContain('The shop takes no payment for this delivery choice. Choose another way to receive your order.');
  });

  it('names the account, the amount and the order number with the shop’s prefix after placement: page, order and e-mail', async () => {
    await settle({
      ...methods({ bank: true }),
      orderNumberPrefix: 'CS-',
      payments: {
        bankTransfer: { enabled: true, ...CORNER_SHOP_BANK, instructions: null },
        cashOnDelivery: { enabled: false },
        payAtPickup: { enabled: false },
      },
    });
    const { browser, page, checkoutId } = await hostedCheckout();
    const form = fields();
    const before = await quotedPage(browser, page, form);
    expect(text(before)).toContain('Reference: (shown as soon as you place the order)');
    const placed = await placeFromPage(browser, page, form);
    expect(placed.status).toBe(303);
    const [row] = await server.database.db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).execute();
    const number = `CS-${row?.number}`;
    const expected = [
      'Please transfer $15.00 to:',
      'Account holder: Corner Shop GmbH',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
      'Bank: Commerzbank',
      `Reference: ${number}`,
    ].join('\n');
    const confirmation = await browser.get(placed.location?.toString() as string);
    expect(confirmation.html).toContain(expected);
    expect(text(confirmation)).toContain(`Your order number is ${number}`);
    const order = await server.services.checkout.orders.find(number);
    expect(order).toMatchObject({ number, paymentMethod: { id: 'bank-transfer', instructions: expected } });
    // The bare number finds it too (numbers are unique without their prefix); another prefix does not.
    expect((await server.services.checkout.orders.find(String(row?.number))).id).toBe(order.id);
    await expect(server.services.checkout.orders.find(`XY-${row?.number}`)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    // The merchant's order search finds it by the number the buyer quotes.
    const found = await merchantCall(server, 'POST', '/ecom/v1/orders/search', { filter: { number } });
    expect(found.body.orders.map((listed: { id: string }) => listed.id)).toEqual([order.id]);
    const [mail] = await mailsTo(server.url, form.email);
    expect(mail?.text).toContain(expected);
    // The HTML part keeps the lines apart (the bank details are one per line).
    expect(mail?.html).toContain(expected.replaceAll('\n', '<br/>'));
    await settle({ orderNumberPrefix: '' });
  });

  it('shows the shop’s name from its settings on the hosted checkout and in the order e-mail', async () => {
    await settle({ shopName: 'Corner Shop Springfield', ...methods({ bank: true }) });
    const { browser, page } = await hostedCheckout();
    expect(text(page)).toContain('Corner Shop Springfield');
    const form = fields();
    expect((await placeFromPage(browser, page, form)).status).toBe(303);
    const [mail] = await mailsTo(server.url, form.email);
    expect(mail?.subject).toMatch(/at Corner Shop Springfield$/);
  });
});
