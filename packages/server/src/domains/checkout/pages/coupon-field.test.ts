import { beforeAll, describe, expect, it } from 'vitest';
import {
  hostedFormFields,
  lineOf,
  quotedPage,
  type ShopperClient,
  stockedProduct,
  visitorClient,
} from '../../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../../test/support/form-client.js';
import { uniqueEmail } from '../../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../../test/support/server-for-file.js';

const server = usShippingServerForFile();
let mugId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  mugId = (await stockedProduct(server, { name: 'Mug', price: 10, quantity: 100 }))._id;
});

type CouponValues = { name?: string; kind?: 'PERCENT' | 'AMOUNT'; value?: string } & Partial<{
  minimum_subtotal: string;
  starts_at: Date;
  expires_at: Date;
  usage_limit: number;
  times_used: number;
  scope: 'PRODUCTS';
  scope_ids: string[];
}>;

/** A new coupon with a unique code (10 % off unless said). */
async function coupon(values: CouponValues = {}): Promise<string> {
  const code = `C${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await server.database.db
    .insertInto('coupons')
    .values({ code, name: values.name ?? 'Ten off', kind: 'PERCENT', value: '10', ...values })
    .execute();
  return code;
}

/** A visitor's cart of `quantity` mugs ($10 each), its checkout, and the hosted page without JavaScript. */
async function hostedCheckout(quantity = 1) {
  const shop: ShopperClient = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mugId, quantity)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const id = checkoutId as string;
  const browser = new FormClient(server.url);
  const page = await browser.get(`/checkout/${id}`);
  expect(page.status).toBe(200);
  return { shop, id, browser, page };
}

/** Posts the whole form to the page's update URL as the coupon buttons do, without following the redirect. */
function postCoupon(checkout: { browser: FormClient; page: Page }, fields: Record<string, string>) {
  const placeForm = checkout.page.form('/place');
  return checkout.browser.submit({ ...placeForm, action: placeForm.action.replace(/\/place$/, '') }, fields);
}

const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** The coupon section's text. */
const couponSection = (page: Page) => text(/<section id="section-coupon"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '');

const total = (page: Page) => /data-testid="order-total">([^<]*)</.exec(page.html)?.[1];
const cartCoupons = async (shop: ShopperClient) =>
  ((await shop.currentCart.getCurrentCart()).appliedDiscounts ?? []).map((appliedDiscount) => appliedDiscount.coupon?.code);

describe('the coupon field of the hosted checkout, without JavaScript (#19)', () => {
  it('applies a code: Post/Redirect/Get, the code and its discount in the field and the totals, and on the cart too', async () => {
    const checkout = await hostedCheckout(2);
    const code = await coupon();
    const answer = await postCoupon(checkout, { couponCode: code.toLowerCase(), couponAction: 'apply' });
    expect(answer.status).toBe(303);
    expect(answer.location?.searchParams.get('coupon')).toBe('applied');
    const page = await checkout.browser.follow(answer);
    expect(couponSection(page)).toContain(`${code} takes $2.00 off your order.`);
    expect(text(page.html)).toContain(`Coupon ${code} -$2.00`);
    expect(total(page)).toBe('$18.00');
    expect(await cartCoupons(checkout.shop)).toEqual([code]);
  });

  it('applies a code typed and sent with Enter (the update button, no coupon button)', async () => {
    const checkout = await hostedCheckout();
    const code = await coupon();
    const page = await checkout.browser.follow(await postCoupon(checkout, { couponCode: code }));
    expect(couponSection(page)).toContain(`${code} takes $1.00 off`);
  });

  it('removes the coupon from the checkout and its cart', async () => {
    const checkout = await hostedCheckout();
    const code = await coupon();
    await postCoupon(checkout, { couponCode: code, couponAction: 'apply' });
    const answer = await postCoupon(checkout, { couponCode: '', couponAction: 'remove' });
    expect(answer.status).toBe(303);
    const page = await checkout.browser.follow(answer);
    expect(couponSection(page)).not.toContain(code);
    expect(total(page)).toBe('$10.00');
    expect(await cartCoupons(checkout.shop)).toEqual([]);
  });

  it('keeps what else was typed when the coupon is applied', async () => {
    const checkout = await hostedCheckout();
    const email = uniqueEmail('coupon');
    const page = await checkout.browser.follow(await postCoupon(checkout, { ...hostedFormFields(email), couponCode: await coupon() }));
    expect(page.html).toContain(`value="${email}"`);
    expect(text(page.html)).toContain('Standard shipping');
  });

  it.each([
    [
      'an unknown code',
      async () => 'NOPE-NOT-A-COUPON',
      422,
      /There is no coupon with the code NOPE-NOT-A-COUPON\. Check the code and try again\./,
    ],
    [
      'an expired coupon',
      () => coupon({ expires_at: new Date('2026-01-15T12:00:00Z') }),
      400,
      /Coupon \w+ has expired \(it ended on 15 January 2026, 12:00 UTC\)\./,
    ],
    [
      'a coupon not valid yet',
      () => coupon({ starts_at: new Date(Date.now() + 30 * DAY) }),
      400,
      /Coupon \w+ is not valid yet: it can be used from \d+ \w+ \d{4}, \d{2}:\d{2} UTC\./,
    ],
    ['a used-up coupon', () => coupon({ usage_limit: 3, times_used: 3 }), 400, /Coupon \w+ has reached its usage limit\./],
  ])('refuses %s next to the field, keeping the code typed and the totals', async (_name, make, status, reason) => {
    const checkout = await hostedCheckout();
    const code = await make();
    const page = await postCoupon(checkout, { couponCode: code, couponAction: 'apply' });
    expect(page.status).toBe(status);
    expect(page.alert).toMatch(reason);
    expect(page.html).toMatch(new RegExp(`id="field-couponCode"[^>]*value="${code}"`));
    expect(total(page)).toBe('$10.00');
    expect(await cartCoupons(checkout.shop)).toEqual([]);
  });

  it('keeps a coupon below its minimum but says it does not apply, the minimum, and how much more to add', async () => {
    const checkout = await hostedCheckout(2);
    const code = await coupon({ minimum_subtotal: '50' });
    const page = await checkout.browser.follow(await postCoupon(checkout, { couponCode: code, couponAction: 'apply' }));
    expect(couponSection(page)).toContain(
      `${code} Not applied: Coupon ${code} needs a subtotal of at least $50.00 on the items it applies to. Add $30.00 more to use it.`,
    );
    expect(total(page)).toBe('$20.00');
  });

  it('says a coupon for other products does not apply to these', async () => {
    const checkout = await hostedCheckout();
    const code = await coupon({ scope: 'PRODUCTS', scope_ids: [crypto.randomUUID()] });
    const page = await checkout.browser.follow(await postCoupon(checkout, { couponCode: code, couponAction: 'apply' }));
    expect(couponSection(page)).toContain(`Not applied: Coupon ${code} does not apply to any item in the cart`);
    expect(total(page)).toBe('$10.00');
  });
});

describe('the checkout and its cart share the coupon (#19)', () => {
  it('shows a coupon applied in the cart after the checkout was made', async () => {
    const checkout = await hostedCheckout();
    const code = await coupon();
    await checkout.shop.currentCart.updateCurrentCart({ couponCode: code });
    const page = await checkout.browser.get(`/checkout/${checkout.id}`);
    expect(couponSection(page)).toContain(`${code} takes $1.00 off`);
    expect(total(page)).toBe('$9.00');
  });

  it('does not place an order at a coupon the page did not show: the page shows the new total instead', async () => {
    const checkout = await hostedCheckout();
    const fields = hostedFormFields(uniqueEmail('coupon'));
    const shown = await quotedPage(checkout.browser, checkout.page, fields);
    await checkout.shop.currentCart.updateCurrentCart({ couponCode: await coupon() });
    const answer = await checkout.browser.submit(shown.form('/place'), fields);
    expect(answer.status).toBe(303);
    expect(answer.location?.searchParams.get('changedFrom')).toBe('1500');
    const rows = await server.database.db.selectFrom('orders').select('id').where('checkout_id', '=', checkout.id).execute();
    expect(rows).toEqual([]);
  });

  it('applies a code typed but not applied when "Place order" is pressed, placing nothing until the buyer saw the new total', async () => {
    const checkout = await hostedCheckout(2);
    const fields = hostedFormFields(uniqueEmail('coupon'));
    const shown = await quotedPage(checkout.browser, checkout.page, fields);
    expect(total(shown)).toBe('$25.00');
    const code = await coupon();
    const answer = await checkout.browser.submit(shown.form('/place'), { ...fields, couponCode: code });
    expect(answer.status).toBe(303);
    expect(answer.location?.searchParams.get('changedFrom')).toBe('2500');
    const page = await checkout.browser.follow(answer);
    expect(text(page.html)).toContain('Your total is now $23.00 (this page showed $25.00)');
    expect(couponSection(page)).toContain(`${code} takes $2.00 off`);
    const rows = await server.database.db.selectFrom('orders').select('id').where('checkout_id', '=', checkout.id).execute();
    expect(rows).toEqual([]);
  });

  it('places the order with the discount the page showed', async () => {
    const checkout = await hostedCheckout(2);
    const fields = hostedFormFields(uniqueEmail('coupon'));
    await postCoupon(checkout, { ...fields, couponCode: await coupon(), couponAction: 'apply' });
    const shown = await quotedPage(checkout.browser, checkout.page, fields);
    expect(total(shown)).toBe('$23.00');
    const placed = await checkout.browser.submit(shown.form('/place'), fields);
    expect(placed.status).toBe(303);
    const order = await server.database.db
      .selectFrom('orders')
      .selectAll()
      .where('checkout_id', '=', checkout.id)
      .executeTakeFirstOrThrow();
    expect(order.totals).toMatchObject({ subtotal: '20.00', discount: '2.00', total: '23.00' });
  });
});
