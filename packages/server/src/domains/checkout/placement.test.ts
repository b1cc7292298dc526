import { describe, expect, it } from 'vitest';
import {
  lineOf,
  memberClient,
  merchantClient,
  placeFromPage,
  quantityOf,
  quotedPage,
  type ShopperClient,
  stockedProduct,
  US_ADDRESS,
  visitorClient,
} from '../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const THANK_YOU = 'http://127.0.0.1:4000/thank-you';

const server = usShippingServerForFile();

type Shop = ShopperClient;

/** A checkout of the shop's cart with these products (one unit each unless said). */
async function checkoutOf(shop: Shop, items: { id: string; quantity?: number }[]): Promise<string> {
  await shop.currentCart.addToCurrentCart({ lineItems: items.map((item) => lineOf(item.id, item.quantity ?? 1)) });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  return checkoutId as string;
}

/** The hosted page reached through an ecomCheckout redirect session, in a fresh form browser. */
async function hostedPage(shop: Shop, checkoutId: string, callbacks: { thankYouPageUrl?: string } = { thankYouPageUrl: THANK_YOU }) {
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId }, callbacks });
  const browser = new FormClient(server.url);
  const page = await browser.get(redirectSession?.fullUrl as string);
  expect(page.status).toBe(200);
  return { browser, page };
}

/** Every field a placement needs, over `extra`. */
const filled = (extra: Record<string, string> = {}) => ({
  email: uniqueEmail('buyer'),
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine: US_ADDRESS.addressLine,
  city: US_ADDRESS.city,
  postalCode: US_ADDRESS.postalCode,
  subdivision: 'IL',
  country: 'us',
  shippingOption: 'standard',
  billingSame: 'on',
  paymentMethod: 'bank-transfer',
  ...extra,
});

/** The update form (same form, posted to the page's own URL). */
const updateForm = (page: Page, checkoutId: string) => ({ ...page.form('/place'), action: `/checkout/${checkoutId}` });

/** Posts the update form and follows its redirect to the page again (Post/Redirect/Get). */
const update = async (browser: FormClient, page: Page, checkoutId: string, fields: Record<string, string>) =>
  browser.follow(await browser.submit(updateForm(page, checkoutId), fields));

const text = (page: Page) =>
  page.html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const place = placeFromPage;
const quoted = quotedPage;

const orderRows = (checkoutId: string) =>
  server.database.db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).execute();

describe('hosted checkout page (forms without JavaScript)', () => {
  it('shows the lines first, then the shipping options and exact totals for the posted address', async () => {
    const mug = await stockedProduct(server, { name: 'Blue mug', price: 12.5, quantity: 10 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id, quantity: 2 }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    expect(text(page)).toContain('2 × Blue mug $25.00');
    expect(text(page)).toContain('Enter your address');
    expect(page.html).toContain('<main id="main">');
    const quoted = await update(browser, page, checkoutId, filled({ shippingOption: '' }));
    expect(quoted.status).toBe(200);
    expect(text(quoted)).toContain('Shipping options and totals are updated for your address.');
    expect(text(quoted)).toContain('Standard shipping – $5.00');
    expect(text(quoted)).toContain('Store pickup – Free');
    const updated = await update(browser, quoted, checkoutId, filled({ shippingOption: 'standard' }));
    expect(updated.html).toMatch(/<input type="radio"[^>]*checked="" value="standard"/);
    expect(text(updated)).toContain('Subtotal $25.00 Shipping: Standard shipping $5.00 Tax $0.00 Total $30.00');
    // The address was saved: a reload shows it again.
    const reloaded = await browser.get(`/checkout/${checkoutId}`);
    expect(reloaded.html).toContain('value="1 Main St"');
  });

  it('shows each missing field next to its input and in the announced summary, placing nothing', async () => {
    const mug = await stockedProduct(server, { quantity: 10 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const answer = await place(browser, page, filled({ email: '', city: '', country: 'USA' }));
    expect(answer.status).toBe(400);
    expect(answer.alert).toContain('Email: Enter your e-mail address');
    expect(answer.alert).toContain('City: Enter the city');
    expect(answer.alert).toContain('Country: Choose a country from the list');
    expect(answer.html).toMatch(
      /<input id="field-email"[^>]*aria-invalid="true"[^>]*aria-describedby="field-email-hint field-email-error"/,
    );
    expect(answer.html).toContain('<title>Error: Checkout');
    expect(await orderRows(checkoutId)).toEqual([]);
  });

  it('refuses a form without its CSRF token', async () => {
    const mug = await stockedProduct(server, { quantity: 10 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const answer = await place(browser, page, filled({ csrf: 'forged' }));
    expect(answer.status).toBe(403);
    expect(await orderRows(checkoutId)).toEqual([]);
  });

  it('places the order: numbered, stock taken, cart gone, redirected to the thank-you page with the order', async () => {
    const mug = await stockedProduct(server, { name: 'Placed mug', price: 10, quantity: 3 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id, quantity: 2 }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const done = await place(browser, page, filled());
    expect(done.status).toBe(303);
    const [order] = await orderRows(checkoutId);
    expect(`${done.location?.origin}${done.location?.pathname}`).toBe(THANK_YOU);
    expect(Object.fromEntries(done.location?.searchParams ?? [])).toEqual({ orderId: order.id, orderNumber: String(order.number) });
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(order).toMatchObject({ status: 'APPROVED', payment_status: 'NOT_PAID', payment_method: 'bank-transfer', currency: 'USD' });
    expect(order.totals).toMatchObject({ subtotal: '20.00', shipping: '5.00', tax: '0.00', total: '25.00' });
    expect(order.shipping_address).toMatchObject({ addressLine: '1 Main St', subdivision: 'US-IL', country: 'US' });
    expect(await quantityOf(server, mug._id)).toBe(1);
    expect(await thrown(shop.currentCart.getCurrentCart())).toMatchObject({ status: 404 });
    const checkout = await server.database.db.selectFrom('checkouts').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ status: 'COMPLETED', order_id: order.id });
  });

  it('answers a second placement of the same checkout with the first order', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const fields = filled();
    const shown = await quoted(browser, page, fields);
    const [first, second] = await Promise.all([browser.submit(shown.form('/place'), fields), browser.submit(shown.form('/place'), fields)]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.location?.searchParams.get('orderId')).toBe(second.location?.searchParams.get('orderId'));
    const again = await browser.submit(shown.form('/place'), fields);
    expect(again.location?.searchParams.get('orderId')).toBe(first.location?.searchParams.get('orderId'));
    expect(await orderRows(checkoutId)).toHaveLength(1);
    expect(await quantityOf(server, mug._id)).toBe(4);
  });

  it('sells the last unit once: of two concurrent placements one succeeds, the other is told which item ran out', async () => {
    const mug = await stockedProduct(server, { name: 'Last mug', quantity: 1 });
    const buyers = await Promise.all(
      [visitorClient(server), visitorClient(server)].map(async (shop) => {
        const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
        return { checkoutId, ...(await hostedPage(shop, checkoutId)) };
      }),
    );
    const answers = await Promise.all(buyers.map((buyer) => place(buyer.browser, buyer.page, filled())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const refused = answers.find((answer) => answer.status === 409) as Page;
    expect(refused.alert).toContain('Not enough stock for: Last mug (1 ordered, 0 left)');
    expect(await quantityOf(server, mug._id)).toBe(0);
    const orders = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where(
        'checkout_id',
        'in',
        buyers.map((buyer) => buyer.checkoutId),
      )
      .execute();
    expect(orders).toHaveLength(1);
    // The shopper read (served from the hot-read cache) no longer offers it.
    const read = await fetch(`${server.url}/stores-reader/v1/products/${mug._id}`).then((response) => response.json());
    expect(read.product.stock).toMatchObject({ inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('never oversells under many concurrent buyers: units sold equal the stock, never below zero', async () => {
    const mug = await stockedProduct(server, { quantity: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const shop = visitorClient(server);
        const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
        return hostedPage(shop, checkoutId);
      }),
    );
    const answers = await Promise.all(buyers.map((buyer) => place(buyer.browser, buyer.page, filled())));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await quantityOf(server, mug._id)).toBe(0);
  });

  it('offers pay on pickup only with a pickup option, and shows the bank-transfer instructions', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const standard = await update(browser, page, checkoutId, filled());
    expect(standard.html).toContain('value="bank-transfer"');
    expect(standard.html).not.toContain('value="pay-on-pickup"');
    expect(text(standard)).toContain('Please transfer $15.00');
    const pickup = await update(browser, page, checkoutId, filled({ shippingOption: 'pickup' }));
    expect(pickup.html).toContain('value="pay-on-pickup"');
    expect(text(pickup)).toContain('Pick up at 9 Market St, Springfield, US');
    const refused = await place(browser, page, filled({ shippingOption: 'standard', paymentMethod: 'pay-on-pickup' }));
    expect(refused.status).toBe(400);
    expect(refused.alert).toContain('This payment method cannot be used for this checkout');
    const buyer = filled({ shippingOption: 'pickup', paymentMethod: 'pay-on-pickup' });
    const done = await place(browser, page, buyer);
    expect(done.status).toBe(303);
    const [order] = await orderRows(checkoutId);
    expect(order).toMatchObject({ payment_method: 'pay-on-pickup', shipping_option: { code: 'pickup', price: '0.00' } });
    // the confirmation's totals call the pickup's row a pickup, not shipping
    const [mail] = await mailsTo(server.url, buyer.email);
    expect(mail.text).toContain('Pickup: $0.00');
    expect(mail.text).not.toContain('Shipping:');
  });

  it('charges only the totals the page showed: a shipping option changed at "Place order" shows the new total and places nothing (#19)', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const shown = await quoted(browser, page, filled());
    expect(text(shown)).toContain('Total $15.00');
    // The buyer ticks another option and presses "Place order" without asking for its totals.
    const refused = await browser.submit(shown.form('/place'), filled({ shippingOption: 'pickup' }));
    expect(refused.status).toBe(303);
    const changed = await browser.follow(refused);
    expect(text(changed)).toContain('Your total is now $10.00 (this page showed $15.00) with Store pickup. Nothing was charged');
    expect(await orderRows(checkoutId)).toHaveLength(0);
    expect(await quantityOf(server, mug._id)).toBe(5);
    // Placed from the page that shows the new total, it goes through at that total.
    const done = await browser.submit(changed.form('/place'), filled({ shippingOption: 'pickup' }));
    expect(done.status).toBe(303);
    const [order] = await orderRows(checkoutId);
    expect(order).toMatchObject({ shipping_option: { code: 'pickup' }, totals: { total: '10.00' } });
  });

  it('places nothing from a page that showed no totals (a blind post, or a page older than the check) (#19)', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const { shownTotals: _shown, shownTotal: _total, ...withoutTotals } = page.form('/place').fields;
    const blind = await browser.follow(await browser.submit({ action: page.form('/place').action, fields: withoutTotals }, filled()));
    expect(text(blind)).toContain('Your total is now $15.00 with Standard shipping. Nothing was charged');
    expect(await orderRows(checkoutId)).toHaveLength(0);
  });

  it('shows its own confirmation when the session names no thank-you page', async () => {
    const mug = await stockedProduct(server, { name: 'Confirmed mug', quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId, {});
    const done = await place(browser, page, filled());
    expect(done.location?.pathname).toBe(`/checkout/${checkoutId}/complete`);
    const confirmation = await browser.get(done.location?.toString() as string);
    const [order] = await orderRows(checkoutId);
    expect(text(confirmation)).toContain(`Your order number is ${order.number}`);
    expect(text(confirmation)).toContain('1 × Confirmed mug');
    // The checkout page of a completed checkout leads there too.
    expect((await browser.get(`/checkout/${checkoutId}`)).location?.pathname).toBe(`/checkout/${checkoutId}/complete`);
  });

  it('answers an unknown checkout with a not-found page', async () => {
    const page = await new FormClient(server.url).get(`/checkout/${crypto.randomUUID()}`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('Checkout not found');
  });
});

describe('coupons at placement', () => {
  it('counts the use and refuses an order once the usage limit is reached', async () => {
    const code = `ONCE${crypto.randomUUID().slice(0, 6)}`;
    const coupon = await server.services.pricing.coupons.create({ code, name: 'Once', kind: 'AMOUNT', value: '2', usageLimit: 1 });
    const mug = await stockedProduct(server, { price: 10, quantity: 10 });
    const buyers = await Promise.all(
      [visitorClient(server), visitorClient(server)].map(async (shop) => {
        await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
        await shop.currentCart.updateCurrentCart({ couponCode: code });
        const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
        return hostedPage(shop, checkoutId as string);
      }),
    );
    const first = await place(buyers[0].browser, buyers[0].page, filled());
    expect(first.status).toBe(303);
    const second = await place(buyers[1].browser, buyers[1].page, filled());
    expect(second.status).toBe(400);
    expect(second.alert).toContain('The coupon has been used the maximum number of times');
    const row = await server.database.db.selectFrom('coupons').select('times_used').where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(row.times_used).toBe(1);
    expect(await quantityOf(server, mug._id)).toBe(9);
    const [order] = await server.database.db.selectFrom('orders').selectAll().where('coupon_id', '=', coupon.id).execute();
    expect(order.totals).toMatchObject({ subtotal: '10.00', discount: '2.00', total: '13.00' });
  });
});

describe('after placement', () => {
  it('mails the confirmation with the number, lines, totals and payment instructions', async () => {
    const mug = await stockedProduct(server, { name: 'Mailed mug', price: 7, quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id, quantity: 3 }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const email = uniqueEmail('mailed');
    await place(browser, page, filled({ email }));
    const [order] = await orderRows(checkoutId);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe(`Your order ${order.number} at Vitrine demo shop`);
    expect(mail.text).toContain(`Order number: ${order.number}`);
    expect(mail.text).toContain('3 × Mailed mug: $21.00');
    expect(mail.text).toContain('Total: $26.00');
    expect(mail.text).toContain(`Please transfer $26.00 to the shop’s bank account and write the order number ${order.number}`);
    expect(mail.html).toContain(`Order ${order.number}`);
  });

  it('publishes order.created with the order, cart.deleted for the cart, and the product events', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const cartId = (
      await server.database.db.selectFrom('checkouts').select('cart_id').where('id', '=', checkoutId).executeTakeFirstOrThrow()
    ).cart_id as string;
    const { browser, page } = await hostedPage(shop, checkoutId);
    await place(browser, page, filled());
    const [order] = await orderRows(checkoutId);
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'entity_id', 'payload', 'identity'])
      .where('entity_id', 'in', [order.id, cartId, mug._id])
      .orderBy('sequence')
      .execute();
    const visitor = { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: order.visitor_id };
    expect(events.map((event) => `${event.type} ${event.entity_id}`).slice(-4)).toEqual([
      `product.changed ${mug._id}`,
      `product.variants_changed ${mug._id}`,
      `cart.deleted ${cartId}`,
      `order.created ${order.id}`,
    ]);
    const created = events.at(-1);
    expect(created?.identity).toEqual(visitor);
    expect(created?.payload).toMatchObject({
      entity: { id: order.id, number: String(order.number), priceSummary: { total: { amount: '15.00' } } },
    });
  });
});

describe('orders read API', () => {
  it("lets a member read its orders, newest first, and not another member's", async () => {
    const mug = await stockedProduct(server, { name: 'Member mug', quantity: 10 });
    const { client: member } = await memberClient(server);
    const placed: string[] = [];
    for (const quantity of [1, 2]) {
      const checkoutId = await checkoutOf(member, [{ id: mug._id, quantity }]);
      const { browser, page } = await hostedPage(member, checkoutId);
      const done = await place(browser, page, filled());
      placed.push(done.location?.searchParams.get('orderId') as string);
    }
    const order = await member.orders.getOrder(placed[0]);
    expect(order).toMatchObject({ _id: placed[0], status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    expect(order._createdDate).toBeInstanceOf(Date);
    expect(order.lineItems?.[0]).toMatchObject({ name: 'Member mug', quantity: 1, price: { amount: '10.00', formattedAmount: '$10.00' } });
    expect(order.shippingInfo?.address).toMatchObject({ addressLine1: '1 Main St', city: 'Springfield' });
    expect(order.paymentMethod?.title).toBe('Bank transfer');
    const page = await member.orders.searchOrders({ paging: { limit: 1 } });
    expect(page.orders?.map((listed) => listed._id)).toEqual([placed[1]]);
    expect(page.metadata).toEqual({ count: 1, offset: 0, total: 2 });

    const { client: stranger } = await memberClient(server);
    const error = await thrown(stranger.orders.getOrder(placed[0]));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await stranger.orders.searchOrders()).orders).toEqual([]);
  });

  it('lets the merchant read every order', async () => {
    const mug = await stockedProduct(server, { quantity: 10 });
    const placed: string[] = [];
    for (const shop of [visitorClient(server), visitorClient(server)]) {
      const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
      const { browser, page } = await hostedPage(shop, checkoutId);
      placed.push((await place(browser, page, filled())).location?.searchParams.get('orderId') as string);
    }
    const merchant = merchantClient(server);
    const { orders } = await merchant.orders.searchOrders({ paging: { limit: 2 } });
    expect(orders?.map((order) => order._id)).toEqual([...placed].reverse());
    expect((await merchant.orders.getOrder(placed[0]))._id).toBe(placed[0]);
  });

  it('lets a visitor read the orders it placed', async () => {
    const mug = await stockedProduct(server, { quantity: 10 });
    const shop = visitorClient(server);
    const checkoutId = await checkoutOf(shop, [{ id: mug._id }]);
    const { browser, page } = await hostedPage(shop, checkoutId);
    const done = await place(browser, page, filled());
    const orderId = done.location?.searchParams.get('orderId') as string;
    expect((await shop.orders.getOrder(orderId))._id).toBe(orderId);
    const error = await thrown(visitorClient(server).orders.getOrder(orderId));
    expect(error.status).toBe(404);
  });
});
