/**
 * Delivery time slots end to end: every upcoming slot of an option is offered as its own option in
 * estimate-totals, the slot the cart's selectedShippingOption names is priced and shown as selected,
 * and the slot chosen on the hosted page reaches the order the member reads.
 */
import type { CarrierServiceOption, ShippingOption } from '@vitrine/sdk';
import { chosenTimeText } from '@vitrine/sdk/wording';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hostedFormFields,
  lineOf,
  memberClient,
  placeFromPage,
  stockedProduct,
  visitorClient,
} from '../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { slotOptionCode } from '../cart/totals/shipping.js';

const SDK_ADDRESS = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'US-IL', country: 'US' };
const day = 24 * 3600 * 1000;
const at = (days: number, hours: number) => new Date(Math.floor(Date.now() / day) * day + days * day + hours * 3600 * 1000).toISOString();
const PAST = { from: at(-2, 9), to: at(-2, 12) };
const MORNING = { from: at(3, 9), to: at(3, 12) };
const EVENING = { from: at(3, 17), to: at(3, 20) };
const MORNING_CODE = slotOptionCode('courier', MORNING);
const EVENING_CODE = slotOptionCode('courier', EVENING);

const server = testServerForFile();
beforeAll(async () => {
  const admin = server.services.pricing.shipping;
  const region = await admin.createRegion({ name: 'United States', countries: ['US'] });
  await admin.addOption(region.id, { code: 'standard', title: 'Standard', kind: 'FLAT', price: '5.00' });
  // Slots out of order, one already over: the offer is the upcoming ones, earliest first.
  await admin.addOption(region.id, { code: 'courier', title: 'Courier', kind: 'FLAT', price: '9.00', timeSlots: [EVENING, PAST, MORNING] });
});

const iso = (date: Date | null | undefined) => date?.toISOString();

describe('delivery time slots', () => {
  it('offers each upcoming slot of an option as its own option, with its slot', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const estimate = await shop.currentCart.estimateCurrentCartTotals({ shippingAddress: SDK_ADDRESS });
    const offered =
      estimate.shippingInfo?.carrierServiceOptions?.flatMap(
        (carrierServiceOption: CarrierServiceOption) => carrierServiceOption.shippingOptions ?? [],
      ) ?? [];
    expect(offered.map((shippingOption: ShippingOption) => shippingOption.code).sort()).toEqual(
      [EVENING_CODE, MORNING_CODE, 'standard'].sort(),
    );
    const evening = offered.find((shippingOption: ShippingOption) => shippingOption.code === EVENING_CODE);
    expect(evening?.title).toBe('Courier');
    expect(evening?.cost?.price?.amount).toBe('9.00');
    expect({ from: iso(evening?.logistics?.deliveryTimeSlot?.from), to: iso(evening?.logistics?.deliveryTimeSlot?.to) }).toEqual(EVENING);
  });

  it("honours the slot the cart's selectedShippingOption names, in totals and as the selected option", async () => {
    const mug = await stockedProduct(server, { price: 10, quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    await shop.currentCart.updateCurrentCart({
      cartInfo: { contactInfo: { address: SDK_ADDRESS }, selectedShippingOption: { code: EVENING_CODE } },
    });
    const estimate = await shop.currentCart.estimateCurrentCartTotals();
    const selected = estimate.shippingInfo?.selectedCarrierServiceOption;
    expect(selected).toMatchObject({ code: EVENING_CODE, title: 'Courier', requestedShippingOption: true });
    expect({ from: iso(selected?.logistics?.deliveryTimeSlot?.from), to: iso(selected?.logistics?.deliveryTimeSlot?.to) }).toEqual(EVENING);
    expect(estimate.priceSummary).toMatchObject({ shipping: { amount: '9.00' }, total: { amount: '19.00' } });
  });

  it("reads the option's own code as its earliest slot, and a slot that is over as no option", async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const plain = await shop.currentCart.estimateCurrentCartTotals({
      shippingAddress: SDK_ADDRESS,
      selectedShippingOption: { code: 'courier' },
    });
    expect(plain.shippingInfo?.selectedCarrierServiceOption).toMatchObject({ code: MORNING_CODE, requestedShippingOption: true });
    const over = await shop.currentCart.estimateCurrentCartTotals({
      shippingAddress: SDK_ADDRESS,
      selectedShippingOption: { code: slotOptionCode('courier', PAST) },
    });
    expect(over.shippingInfo?.selectedCarrierServiceOption).toMatchObject({ code: 'standard', requestedShippingOption: false });
  });

  it('carries the chosen slot through the checkout into the order', async () => {
    const mug = await stockedProduct(server, { price: 10, quantity: 5 });
    const { client: member } = await memberClient(server);
    await member.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const { checkoutId } = await member.currentCart.createCheckoutFromCurrentCart({
      shippingAddress: SDK_ADDRESS,
      selectedShippingOption: { code: EVENING_CODE },
    });
    const { redirectSession } = await member.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks: { thankYouPageUrl: 'http://127.0.0.1:4000/thank-you' },
    });
    const browser = new FormClient(server.url);
    const page = await browser.get(redirectSession?.fullUrl as string);
    // The hosted page shows the option once, its slots as times to choose from (UTC: the option names no zone).
    expect(page.html).toContain(`value="${EVENING_CODE}" selected=""`);
    expect(page.html).toContain('5 PM – 8 PM');
    expect(page.html).toContain('Times in UTC');
    expect(page.html.match(/name="shippingOption"/g)).toHaveLength(2);
    const buyer = uniqueEmail('slot');
    const done = await placeFromPage(browser, page, {
      ...hostedFormFields(buyer),
      shippingOption: 'courier',
      timeSlot: EVENING_CODE,
    });
    const orderId = done.location?.searchParams.get('orderId') as string;
    expect(orderId).toBeTruthy();
    const order = await member.orders.getOrder(orderId);
    expect(order.priceSummary?.shipping?.amount).toBe('9.00');
    expect(order.shippingInfo).toMatchObject({ code: EVENING_CODE, title: 'Courier' });
    const slot = (order.shippingInfo as { deliveryTimeSlot?: { from?: unknown; to?: unknown } }).deliveryTimeSlot;
    expect({ from: new Date(String(slot?.from)).toISOString(), to: new Date(String(slot?.to)).toISOString() }).toEqual(EVENING);
    // the SDK reads its times as dates, with the zone the buyer read them in (the shop's: the option names none)
    expect(order.shippingInfo?.deliveryTimeSlot?.from).toBeInstanceOf(Date);
    expect(order.shippingInfo?.deliveryTimeSlot?.timeZone).toBe('UTC');
    // the order mail says when (the hosted confirmation page's own test: hosted-checkout-totals)
    const when = `on ${chosenTimeText({ ...EVENING, timeZone: 'UTC' })}`;
    expect(when).toMatch(/^on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 5 PM – 8 PM \(UTC\)$/);
    const [mail] = await mailsTo(server.url, buyer);
    expect(mail?.text).toContain(when);
  });

  it('shows the slots of an option that names no time zone in the shop’s (#20)', async () => {
    const settings = (timeZone: string) => merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', { timeZone });
    expect((await settings('Asia/Tokyo')).status).toBe(200);
    try {
      const mug = await stockedProduct(server, { quantity: 5 });
      const shop = visitorClient(server);
      await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
      const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({ shippingAddress: SDK_ADDRESS });
      const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
      const page = await new FormClient(server.url).get(redirectSession?.fullUrl as string);
      // 17:00–20:00 UTC is 2:00–5:00 the next morning in Tokyo (UTC+9, no summer time).
      expect(page.html).toContain('2 AM – 5 AM');
      expect(page.html).toContain('Times in Japan Standard Time');
      expect(page.html).not.toContain('5 PM – 8 PM');
    } finally {
      await settings('UTC');
    }
  });

  it("shows a pickup with many slots as one option, its times in the location's own time zone (#19)", async () => {
    const admin = server.services.pricing.shipping;
    const region = await admin.createRegion({ name: 'Canada', countries: ['CA'] });
    // 28 slots: two a day for two weeks, 10–12 and 16–18 in Toronto (UTC−5 in winter, UTC−4 in summer).
    const slots = Array.from({ length: 28 }, (_, i) => ({
      from: at(1 + Math.floor(i / 2), i % 2 ? 20 : 14),
      to: at(1 + Math.floor(i / 2), i % 2 ? 22 : 16),
    }));
    await admin.addOption(region.id, {
      code: 'toronto',
      title: 'Store pickup (Toronto)',
      kind: 'PICKUP',
      price: '0',
      pickup: {
        method: 'STORE_PICKUP',
        address: { addressLine: '1 Queen St', city: 'Toronto', country: 'CA' },
        timeZone: 'America/Toronto',
      },
      timeSlots: slots,
    });
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({
      shippingAddress: { addressLine1: '2 King St', city: 'Toronto', country: 'CA' },
    });
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
    const page = await new FormClient(server.url).get(redirectSession?.fullUrl as string);
    expect(page.html.match(/name="shippingOption"/g)).toHaveLength(1);
    expect(page.html.match(/Pick up at 1 Queen St/g)).toHaveLength(1);
    const times = [...page.html.matchAll(/<option value="toronto@[^"]*"[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
    expect(times).toHaveLength(28);
    // slots on the hour read without ":00"
    const toronto = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', hour: 'numeric' });
    expect(times[0]).toContain(`${toronto.format(new Date(slots[0].from))} – `);
    expect(times.join()).not.toContain('UTC');
    // the zone once, for the whole list: the year-round name, whatever the summer time of each slot
    expect(page.html.match(/Times in Eastern Time/g)).toHaveLength(1);
  });
});
